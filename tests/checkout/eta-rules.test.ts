// When the order arrives (issue 39 §3, ADR 190), the server's part: what the time is computed from (the restaurant's
// time zone, the ordered positions' longest cooking time, the takeaway lead time — cached catalog reads, none of which
// may fail the order), the order's time once the upstream answered, and its view. The catalog is a stand-in here, so
// that each read can answer what a case needs or fail; tests/checkout/order-eta.test.ts goes through the routes.
import { describe, expect, it } from "vitest";
import { etaInputs, etaView, orderEta, type EtaInputs } from "~/features/checkout/eta.server";
import type { RequestContext } from "~server/context";

const MINUTE = 60_000;

interface Stand {
  timezone?: string;
  /** the positions of each menu; a menu missing here fails */
  menus?: Record<number, { id: number; cookingTime: number | null }[]>;
  hours?: { type: string; minTimeMinutes: number | null }[];
  fail?: ("resto" | "hours")[];
}

/** A request context whose catalog answers from `stand`, and the reads it was asked for. */
function catalogOf(stand: Stand) {
  const asked: string[] = [];
  const down = () => Promise.reject(new Error("upstream down"));
  const catalog = {
    resto: (id: number) => {
      asked.push(`resto ${id}`);
      return stand.fail?.includes("resto") ? down() : Promise.resolve({ value: { id, timezone: stand.timezone ?? "+04:00" } });
    },
    positions: (menuId: number) => {
      asked.push(`positions ${menuId}`);
      const list = stand.menus?.[menuId];
      return list ? Promise.resolve({ value: list }) : down();
    },
    workingHours: (id: number) => {
      asked.push(`hours ${id}`);
      return stand.fail?.includes("hours") ? down() : Promise.resolve({ value: stand.hours ?? [] });
    },
  };
  return { rc: { services: { upstream: { catalog } } } as unknown as RequestContext, asked };
}

const MENUS = {
  501: [
    { id: 1, cookingTime: 15 },
    { id: 2, cookingTime: 10 },
    { id: 3, cookingTime: 120 },
    { id: 4, cookingTime: null },
  ],
  502: [{ id: 5, cookingTime: 25 }],
};
const HOURS = [
  { type: "DELIVERY", minTimeMinutes: 90 },
  { type: "TAKE_AWAY", minTimeMinutes: 20 },
];
const line = (positionId: number, menuId = 501) => ({ positionId, menuId });

describe("what the order's time is computed from", () => {
  it("takeaway: the restaurant's time zone, the longest cooking time of the ordered positions only, its takeaway lead time", async () => {
    const { rc } = catalogOf({ timezone: "+04:00", menus: MENUS, hours: HOURS });
    const inputs = await etaInputs(rc, { method: "TAKE_AWAY", restoId: 180, deliveryMinutes: 40, preOrderAt: "", lines: [line(1), line(2), line(4)] });
    expect(inputs).toEqual({ method: "TAKE_AWAY", timezone: "+04:00", preOrderAt: null, deliveryMinutes: null, cookingMinutes: 15, leadMinutes: 20 });
    // positions of two menus: the longest of all of them
    const two = await etaInputs(rc, { method: "TAKE_AWAY", restoId: 180, deliveryMinutes: null, preOrderAt: null, lines: [line(1), line(5, 502)] });
    expect(two.cookingMinutes).toBe(25);
  });

  it("takeaway: no cooking time when no ordered position says one; no lead time without a takeaway entry", async () => {
    const { rc } = catalogOf({ menus: MENUS, hours: [{ type: "DELIVERY", minTimeMinutes: 90 }] });
    const inputs = await etaInputs(rc, { method: "TAKE_AWAY", restoId: 180, deliveryMinutes: null, preOrderAt: null, lines: [line(4)] });
    expect(inputs.cookingMinutes).toBeNull();
    expect(inputs.leadMinutes).toBeNull();
  });

  it("delivery: the zone's time only; neither cooking nor lead time is read", async () => {
    const { rc, asked } = catalogOf({ menus: MENUS, hours: HOURS });
    const at = "2026-12-01T10:00:00+03:00";
    const inputs = await etaInputs(rc, { method: "DELIVERY", restoId: 180, deliveryMinutes: 40, preOrderAt: at, lines: [line(1)] });
    expect(inputs).toEqual({ method: "DELIVERY", timezone: "+04:00", preOrderAt: at, deliveryMinutes: 40, cookingMinutes: null, leadMinutes: null });
    expect(asked).toEqual(["resto 180"]);
  });

  it("no restaurant known: the default time zone (+03:00), and neither the restaurant nor its hours are asked", async () => {
    const { rc, asked } = catalogOf({ menus: MENUS, hours: HOURS });
    const inputs = await etaInputs(rc, { method: "TAKE_AWAY", restoId: null, deliveryMinutes: null, preOrderAt: null, lines: [line(1)] });
    expect(inputs).toMatchObject({ timezone: "+03:00", cookingMinutes: 15, leadMinutes: null });
    expect(asked).toEqual(["positions 501"]);
  });

  it("a read that fails costs only its part: the default time zone, the other menus' cooking times, no lead time", async () => {
    const { rc } = catalogOf({ menus: { 502: MENUS[502] }, hours: HOURS, fail: ["resto", "hours"] });
    const inputs = await etaInputs(rc, { method: "TAKE_AWAY", restoId: 180, deliveryMinutes: null, preOrderAt: null, lines: [line(1), line(5, 502)] });
    expect(inputs).toEqual({ method: "TAKE_AWAY", timezone: "+03:00", preOrderAt: null, deliveryMinutes: null, cookingMinutes: 25, leadMinutes: null });
  });
});

describe("the order's time once the upstream answered", () => {
  const delivery: EtaInputs = { method: "DELIVERY", timezone: "+03:00", preOrderAt: null, deliveryMinutes: 40, cookingMinutes: null, leadMinutes: null };
  const now = Date.parse("2026-11-25T09:02:30Z");

  it("placed at the upstream's createdAt when it is a readable instant not in the future, else now", () => {
    const earlier = Date.parse("2026-11-25T08:50:00Z");
    expect(orderEta(delivery, { createdAt: new Date(earlier).toISOString() }, now)).toMatchObject({ orderedAt: earlier, at: earlier + 40 * MINUTE });
    for (const createdAt of [new Date(now + 10 * MINUTE).toISOString(), "yesterday", null]) {
      expect(orderEta(delivery, { createdAt }, now).orderedAt, String(createdAt)).toBe(now);
    }
  });

  it("the estimate is rounded up to 5 minutes; the upstream's expected time comes first", () => {
    expect(orderEta(delivery, { createdAt: null }, now)).toEqual({
      method: "DELIVERY",
      orderedAt: now,
      timezone: "+03:00",
      at: Date.parse("2026-11-25T09:45:00Z"),
      source: "estimate",
    });
    expect(orderEta(delivery, { createdAt: null, expectedAt: "2026-11-25T13:20:00+03:00" }, now)).toMatchObject({
      at: Date.parse("2026-11-25T10:20:00Z"),
      source: "upstream",
    });
  });

  it("nothing says when (a takeaway without cooking or lead time): no time, not a failure", () => {
    const takeaway: EtaInputs = { ...delivery, method: "TAKE_AWAY", deliveryMinutes: null };
    expect(orderEta(takeaway, { createdAt: null }, now)).toEqual({ method: "TAKE_AWAY", orderedAt: now, timezone: "+03:00", at: null, source: null });
  });
});

describe("the view of an order's time", () => {
  const now = Date.parse("2026-11-25T09:00:00Z");
  const kept = { method: "DELIVERY" as const, orderedAt: now, timezone: "+03:00" };

  it("a time that says no instant, or an unreadable one, shows nothing", () => {
    expect(etaView({ ...kept, at: null, source: null }, now, "ru")).toBeNull();
    expect(etaView({ ...kept, at: Number.NaN, source: "estimate" }, now, "ru")).toBeNull();
  });

  it("a kept instant reads in the restaurant's time zone", () => {
    const at = Date.parse("2026-11-25T09:40:00Z");
    expect(etaView({ ...kept, at, source: "estimate" }, now, "ru")).toMatchObject({ at: new Date(at).toISOString(), source: "estimate", day: "today", time: "12:40" });
  });
});
