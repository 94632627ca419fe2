// Order submissions are rate-limited per customer and per client address (one form's placing across two
// processes is tests/checkout/ledger.test.ts's).
import { describe, expect, it } from "vitest";
import { createMemoryRateLimitStore, createRateLimits } from "~server/auth/rate-limit";
import { checkOrderLimit, ORDER_LIMITS } from "~server/orders/rate-limit";

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
