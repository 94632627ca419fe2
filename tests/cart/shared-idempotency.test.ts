// Two storefront processes share order keys through one store with claims (Redis in production):
// a form submitted to both at once is placed once. Order submissions are rate-limited.
import { describe, expect, it } from "vitest";
import { createMemoryRateLimitStore, createRateLimits } from "~server/auth/rate-limit";
import { createIdempotent, IdempotencyInProgress, type IdempotencyStore, type StoredOutcome } from "~server/orders/idempotency";
import { checkOrderLimit, ORDER_LIMITS } from "~server/orders/rate-limit";

/** What Redis gives: shared outcomes plus SET NX claims. */
function sharedStore(): IdempotencyStore {
  const outcomes = new Map<string, StoredOutcome>();
  const claims = new Set<string>();
  return {
    async get(key) {
      return outcomes.get(key) ?? null;
    },
    async set(key, value) {
      outcomes.set(key, value);
    },
    async claim(key) {
      if (claims.has(key)) return false;
      claims.add(key);
      return true;
    },
    async release(key) {
      claims.delete(key);
    },
  };
}

describe("order keys shared by two processes", () => {
  it("place a form submitted to both at once exactly once", async () => {
    const store = sharedStore();
    const processA = createIdempotent(store);
    const processB = createIdempotent(store);
    let upstreamOrders = 0;
    const work = async () => {
      upstreamOrders++;
      await new Promise((r) => setTimeout(r, 300));
      return { id: 42 };
    };
    const [a, b] = await Promise.all([processA.run("key-1", "person-1", work), processB.run("key-1", "person-1", work)]);
    expect(upstreamOrders).toBe(1);
    expect(a.value).toEqual({ id: 42 });
    expect(b.value).toEqual({ id: 42 });
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
  });

  it("release the claim when the upstream refuses, so the customer can submit the fixed form again", async () => {
    const store = sharedStore();
    const processA = createIdempotent(store);
    await expect(processA.run("key-2", "p", async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    await expect(createIdempotent(store).run("key-2", "p", async () => ({ id: 7 }))).resolves.toEqual({ value: { id: 7 }, replayed: false });
  });

  it("exports the error a still-running twin submission gives", () => {
    expect(new IdempotencyInProgress().name).toBe("IdempotencyInProgress");
  });
});

describe("order submission rate limit", () => {
  it("refuses a customer's submissions past the limit and says when to retry", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    for (let i = 0; i < ORDER_LIMITS.perPerson.limit; i++) expect((await checkOrderLimit(limits, "person-1", null)).ok).toBe(true);
    const refused = await checkOrderLimit(limits, "person-1", null);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // another customer is not affected
    expect((await checkOrderLimit(limits, "person-2", null)).ok).toBe(true);
  });

  it("limits one client address across customers", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    for (let i = 0; i < ORDER_LIMITS.perAddress.limit; i++) expect((await checkOrderLimit(limits, `p${i}`, "10.0.0.1")).ok).toBe(true);
    expect((await checkOrderLimit(limits, "p-next", "10.0.0.1")).ok).toBe(false);
  });
});
