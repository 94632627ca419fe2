// The order history keeps when an order was to arrive (issue 39 §3, ADR 190); entries stored before it still read.
import { describe, expect, it } from "vitest";
import { decodeHistory, decodePastOrder, encodePastOrder, historyCandidates, type PastOrder } from "~/lib/order-history";

const ORDER: PastOrder = {
  orderId: "900001",
  number: "D-1",
  restoId: 173,
  cityId: 115,
  at: 1_800_000_000_000,
  total: 117000,
  currency: "RUB",
  lines: [{ positionId: 10031, menuId: 501, count: 3, modifiers: [], name: "Борщ" }],
};

describe("the history's expected time", () => {
  it("is stored in two short keys and read back, for both methods", () => {
    for (const method of ["DELIVERY", "TAKE_AWAY"] as const) {
      const order = { ...ORDER, eta: { at: ORDER.at + 40 * 60_000, method } };
      const entry = encodePastOrder(order);
      expect(entry).toMatchObject({ e: order.eta.at, k: method === "DELIVERY" ? "D" : "T" });
      expect(decodePastOrder(JSON.parse(JSON.stringify(entry)))).toEqual(order);
    }
  });

  it("an entry stored before it (no time) still reads, without a time", () => {
    const old = { i: "900001", n: "D-1", c: encodePastOrder(ORDER).c, t: ORDER.at, s: 117000, u: "RUB", m: ["Борщ"] };
    const read = decodePastOrder(old);
    expect(read).toEqual(ORDER);
    expect(read).not.toHaveProperty("eta");
    expect(decodeHistory([old, encodePastOrder({ ...ORDER, orderId: "900002", at: ORDER.at + 1, eta: { at: ORDER.at + 60_000, method: "DELIVERY" } })])).toHaveLength(2);
  });

  it("an unreadable time drops the time, never the entry", () => {
    const entry = encodePastOrder(ORDER);
    for (const odd of [{ e: "soon", k: "D" }, { e: -1, k: "T" }, { e: ORDER.at, k: "X" }, { e: ORDER.at }, { k: "D" }]) {
      const read = decodePastOrder({ ...entry, ...odd });
      expect(read).not.toBeNull();
      expect(read).not.toHaveProperty("eta");
      expect(read!.number).toBe("D-1");
    }
  });

  it("an entry without its names keeps its time (the cookie budget's last candidate)", () => {
    const order = { ...ORDER, eta: { at: ORDER.at + 60_000, method: "TAKE_AWAY" as const } };
    const last = historyCandidates([order]).at(-1)!;
    expect(last[0]).not.toHaveProperty("m");
    expect(last[0]).toMatchObject({ e: order.eta.at, k: "T" });
  });
});
