/**
 * Order submissions are rate-limited per customer and per client address (issue 8 "Abuse limits"),
 * through the same store as the sign-in limits (Redis when REDIS_URL is set, in process while it is away).
 * Only a run that would call the upstream is counted (issue 14 §6): the checkout calls this inside the
 * idempotent run of its form key, so a replay of a placed form, a double click or a concurrent twin of one
 * form joins that run and counts nothing (ADR 072).
 */
import { addressKey, type RateLimitResult, type RateLimits } from "../auth/rate-limit";

export const ORDER_LIMITS = {
  perPerson: { limit: 30, windowMs: 15 * 60 * 1000 },
  perAddress: { limit: 100, windowMs: 15 * 60 * 1000 },
} as const;

export async function checkOrderLimit(limits: RateLimits, personId: string, clientAddress: string | null): Promise<RateLimitResult> {
  return limits.check([
    { key: `order:person:${personId}`, ...ORDER_LIMITS.perPerson, label: "orders" },
    ...(clientAddress ? [{ key: `order:ip:${addressKey(clientAddress)}`, ...ORDER_LIMITS.perAddress, label: "orders_address" }] : []),
  ]);
}
