import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DeliveryRule } from "~/lib/model";
import { deliveryCostOf, deliveryHint, matchThreshold, orderTotal, type Threshold, thresholdBreach, thresholdsFromRules } from "~/lib/thresholds";

const rule = (deliveryPrice: number, minOrderPrice: number, maxOrderPrice: number | null, time = 60): DeliveryRule => ({
  deliveryPrice,
  time,
  minOrderPrice,
  maxOrderPrice,
});

// min 500 ₽; 500–1500 → 250 ₽; 1500–3000 → 100 ₽; 3000–10000 → free; max 10000 ₽ (minor units)
const rules = [rule(0, 300000, 1000000, 90), rule(25000, 50000, 150000, 45), rule(10000, 150000, 300000, 60)];
const thresholds = thresholdsFromRules(rules);

describe("thresholdsFromRules", () => {
  it("maps rule fields and sorts by min", () => {
    expect(thresholds).toEqual([
      { deliveryCost: 25000, deliveryTime: 45, orderPrice: { min: 50000, max: 150000 } },
      { deliveryCost: 10000, deliveryTime: 60, orderPrice: { min: 150000, max: 300000 } },
      { deliveryCost: 0, deliveryTime: 90, orderPrice: { min: 300000, max: 1000000 } },
    ]);
  });

  it("sorts bounded before unbounded on equal min and keeps null max", () => {
    const t = thresholdsFromRules([rule(0, 0, null), rule(100, 0, 1000)]);
    expect(t.map((x) => x.orderPrice.max)).toEqual([1000, null]);
    expect(thresholdsFromRules([])).toEqual([]);
  });
});

describe("matchThreshold (spec §4)", () => {
  it("below the lowest min → below-min with that sum", () => {
    expect(matchThreshold(thresholds, 0)).toEqual({ status: "below-min", minOrder: 50000 });
    expect(matchThreshold(thresholds, 49999)).toEqual({ status: "below-min", minOrder: 50000 });
  });

  it("min is inclusive, max exclusive; the next threshold is shown", () => {
    expect(matchThreshold(thresholds, 50000)).toEqual({ status: "ok", current: thresholds[0], next: thresholds[1] });
    expect(matchThreshold(thresholds, 149999)).toEqual({ status: "ok", current: thresholds[0], next: thresholds[1] });
    expect(matchThreshold(thresholds, 150000)).toEqual({ status: "ok", current: thresholds[1], next: thresholds[2] });
    expect(matchThreshold(thresholds, 999999)).toEqual({ status: "ok", current: thresholds[2], next: null });
  });

  it("at or above the highest max → above-max with that sum", () => {
    expect(matchThreshold(thresholds, 1000000)).toEqual({ status: "above-max", maxOrder: 1000000 });
    expect(matchThreshold(thresholds, 5000000)).toEqual({ status: "above-max", maxOrder: 1000000 });
  });

  it("an unbounded last threshold never gives above-max", () => {
    const open = thresholdsFromRules([rule(20000, 0, 100000), rule(0, 100000, null)]);
    expect(matchThreshold(open, 10 ** 12)).toMatchObject({ status: "ok", current: { deliveryCost: 0 }, next: null });
    expect(matchThreshold(open, 0)).toMatchObject({ status: "ok", current: { deliveryCost: 20000 } });
  });

  it("accepts thresholds in any order", () => {
    expect(matchThreshold([...thresholds].reverse(), 160000)).toEqual({
      status: "ok",
      current: thresholds[1],
      next: thresholds[2],
    });
  });

  it("a gap between thresholds asks for the next min", () => {
    const gappy = thresholdsFromRules([rule(100, 0, 1000), rule(0, 2000, 3000)]);
    expect(matchThreshold(gappy, 1500)).toEqual({ status: "below-min", minOrder: 2000 });
    expect(matchThreshold(gappy, 3000)).toEqual({ status: "above-max", maxOrder: 3000 });
  });

  it("no thresholds → none", () => {
    expect(matchThreshold([], 100)).toEqual({ status: "none" });
  });

  it("classifies every total consistently (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), (total) => {
        const m = matchThreshold(thresholds, total);
        if (m.status === "ok") {
          expect(m.current.orderPrice.min).toBeLessThanOrEqual(total);
          expect(total).toBeLessThan(m.current.orderPrice.max ?? Infinity);
        } else if (m.status === "below-min") expect(total).toBeLessThan(50000);
        else expect(total).toBeGreaterThanOrEqual(1000000);
      }),
    );
  });
});

describe("thresholdBreach", () => {
  it("a total below the minimum or above the maximum blocks the order with that amount; inside, or without thresholds, nothing", () => {
    expect(thresholdBreach({ status: "below-min", minOrder: 100_000 })).toEqual({ status: "below-min", amount: 100_000 });
    expect(thresholdBreach({ status: "above-max", maxOrder: 2_000_000 })).toEqual({ status: "above-max", amount: 2_000_000 });
    expect(thresholdBreach({ status: "none" })).toBeNull();
  });
});

describe("deliveryHint", () => {
  it("remaining to a cheaper set price", () => {
    expect(deliveryHint(matchThreshold(thresholds, 120000), 120000)).toEqual({
      kind: "to-cheaper",
      remaining: 30000,
      nextCost: 10000,
    });
    expect(deliveryHint(matchThreshold(thresholds, 50000), 50000)).toEqual({
      kind: "to-cheaper",
      remaining: 100000,
      nextCost: 10000,
    });
  });

  it("remaining to free delivery", () => {
    expect(deliveryHint(matchThreshold(thresholds, 299999), 299999)).toEqual({ kind: "to-free", remaining: 1 });
  });

  it("none when already free, at the last threshold, or outside the thresholds", () => {
    expect(deliveryHint(matchThreshold(thresholds, 300000), 300000)).toBeNull();
    expect(deliveryHint(matchThreshold(thresholds, 100), 100)).toBeNull();
    expect(deliveryHint(matchThreshold(thresholds, 2000000), 2000000)).toBeNull();
    expect(deliveryHint({ status: "none" }, 0)).toBeNull();
  });

  it("none when the next threshold is not cheaper", () => {
    const pricier: Threshold[] = thresholdsFromRules([rule(100, 0, 1000), rule(200, 1000, null)]);
    expect(deliveryHint(matchThreshold(pricier, 500), 500)).toBeNull();
    const same = thresholdsFromRules([rule(100, 0, 1000), rule(100, 1000, null)]);
    expect(deliveryHint(matchThreshold(same, 500), 500)).toBeNull();
  });
});

describe("orderTotal / deliveryCostOf", () => {
  it("adds the delivery price only for DELIVERY", () => {
    expect(orderTotal({ itemsTotal: 120000, deliveryPrice: 25000, method: "DELIVERY" })).toBe(145000);
    expect(orderTotal({ itemsTotal: 120000, deliveryPrice: 25000, method: "TAKE_AWAY" })).toBe(120000);
    expect(orderTotal({ itemsTotal: 120000, deliveryPrice: null, method: "DELIVERY" })).toBe(120000);
    expect(() => orderTotal({ itemsTotal: 1.5, deliveryPrice: 0, method: "TAKE_AWAY" })).toThrow(RangeError);
  });

  it("reads the current delivery cost", () => {
    expect(deliveryCostOf(matchThreshold(thresholds, 200000))).toBe(10000);
    expect(deliveryCostOf(matchThreshold(thresholds, 0))).toBeNull();
  });
});

describe("thresholds a brand may configure oddly", () => {
  it("sorts the rules whatever order they come in", () => {
    const sorted = thresholdsFromRules(rules);
    for (const order of [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ]) {
      expect(thresholdsFromRules(order.map((i) => rules[i]!))).toEqual(sorted);
    }
  });

  it("of two thresholds from the same sum, the bounded one prices the order, whatever their order", () => {
    const bounded = rule(15000, 0, 100000);
    const open = rule(30000, 0, null);
    for (const list of [
      [bounded, open],
      [open, bounded],
    ]) {
      const match = matchThreshold(thresholdsFromRules(list), 50000);
      expect(deliveryCostOf(match)).toBe(15000);
      expect(matchThreshold([...thresholdsFromRules(list)].reverse(), 50000)).toEqual(match);
    }
  });

  it("no hint on the last threshold, even when its delivery is paid", () => {
    const paidToTheEnd = thresholdsFromRules([rule(30000, 0, 100000), rule(20000, 100000, null)]);
    expect(deliveryHint(matchThreshold(paidToTheEnd, 150000), 150000)).toBeNull();
    expect(deliveryHint(matchThreshold(paidToTheEnd, 50000), 50000)).toEqual({
      kind: "to-cheaper",
      remaining: 50000,
      nextCost: 20000,
    });
  });

  it("overlapping thresholds never ask the customer to add a negative amount", () => {
    // 0–2000 ₽ at 100 ₽ overlaps 1000 ₽+ free: at 1500 ₽ the first one applies (lowest min)
    const overlapping = thresholdsFromRules([rule(10000, 0, 200000), rule(0, 100000, null)]);
    const match = matchThreshold(overlapping, 150000);
    expect(deliveryCostOf(match)).toBe(10000);
    expect(deliveryHint(match, 150000)).toBeNull();
    expect(deliveryHint(matchThreshold(overlapping, 99999), 99999)).toEqual({ kind: "to-free", remaining: 1 });
  });
});
