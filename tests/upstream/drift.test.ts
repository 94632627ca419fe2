/**
 * Issue 19 contract tests: every list answer with drifted records. The valid remainder is served, each
 * bad record is left out exactly once with one log line (resource, id, field paths, never values) and one
 * count of upstream_records_dropped_total{resource}; a cache hit logs nothing; a whole answer of the
 * wrong shape still fails.
 */
import { http as mock, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_PRICE_MINOR } from "~/lib/constants";
import { ApiError } from "~server/upstream/errors";
import type { Upstream } from "~server/upstream";
import { addTelemetrySink, type Labels } from "~server/telemetry";
import * as f from "./fixtures";
import { BASE } from "./fixtures";
import { makeUpstream, setupMswServer } from "./helpers";

const server = setupMswServer();

interface Line {
  level: string;
  msg: string;
  fields: Record<string, unknown>;
}
let lines: Line[] = [];
let counted: { name: string; labels: Labels; by: number }[] = [];
let unsubscribe = () => {};

beforeEach(() => {
  lines = [];
  counted = [];
  const remove = addTelemetrySink({
    count: (name, labels, by) => void counted.push({ name, labels, by }),
    observe: () => {},
    set: () => {},
  });
  unsubscribe = () => void remove();
});
afterEach(() => unsubscribe());

function upstream(): Upstream {
  return makeUpstream({ logger: (level, msg, fields = {}) => void lines.push({ level, msg, fields }) });
}

const dropLines = () => lines.filter((l) => l.msg === "upstream record dropped");

interface ExpectedDrop {
  resource: string;
  id: number | string | null;
  fields: string[];
  at?: string;
  reason?: string;
}

/** one log line per expected drop (in order) and one metric count per drop, nothing else */
function expectDrops(expected: ExpectedDrop[]) {
  const drops = dropLines();
  expect(drops.map((l) => l.level)).toEqual(expected.map(() => "warn"));
  expect(drops.map((l) => l.fields)).toEqual(
    expected.map((e) =>
      expect.objectContaining({
        resource: e.resource,
        id: e.id,
        fields: e.fields,
        ...(e.at ? { at: e.at } : {}),
        ...(e.reason ? { reason: e.reason } : {}),
      }),
    ),
  );
  const metric = counted.filter((c) => c.name === "upstream_records_dropped_total");
  expect(metric.map((c) => [c.labels.resource, c.by])).toEqual(expected.map((e) => [e.resource, 1]));
}

const city2 = { ...f.city, id: 118, name: "Тверь" };
const pos = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  menu: { id: 1 },
  positionGroup: { id: 11 },
  name: `Позиция ${id}`,
  price: 10000,
  ...extra,
});
const parsedPos = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  menu: { id: 1 },
  positionGroup: { id: 11 },
  name: `Позиция ${id}`,
  description: "",
  price: 10000,
  photos: [],
  measure: null,
  cookingTime: null,
  order: 0,
  hasModifiers: false,
  ...extra,
});

describe("issue 19: each list answer serves its valid records and drops each bad one once", () => {
  it("cities: a null name, a missing id, a string id, an exact duplicate; an unreadable zoom is the default", async () => {
    const { id: _id, ...noId } = f.city;
    server.use(
      mock.get(`${BASE}/1/p/cities`, () =>
        HttpResponse.json([
          f.city,
          { ...f.city, id: 116, name: null },
          { ...noId, name: "Без id" },
          { ...f.city, id: "117" },
          f.city,
          { ...city2, zoom: "far", population: 400_000 },
        ]),
      ),
    );
    const { value } = await upstream().catalog.cities();
    expect(value).toEqual([f.city, { ...city2, zoom: 12 }]);
    expectDrops([
      { resource: "cities", id: 116, fields: ["name"], at: "[1]", reason: "invalid" },
      { resource: "cities", id: null, fields: ["id"], at: "[2]" },
      { resource: "cities", id: "117", fields: ["id"], at: "[3]" },
      { resource: "cities", id: 115, fields: ["id"], at: "[4]", reason: "duplicate" },
    ]);
  });

  it("restos: one id with two different records is not trusted at all; a name that is a number", async () => {
    server.use(
      mock.get(`${BASE}/1/p/restos`, () =>
        HttpResponse.json([
          f.restoSummaries[0],
          { id: 175, name: "Север", cityIds: [115] },
          { id: 174, name: 5, cityIds: [115] },
          { id: 175, name: "Север 2", cityIds: [115] },
          { id: 176, name: "Юг", cityIds: "115" },
        ]),
      ),
    );
    const { value } = await upstream().catalog.restos(115);
    expect(value).toEqual([f.restoSummaries[0], { id: 176, name: "Юг", cityIds: [] }]);
    expectDrops([
      { resource: "restos", id: 175, fields: ["id"], at: "[1]", reason: "conflict" },
      { resource: "restos", id: 174, fields: ["name"], at: "[2]" },
      { resource: "restos", id: 175, fields: ["id"], at: "[3]", reason: "conflict" },
    ]);
  });

  it("a resto: its menus, opening hours and photos are lists; unknown payment and delivery methods are ignored", async () => {
    const base = f.resto(173);
    server.use(
      mock.get(`${BASE}/1/p/restos/173`, () =>
        HttpResponse.json({
          ...base,
          menus: [...base.menus, { id: null, name: "Без id" }, { id: 3, name: "Зал", isTable: "yes", order: "1" }],
          openingHours: [...base.openingHours, { dayOfWeek: "HOLIDAY", active: true, open: "10:00", close: "12:00" }],
          photos: [{ url: "https://img.test/r.jpg", size: "XXL" }, { url: null }],
          tags: [{ id: 9, code: "brand-new-tag", name: "Новое" }],
          payConfig: {
            delivery: { ...base.payConfig.delivery, sbp: true },
            takeAway: base.payConfig.takeAway,
            table: { cashUponReceipt: true },
          },
          description: null,
        }),
      ),
    );
    const { value } = await upstream().catalog.resto(173);
    expect(value.menus.map((m) => [m.id, m.isTable, m.order])).toEqual([
      [1, false, 1],
      [2, false, 2],
      [3, false, 0],
    ]);
    expect(value.openingHours).toEqual(base.openingHours);
    expect(value.photos).toEqual([{ url: "https://img.test/r.jpg" }]);
    expect(value.tags).toEqual([{ id: 9, code: "brand-new-tag", name: "Новое" }]);
    expect(value.payConfig).toEqual(base.payConfig);
    expect(value.description).toBe("");
    expectDrops([
      { resource: "photos", id: null, fields: ["url"], at: "photos[1]" },
      { resource: "menus", id: null, fields: ["id"], at: "menus[2]" },
      { resource: "opening-hours", id: "HOLIDAY", fields: ["dayOfWeek"], at: "openingHours[1]" },
      { resource: "delivery-methods", id: "table", fields: [], at: "payConfig", reason: "unknown" },
      { resource: "payment-methods", id: "sbp", fields: [], at: "payConfig.delivery", reason: "unknown" },
    ]);
  });

  it("a resto whose own id or name is unreadable is a wrong answer, not a drop", async () => {
    server.use(mock.get(`${BASE}/1/p/restos/173`, () => HttpResponse.json({ ...f.resto(173), name: null })));
    const error = await upstream()
      .catalog.resto(173)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("invalid-response");
    expect(dropLines()).toEqual([]);
  });

  it("delivery zones and their rules: a fractional delivery price drops the rule, a zone without polygon or id goes", async () => {
    const page = f.deliveriesPage(173);
    const zone = page.content[0]!;
    const { id: _id, ...noId } = zone;
    server.use(
      mock.get(`${BASE}/1/restos/173/deliveries`, () =>
        HttpResponse.json({
          content: [
            { ...zone, rules: [...zone.rules, { deliveryPrice: 99.5, time: 30, minOrderPrice: 0, maxOrderPrice: 70000 }] },
            { ...zone, id: 2, polygon: null },
            { ...noId, name: "Без id" },
          ],
          totalElements: "3",
        }),
      ),
    );
    const { value } = await upstream().delivery.zones(173);
    expect(value).toEqual([zone]);
    expectDrops([
      { resource: "delivery-rules", id: null, fields: ["deliveryPrice"], at: "content[0].rules[2]" },
      { resource: "delivery-zones", id: 2, fields: ["polygon"], at: "content[1]" },
      { resource: "delivery-zones", id: null, fields: ["id"], at: "content[2]" },
    ]);
  });

  it("a zone whose ring is empty or too short goes alone (an empty ring once threw and failed every zone as a network error)", async () => {
    const zone = f.deliveriesPage(173).content[0]!;
    const ring = zone.polygon.coordinates[0]!;
    server.use(
      mock.get(`${BASE}/1/restos/173/deliveries`, () =>
        HttpResponse.json({
          content: [
            { ...zone, id: 1, polygon: { ...zone.polygon, coordinates: [[]] } },
            zone,
            { ...zone, id: 3, polygon: { ...zone.polygon, coordinates: [ring.slice(0, 2)] } },
          ],
          totalElements: 3,
        }),
      ),
    );
    const { value } = await upstream().delivery.zones(173);
    expect(value).toEqual([zone]);
    expectDrops([
      { resource: "delivery-zones", id: 1, fields: ["polygon.coordinates[0]"], at: "content[0]" },
      { resource: "delivery-zones", id: 3, fields: ["polygon.coordinates[0]"], at: "content[2]" },
    ]);
  });

  it("a deliveries page without content still fails as a wrong answer", async () => {
    server.use(mock.get(`${BASE}/1/restos/173/deliveries`, () => HttpResponse.json({ items: [] })));
    await expect(upstream().delivery.zones(173)).rejects.toMatchObject({ code: "invalid-response" });
  });

  it("position groups: an unreadable 18+ flag drops the group (never shown as not 18+), a null name too", async () => {
    server.use(
      mock.get(`${BASE}/1/p/menus/1/position-groups`, () =>
        HttpResponse.json([...f.groups(1), { id: 13, menuId: 1, name: "Бар", isAdult: null }, { id: 14, menuId: 1, name: null }]),
      ),
    );
    const { value } = await upstream().catalog.positionGroups(1);
    expect(value.map((g) => g.id)).toEqual([12, 11]);
    expectDrops([
      { resource: "position-groups", id: 13, fields: ["isAdult"] },
      { resource: "position-groups", id: 14, fields: ["name"] },
    ]);
  });

  it("positions: untrusted prices are not sold, an unknown unit is kept, display fields fall back, logs carry no values", async () => {
    const { id: _id, ...noId } = pos(0);
    server.use(
      mock.get(`${BASE}/1/p/menus/1/positions`, () =>
        HttpResponse.json([
          pos(101),
          pos(104, { price: 450.5 }),
          pos(105, { price: -100 }),
          pos(106, { name: null, description: "Иван Петров +79991234567" }),
          { ...noId, name: "Без id" },
          pos(107, { price: "secret-450" }),
          pos(108, { measure: { value: 0.5, unit: "kg" } }),
          pos(109, { order: "10", description: null, cookingTime: "long", measure: { value: "1", unit: "g" }, spicy: true }),
          pos(110, { price: 100 }),
          pos(110, { price: 1000 }),
          pos(111, { positionGroup: { id: "pizza" } }),
        ]),
      ),
    );
    const { value } = await upstream().catalog.positions(1);
    expect(value).toEqual([parsedPos(101), parsedPos(108, { measure: { value: 0.5, unit: "kg" } }), parsedPos(109)]);
    expectDrops([
      { resource: "positions", id: 104, fields: ["price"], at: "[1]" },
      { resource: "positions", id: 105, fields: ["price"], at: "[2]" },
      { resource: "positions", id: 106, fields: ["name"], at: "[3]" },
      { resource: "positions", id: null, fields: ["id"], at: "[4]" },
      { resource: "positions", id: 107, fields: ["price"], at: "[5]" },
      { resource: "positions", id: 110, fields: ["id"], at: "[8]", reason: "conflict" },
      { resource: "positions", id: 110, fields: ["id"], at: "[9]", reason: "conflict" },
      { resource: "positions", id: 111, fields: ["positionGroup.id"], at: "[10]" },
    ]);
    const text = JSON.stringify(lines);
    for (const value of ["Иван", "79991234567", "secret", "450.5", "-100"]) expect(text).not.toContain(value);
    expect(dropLines()[0]!.fields.path).toBe("/1/p/menus/1/positions");
  });

  it("prices beyond belief (above MAX_PRICE_MINOR, or past JavaScript's safe integers) are not sold: a cart could not add them up", async () => {
    server.use(
      mock.get(`${BASE}/1/p/menus/1/positions`, () =>
        HttpResponse.json([pos(101, { price: MAX_PRICE_MINOR }), pos(102, { price: MAX_PRICE_MINOR + 1 }), pos(103, { price: 1e21 }), pos(104, { price: 2 ** 53 })]),
      ),
      mock.get(`${BASE}/1/restos/173/deliveries`, () => {
        const zone = f.deliveriesPage(173).content[0]!;
        const rule = zone.rules[1]!;
        return HttpResponse.json({
          content: [{ ...zone, rules: [rule, { ...rule, deliveryPrice: 1e21 }, { ...rule, maxOrderPrice: 1e21 }, { ...rule, minOrderPrice: 2 ** 53 }] }],
          totalElements: 1,
        });
      }),
    );
    const client = upstream();
    const { value: positions } = await client.catalog.positions(1);
    expect(positions.map((p) => [p.id, p.price])).toEqual([[101, MAX_PRICE_MINOR]]);
    const { value: zones } = await client.delivery.zones(173);
    expect(zones[0]!.rules).toEqual([f.deliveriesPage(173).content[0]!.rules[1]]);
    expectDrops([
      { resource: "positions", id: 102, fields: ["price"], at: "[1]" },
      { resource: "positions", id: 103, fields: ["price"], at: "[2]" },
      { resource: "positions", id: 104, fields: ["price"], at: "[3]" },
      { resource: "delivery-rules", id: null, fields: ["deliveryPrice"], at: "content[0].rules[1]" },
      { resource: "delivery-rules", id: null, fields: ["maxOrderPrice"], at: "content[0].rules[2]" },
      { resource: "delivery-rules", id: null, fields: ["minOrderPrice"], at: "content[0].rules[3]" },
    ]);
  });

  it("a list answer that is not a list still fails as a wrong answer, with no drops", async () => {
    server.use(mock.get(`${BASE}/1/p/menus/1/positions`, () => HttpResponse.json({ items: [pos(101)] })));
    await expect(upstream().catalog.positions(1)).rejects.toMatchObject({ code: "invalid-response" });
    expect(dropLines()).toEqual([]);
    expect(lines.some((l) => l.msg === "upstream answer does not match its schema")).toBe(true);
  });

  it("modifiers, groups and items: a bad item goes; a required group left without enough items goes with them", async () => {
    const group = f.modifiers[0]!.modifiers[0]!;
    server.use(
      mock.get(`${BASE}/1/restos/173/positions/modifiers`, () =>
        HttpResponse.json([
          {
            positionId: 101,
            modifiers: [
              { ...group, items: [...group.items, { id: 72, name: "Дор блю", price: 10.5 }, { id: 73, name: null, price: 0 }] },
              { id: 8, modifierId: 80, minCount: 1, maxCount: 1, name: "Размер", items: [{ id: 81, name: "L", price: -1 }] },
              { id: 9, modifierId: 90, name: "Соус", minCount: "one", items: [] },
            ],
          },
          { positionId: "abc", modifiers: [] },
        ]),
      ),
    );
    const { value } = await upstream().catalog.modifiers(173);
    expect(value).toEqual(f.modifiers);
    expectDrops([
      { resource: "modifier-items", id: 72, fields: ["price"], at: "[0].modifiers[0].items[1]" },
      { resource: "modifier-items", id: 73, fields: ["name"], at: "[0].modifiers[0].items[2]" },
      { resource: "modifier-groups", id: 8, fields: ["items"], at: "[0].modifiers[1]" },
      { resource: "modifier-groups", id: 9, fields: ["minCount"], at: "[0].modifiers[2]" },
      { resource: "modifiers", id: "abc", fields: ["positionId"], at: "[1]" },
    ]);
  });

  it("time slots and their details: an unreadable position id drops the slot, an unknown day drops the detail", async () => {
    const detail = f.timeSlots[0]!.details[0]!;
    server.use(
      mock.get(`${BASE}/1/restos/173/position-time-slots`, () =>
        HttpResponse.json([
          f.timeSlots[0],
          { positionIds: ["x"], details: [] },
          { positionIds: [103], details: [{ ...detail, dayOfWeek: "FUNDAY" }, detail] },
        ]),
      ),
    );
    const { value } = await upstream().catalog.timeSlots(173);
    expect(value).toEqual([f.timeSlots[0], { positionIds: [103], details: [detail] }]);
    expectDrops([
      { resource: "time-slots", id: null, fields: ["positionIds[0]"], at: "[1]" },
      { resource: "time-slot-details", id: "FUNDAY", fields: ["dayOfWeek"], at: "[2].details[0]" },
    ]);
  });

  it("working hours: an unknown delivery method is ignored with a log line; an unreadable lead time is 0", async () => {
    const hours = f.workingHours[0]!;
    server.use(
      mock.get(`${BASE}/1/restos/173/working-hours`, () =>
        HttpResponse.json([hours, { ...hours, type: "TABLE" }, { ...hours, type: "TAKE_AWAY", minTimeMinutes: "20" }]),
      ),
    );
    const { value } = await upstream().catalog.workingHours(173);
    expect(value).toEqual([hours, { ...hours, type: "TAKE_AWAY", minTimeMinutes: 0 }]);
    expectDrops([{ resource: "working-hours", id: "TABLE", fields: ["type"], at: "[1]" }]);
  });

  it("promotions: a null title, a missing id, an exact copy", async () => {
    const promo = f.promotions[0]!;
    const { id: _id, ...noId } = promo;
    server.use(
      mock.get(`${BASE}/1/restos/173/promotions`, () =>
        HttpResponse.json([promo, { ...promo, id: 6, title: null }, { ...noId, title: "Без id" }, promo]),
      ),
    );
    const { value } = await upstream().catalog.promotions(173);
    expect(value).toEqual([promo]);
    expectDrops([
      { resource: "promotions", id: 6, fields: ["title"] },
      { resource: "promotions", id: null, fields: ["id"] },
      { resource: "promotions", id: 5, fields: ["id"], reason: "duplicate" },
    ]);
  });

  it("drops are logged once per cache fill: a cached read logs and counts nothing", async () => {
    server.use(mock.get(`${BASE}/1/p/menus/1/positions`, () => HttpResponse.json([pos(101), pos(104, { price: 1.5 })])));
    const client = upstream();
    await client.catalog.positions(1);
    await client.catalog.positions(1);
    await client.catalog.positions(1);
    expectDrops([{ resource: "positions", id: 104, fields: ["price"] }]);
  });
});

describe("issue 19: the resto catalog sells only positions it can place", () => {
  it("a position of a group that was left out is not sold (the group may have been 18+)", async () => {
    server.use(
      mock.get(`${BASE}/1/p/restos/173`, () =>
        HttpResponse.json(f.resto(173, { menus: [{ id: 1, name: "Основное", order: 1 }] })),
      ),
      mock.get(`${BASE}/1/p/menus/1/position-groups`, () =>
        HttpResponse.json([f.groups(1)[1], { id: 12, menuId: 1, name: "Бар", isAdult: "yes" }]),
      ),
      mock.get(`${BASE}/1/p/menus/1/positions`, () => HttpResponse.json(f.positions(1))),
      mock.get(`${BASE}/1/restos/173/positions/modifiers`, () => HttpResponse.json([])),
      mock.get(`${BASE}/1/restos/173/position-time-slots`, () => HttpResponse.json([])),
      mock.get(`${BASE}/1/restos/173/working-hours`, () => HttpResponse.json([])),
      mock.get(`${BASE}/1/restos/173/promotions`, () => HttpResponse.json([])),
    );
    const catalog = await upstream().boot.loadRestoCatalog(173);
    const menu = catalog.menus[0]!;
    expect(menu.positions.map((p) => p.name)).toEqual(["Маргарита", "Соус"]);
    expect(menu.groups.map((g) => g.name)).toEqual(["Пицца", "Прочее"]);
    expectDrops([{ resource: "position-groups", id: 12, fields: ["isAdult"] }]);
  });
});
