// issue 19: the twin's drifted-data scenario. Every catalog list carries odd records while the rest stays
// the demo's own data; the model leaves exactly the odd ones out; the storefront's client boots, prices
// and orders with the valid remainder.
import { describe, expect, it } from "vitest";
import { createDemoUpstream, DEMO_CITIES, DEMO_MENUS, DEMO_RESTOS, restoSummary } from "../../server/demo";
import { DRIFT_GROUP_ID, DRIFT_IDS } from "../../server/demo/drifted";
import { createUpstream } from "../../server/upstream";
import {
  citiesSchema,
  deliveriesPageSchema,
  positionGroupsSchema,
  positionModifiersListSchema,
  positionsSchema,
  positionTimeSlotsSchema,
  promotionsSchema,
  restoSchema,
  restoSummariesSchema,
  workingHoursListSchema,
} from "~/lib/model";
import type { DroppedRecord } from "~/lib/record-list";
import { makeTwin, orderPayload, preflightPayload } from "./helpers";
import { atDaytime } from "../context";

function drifted() {
  const twin = makeTwin();
  twin.store.setScenario({ driftHolders: 1 });
  return twin;
}

/** the same path parsed without drift and with it: [normal, drifted remainder, drops] */
async function both<T>(
  path: string,
  parse: (get: ReturnType<typeof makeTwin>["getParsed"], drops?: DroppedRecord[]) => Promise<T>,
) {
  const plain = makeTwin();
  const normal = await parse(plain.getParsed);
  const drops: DroppedRecord[] = [];
  const remainder = await parse(drifted().getParsed, drops);
  return { normal, remainder, drops, path };
}

describe("the drifted scenario: odd records added to every list, the rest unchanged", () => {
  const lists = [
    ["/1/p/cities", citiesSchema],
    ["/1/p/restos?cityId=115", restoSummariesSchema],
    ["/1/p/restos/173", restoSchema],
    ["/1/restos/173/deliveries?size=100", deliveriesPageSchema],
    ["/1/p/menus/502/position-groups", positionGroupsSchema],
    ["/1/p/menus/502/positions", positionsSchema],
    ["/1/restos/176/positions/modifiers", positionModifiersListSchema],
    ["/1/restos/173/position-time-slots", positionTimeSlotsSchema],
    ["/1/restos/173/working-hours", workingHoursListSchema],
    ["/1/restos/173/promotions", promotionsSchema],
  ] as const;

  it.each(lists)("%s: the remainder is the normal answer, and something was left out", async (path, schema) => {
    const { normal, remainder, drops } = await both(path, (get, d) => get(path, schema, d));
    // a page's totalElements counts what the upstream sent, odd records included
    const records = (answer: unknown) => (answer && typeof answer === "object" && "content" in answer ? answer.content : answer);
    expect(records(remainder)).toEqual(records(normal));
    expect(drops.length).toBeGreaterThan(0);
  });

  it("the main menu gains one valid section 'Новинки' with its two unusual positions, and nothing else", async () => {
    const groups = await both("groups", (get, d) => get("/1/p/menus/501/position-groups", positionGroupsSchema, d));
    expect(groups.remainder).toEqual([...groups.normal, expect.objectContaining({ id: DRIFT_GROUP_ID, name: "Новинки" })]);
    const positions = await both("positions", (get, d) => get("/1/p/menus/501/positions", positionsSchema, d));
    expect(positions.remainder).toEqual([
      ...positions.normal,
      expect.objectContaining({
        id: DRIFT_IDS.khachapuri,
        measure: { value: 0.5, unit: "kg" },
        photos: [{ url: "/demo/photos/bakery.webp" }],
      }),
      expect.objectContaining({ id: DRIFT_IDS.lavash, order: 0, description: "", cookingTime: null }),
      // a valid record of a section that is itself left out: the resto catalog does not sell it (boot.ts)
      expect.objectContaining({ id: DRIFT_IDS.inConflictingGroup }),
    ]);
    // every kind of drift the issue names is there, and each odd record is left out once
    expect(positions.drops.map((d) => [d.id, d.fields.join(","), d.reason])).toEqual([
      [null, "url", "invalid"], // a photo without url, inside the kept khachapuri
      [DRIFT_IDS.fractionalPrice, "price", "invalid"],
      [DRIFT_IDS.negativePrice, "price", "invalid"],
      [DRIFT_IDS.nullName, "name", "invalid"],
      [null, "id", "invalid"],
      [DRIFT_IDS.stringPrice, "price", "invalid"],
      [DRIFT_IDS.conflicting, "id", "conflict"],
      [DRIFT_IDS.conflicting, "id", "conflict"],
      [DRIFT_IDS.oddGroupRef, "positionGroup.id", "invalid"],
    ]);
    expect(positions.drops[0]).toMatchObject({ resource: "photos", at: `[${positions.normal.length}].photos[0]` });
    expect(groups.drops.map((d) => [d.id, d.fields.join(","), d.reason])).toEqual([
      [50198, "name", "invalid"],
      [50196, "isAdult", "invalid"],
      [50197, "id", "conflict"],
      [50197, "id", "conflict"],
    ]);
  });

  it("unknown enum values and methods: a day, a delivery method, a payment method", async () => {
    const resto = await both("resto", (get, d) => get("/1/p/restos/173", restoSchema, d));
    expect(resto.drops.map((d) => [d.resource, d.id])).toEqual(
      expect.arrayContaining([
        ["opening-hours", "HOLIDAY"],
        ["delivery-methods", "table"],
        ["payment-methods", "sbp"],
        ["menus", null],
        ["menus", "9201"],
      ]),
    );
    const hours = await both("hours", (get, d) => get("/1/restos/173/working-hours", workingHoursListSchema, d));
    expect(hours.drops.map((d) => [d.resource, d.id])).toEqual([
      ["opening-hours", "FUNDAY"],
      ["working-hours", "TABLE"],
    ]);
  });

  it("drift is additive for every resto and menu of the demo: each remainder equals the normal answer", async () => {
    for (const { resto } of DEMO_RESTOS) {
      for (const path of [`/1/p/restos/${resto.id}`, `/1/restos/${resto.id}/promotions`, `/1/restos/${resto.id}/working-hours`]) {
        const schema = path.endsWith("promotions")
          ? promotionsSchema
          : path.endsWith("hours")
            ? workingHoursListSchema
            : restoSchema;
        const { normal, remainder } = await both(path, (get, d) => get(path, schema, d));
        expect(remainder).toEqual(normal);
      }
    }
    for (const menu of DEMO_MENUS.filter((m) => m.ref.id !== 501)) {
      const path = `/1/p/menus/${menu.ref.id}/positions`;
      const { normal, remainder } = await both(path, (get, d) => get(path, positionsSchema, d));
      expect(remainder).toEqual(normal);
    }
    expect(await drifted().getParsed("/1/p/cities", citiesSchema, [])).toEqual(DEMO_CITIES);
    expect(await drifted().getParsed("/1/p/restos?cityId=116", restoSummariesSchema, [])).toEqual(
      DEMO_RESTOS.filter((r) => r.cityId === 116).map(restoSummary),
    );
  });

  it("holders at 0 (or a reset) bring the plain answers back", async () => {
    const twin = drifted();
    twin.store.setScenario({ driftHolders: 0 });
    expect(await twin.getParsed("/1/p/menus/501/positions", positionsSchema)).toEqual(DEMO_MENUS[0]!.positions);
    twin.store.setScenario({ driftHolders: 2 });
    twin.store.reset();
    expect(twin.store.scenario.driftHolders).toBe(0);
  });
});

describe("the storefront's client against the drifted twin", () => {
  function setup() {
    const twin = createDemoUpstream();
    twin.store.setScenario({ driftHolders: 1 });
    // an order 'as soon as possible' needs the restaurant open: a weekday noon, whatever the hour of the run
    atDaytime(twin.store);
    const logged: Record<string, unknown>[] = [];
    const upstream = createUpstream({
      baseUrl: twin.baseUrl,
      fetch: twin.fetch,
      whiteLabel: "demo-pizza",
      apiKey: "demo-api-key",
      logger: (_level, msg, fields) => {
        if (msg === "upstream record dropped") logged.push(fields ?? {});
      },
    });
    return { twin, upstream, logged };
  }

  it("boots the area and the resto: the valid remainder is served, each odd record logged once", async () => {
    const { upstream, logged } = setup();
    const area = await upstream.boot.loadAreaData(115);
    expect(area.restos.map((r) => r.id)).toEqual([173, 174, 175]);
    const catalog = await upstream.boot.loadRestoCatalog(173);
    const main = catalog.menus.find((m) => m.menu.id === 501)!;
    const ids = main.positions.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([DRIFT_IDS.khachapuri, DRIFT_IDS.lavash]));
    for (const gone of [
      DRIFT_IDS.fractionalPrice,
      DRIFT_IDS.negativePrice,
      DRIFT_IDS.conflicting,
      DRIFT_IDS.inConflictingGroup,
    ]) {
      expect(ids).not.toContain(gone);
    }
    expect(main.groups.map((g) => g.name)).toContain("Новинки");
    expect(catalog.modifiersByPosition[DRIFT_IDS.khachapuri]!.map((g) => g.items.map((i) => i.name))).toEqual([["Сырный соус"]]);
    const at = logged.map((l) => `${String(l.path)} ${String(l.at)}`);
    expect(new Set(at).size).toBe(at.length);
    expect(new Set(logged.map((l) => l.resource))).toEqual(
      new Set([
        "restos",
        "menus",
        "opening-hours",
        "photos",
        "payment-methods",
        "delivery-methods",
        "delivery-zones",
        "delivery-rules",
        "position-groups",
        "positions",
        "modifiers",
        "modifier-groups",
        "modifier-items",
        "time-slots",
        "time-slot-details",
        "working-hours",
        "promotions",
      ]),
    );
    // a warm boot parses nothing: no new log lines
    const before = logged.length;
    await upstream.boot.loadRestoCatalog(173);
    expect(logged).toHaveLength(before);
  });

  it("prices and orders a drift-only position with its valid modifier; the dropped modifier is refused", async () => {
    const { twin, upstream } = setup();
    const phone = "+79001112299";
    await upstream.auth.requestPhoneCode({ phone, captchaToken: null });
    const tokens = await upstream.auth.signInPhone({ phone, captchaToken: null, code: twin.store.peekSmsCode(phone)! });
    const me = await upstream.profile.me(tokens.accessToken);
    const person = { personId: me.id, accessToken: tokens.accessToken };
    const khachapuri = (itemId: number) => ({
      id: DRIFT_IDS.khachapuri,
      count: 1,
      name: "Хачапури по-аджарски",
      price: 49000,
      sum: 49000,
      modifiers: [{ id: itemId, modifierId: 9, count: 1, price: 0 }],
    });
    const answer = await upstream.orders.preflight(preflightPayload({ positions: [khachapuri(701)] }), person);
    expect(answer.positions[0]).toMatchObject({ id: DRIFT_IDS.khachapuri, sum: 54000 });
    await expect(upstream.orders.preflight(preflightPayload({ positions: [khachapuri(702)] }), person)).rejects.toMatchObject({
      code: "person-order.modifier-not-found",
    });
    const order = await upstream.orders.createOrder(person, orderPayload({ positions: [khachapuri(701)] }));
    expect(order.total).toBeGreaterThanOrEqual(54000);
  });
});
