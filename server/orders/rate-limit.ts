/**
 * Order submissions are rate-limited per customer and per client address (issue 8 "Abuse limits"),
 * through the same store as the sign-in limits (Redis when REDIS_URL is set). A replay of an already
 * placed form does not count: only submissions that would reach the upstream are checked.
 */
import { getRateLimitStore, type RateLimitResult, type RateLimitStore } from "../auth/rate-limit";
import { log } from "../log";

export const ORDER_LIMITS = {
  perPerson: { limit: 30, windowMs: 15 * 60 * 1000 },
  perAddress: { limit: 100, windowMs: 15 * 60 * 1000 },
} as const;

export async function checkOrderLimit(
  personId: string,
  clientAddress: string | null,
  store: RateLimitStore = getRateLimitStore(),
): Promise<RateLimitResult> {
  try {
    const results = await Promise.all([
      store.hit(`order:person:${personId}`, ORDER_LIMITS.perPerson.limit, ORDER_LIMITS.perPerson.windowMs),
      clientAddress
        ? store.hit(`order:ip:${clientAddress}`, ORDER_LIMITS.perAddress.limit, ORDER_LIMITS.perAddress.windowMs)
        : Promise.resolve({ ok: true, retryAfterSeconds: 0 }),
    ]);
    const refused = results.filter((r) => !r.ok);
    return refused.length ? { ok: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) } : { ok: true, retryAfterSeconds: 0 };
  } catch (error) {
    log("warn", "rate limit store unavailable", { message: error instanceof Error ? error.message : String(error) });
    return { ok: true, retryAfterSeconds: 0 };
  }
}
