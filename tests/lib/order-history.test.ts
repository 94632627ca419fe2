import { describe, expect, it } from "vitest";
import {
  addToHistory,
  decodeHistory,
  decodePastOrder,
  encodePastOrder,
  findPastOrder,
  fitHistory,
  historyCandidates,
  mergeHistories,
  ORDER_HISTORY_MAX,
  type PastOrder,
} from "~/lib/order-history";

function order(n: number, extra: Partial<PastOrder> = {}): PastOrder {
  return {
    orderId: String(900000 + n),
    number: `D-${n}`,
    restoId: 173,
    cityId: 115,
    at: 1_700_000_000_000 + n * 60_000,
    total: 39000 * n,
    currency: "RUB",
    lines: [
      { positionId: 10031, menuId: 501, count: n, modifiers: [], name: "Борщ" },
      { positionId: 10001, menuId: 501, count: 1, modifiers: [{ modifierGroupId: 100011, itemId: 102, count: 1 }], name: "Маргарита" },
    ],
    ...extra,
  };
}

describe("past orders: compact encoding", () => {
  it("round-trips ids, modifiers, counts, restaurant, city, date, number, total and names — and no line prices", () => {
    const entry = encodePastOrder(order(3));
    expect(entry.c).toBe("r173.115~501.10031.3~501.10001.1.100011-102-1");
    expect(JSON.stringify(entry)).not.toMatch(/price/i);
    expect(decodePastOrder(JSON.parse(JSON.stringify(entry)))).toEqual(order(3));
  });

  it("keeps a line without a name when the names were dropped or do not line up", () => {
    const bare = decodePastOrder(encodePastOrder(order(1), false))!;
    expect(bare.lines.map((l) => l.name)).toEqual([undefined, undefined]);
    const misaligned = decodePastOrder({ ...encodePastOrder(order(1)), m: ["Борщ"] })!;
    expect(misaligned.lines.every((l) => l.name === undefined)).toBe(true);
  });

  it.each([
    ["not an object", "r173.115~501.1.1"],
    ["null", null],
    ["a damaged lines code", { ...encodePastOrder(order(1)), c: "r173.115~501.x.1" }],
    ["a count over the cart's bound", { ...encodePastOrder(order(1)), c: "r173.115~501.1.100" }],
    ["a string total", { ...encodePastOrder(order(1)), s: "390" }],
    ["an over-long id", { ...encodePastOrder(order(1)), i: "9".repeat(65) }],
    ["a prototype key", JSON.parse('{"__proto__":{"i":"1"},"n":"1"}')],
  ])("reads hostile input (%s) as nothing, never throwing", (_, raw) => {
    expect(decodePastOrder(raw)).toBeNull();
  });

  it("reads a history entry by entry: bad entries are left out, not the whole list", () => {
    const good = encodePastOrder(order(2));
    expect(decodeHistory([good, { i: 1 }, "x", 42, null]).map((o) => o.orderId)).toEqual(["900002"]);
    expect(decodeHistory("not a list")).toEqual([]);
    expect(decodeHistory(undefined)).toEqual([]);
    expect(decodeHistory(Array.from({ length: 500 }, () => good))).toHaveLength(1);
  });
});

describe("past orders: the last five", () => {
  it("puts a new order first and keeps at most five, newest first", () => {
    let history: PastOrder[] = [];
    for (let n = 1; n <= 7; n++) history = addToHistory(history, order(n));
    expect(history.map((o) => o.number)).toEqual(["D-7", "D-6", "D-5", "D-4", "D-3"]);
    expect(history).toHaveLength(ORDER_HISTORY_MAX);
    // the same order again replaces its entry
    expect(addToHistory(history, order(7)).filter((o) => o.number === "D-7")).toHaveLength(1);
  });

  it("merges two copies (Redis's and the cookie's) by order id, newest first, the first copy winning", () => {
    const redis = [order(5), order(3)];
    const cookie = [order(4), { ...order(3), number: "from-cookie" }];
    const merged = mergeHistories(redis, cookie);
    expect(merged.map((o) => o.number)).toEqual(["D-5", "D-4", "D-3"]);
    expect(findPastOrder(merged, "900004")?.number).toBe("D-4");
    expect(findPastOrder(merged, "1")).toBeNull();
  });
});

describe("past orders: the cookie budget", () => {
  const size = (entries: unknown[]) => JSON.stringify(entries).length;

  it("stores all five when they fit", () => {
    const history = [1, 2, 3, 4, 5].map((n) => order(n));
    expect(fitHistory(history, () => true)).toHaveLength(5);
  });

  it("drops the oldest orders first until the rest fits", () => {
    const history = [1, 2, 3, 4, 5].map((n) => order(n));
    const three = size(historyCandidates(history)[2]!);
    const kept = fitHistory(history, (entries) => size(entries) <= three);
    expect(kept.map((e) => e.n)).toEqual(["D-5", "D-4", "D-3"]);
  });

  it("keeps the newest order without its names when even it alone does not fit, and nothing when that does not fit either", () => {
    const history = [order(1), order(2)];
    const bare = size([encodePastOrder(order(2), false)]);
    const kept = fitHistory(history, (entries) => size(entries) <= bare);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.n).toBe("D-2");
    expect(kept[0]!.m).toBeUndefined();
    expect(fitHistory(history, () => false)).toEqual([]);
    expect(fitHistory([], () => true)).toEqual([]);
  });

  it("bounds names, so that a long name cannot crowd out orders", () => {
    const long = order(1, { lines: [{ positionId: 1, menuId: 501, count: 1, modifiers: [], name: "Щ".repeat(500) }] });
    expect(encodePastOrder(long).m![0]).toHaveLength(60);
  });
});
