/**
 * Delivery zone thresholds (spec §3 "thresholds (deliveryCost, deliveryTime in minutes, orderPrice{min,max})
 * built from server rules (deliveryPrice, time, minOrderPrice, maxOrderPrice)", spec §4 "Delivery price is
 * added to the total only for DELIVERY. Threshold matching: the one with min<=total<max applies and the next
 * is shown; below the lowest min, 'Минимальная сумма заказа' with that sum; at or above the highest max,
 * 'Максимальная сумма заказа'. Hints show the remaining amount to free delivery or to a set-price delivery.").
 * All amounts are minor units.
 */
import type { DeliveryMethod, DeliveryRule } from "~/lib/model";
import { addMinor } from "./money";

export interface Threshold {
  /** minor units; 0 = free delivery */
  deliveryCost: number;
  /** minutes */
  deliveryTime: number;
  /** min inclusive, max exclusive; max null = no upper bound */
  orderPrice: { min: number; max: number | null };
}

/** Rules → thresholds sorted by min ascending (then by max, unbounded last). */
export function thresholdsFromRules(rules: readonly DeliveryRule[]): Threshold[] {
  return rules
    .map((rule) => ({
      deliveryCost: rule.deliveryPrice,
      deliveryTime: rule.time,
      orderPrice: { min: rule.minOrderPrice ?? 0, max: rule.maxOrderPrice ?? null },
    }))
    .sort((a, b) => a.orderPrice.min - b.orderPrice.min || (a.orderPrice.max ?? Infinity) - (b.orderPrice.max ?? Infinity));
}

export type ThresholdMatch =
  /** no thresholds at all: no limits and no known delivery price */
  | { status: "none" }
  /** 'Минимальная сумма заказа' minOrder */
  | { status: "below-min"; minOrder: number }
  /** 'Максимальная сумма заказа' maxOrder */
  | { status: "above-max"; maxOrder: number }
  | { status: "ok"; current: Threshold; next: Threshold | null };

function contains(t: Threshold, total: number): boolean {
  return t.orderPrice.min <= total && (t.orderPrice.max === null || total < t.orderPrice.max);
}

/**
 * Finds the threshold for an order total (spec §4). Input thresholds may be in any order.
 * - below the lowest min → below-min with that min;
 * - at or above the highest max (every threshold bounded) → above-max with that max;
 * - inside [min, max) of a threshold → ok with it and the threshold after it (null for the last);
 *   overlapping thresholds: the one with the lowest min wins;
 * - inside a gap between thresholds (a misconfiguration) → below-min with the min of the threshold above,
 *   because the upstream refuses that total too (`delivery.order-sum-not-enough.range`, spec §8).
 */
export function matchThreshold(thresholds: readonly Threshold[], total: number): ThresholdMatch {
  if (thresholds.length === 0) return { status: "none" };
  const sorted = [...thresholds].sort(
    (a, b) => a.orderPrice.min - b.orderPrice.min || (a.orderPrice.max ?? Infinity) - (b.orderPrice.max ?? Infinity),
  );
  const lowest = sorted[0]!;
  if (total < lowest.orderPrice.min) return { status: "below-min", minOrder: lowest.orderPrice.min };
  const index = sorted.findIndex((t) => contains(t, total));
  if (index >= 0) return { status: "ok", current: sorted[index]!, next: sorted[index + 1] ?? null };
  const above = sorted.find((t) => t.orderPrice.min > total);
  if (above) return { status: "below-min", minOrder: above.orderPrice.min };
  const highestMax = Math.max(...sorted.map((t) => t.orderPrice.max ?? Infinity));
  return { status: "above-max", maxOrder: highestMax };
}

/** What the cart says about a total outside the thresholds (spec §4: the order button is blocked), or null. */
export type ThresholdBreach = { status: "below-min" | "above-max"; amount: number };

export function thresholdBreach(match: ThresholdMatch): ThresholdBreach | null {
  if (match.status === "below-min") return { status: "below-min", amount: match.minOrder };
  if (match.status === "above-max") return { status: "above-max", amount: match.maxOrder };
  return null;
}

export type DeliveryHint =
  /** add `remaining` to get free delivery */
  | { kind: "to-free"; remaining: number }
  /** add `remaining` to pay `nextCost` for delivery instead of the current price */
  | { kind: "to-cheaper"; remaining: number; nextCost: number };

/**
 * spec §4 hint: how much more to order to reach the next threshold when it is cheaper — free ('to-free') or a
 * lower set price ('to-cheaper'). null when not matched, already free, no next threshold, or the next one is
 * not cheaper.
 */
export function deliveryHint(match: ThresholdMatch, total: number): DeliveryHint | null {
  if (match.status !== "ok" || !match.next) return null;
  const { current, next } = match;
  if (current.deliveryCost === 0 || next.deliveryCost >= current.deliveryCost) return null;
  const remaining = next.orderPrice.min - total;
  if (remaining <= 0) return null;
  return next.deliveryCost === 0
    ? { kind: "to-free", remaining }
    : { kind: "to-cheaper", remaining, nextCost: next.deliveryCost };
}

/** The delivery price of a match (the current threshold's cost), or null when none applies. */
export function deliveryCostOf(match: ThresholdMatch): number | null {
  return match.status === "ok" ? match.current.deliveryCost : null;
}

/** spec §4: the delivery price is added to the total only for DELIVERY. */
export function orderTotal(input: {
  itemsTotal: number;
  deliveryPrice: number | null | undefined;
  method: DeliveryMethod;
}): number {
  return input.method === "DELIVERY" ? addMinor(input.itemsTotal, input.deliveryPrice ?? 0) : addMinor(input.itemsTotal);
}
