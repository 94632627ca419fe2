import { describe, expect, it } from "vitest";
import { checkSignInLimit, createMemoryRateLimitStore, createRateLimits, SIGN_IN_LIMITS } from "~server/auth";
import { getClientAddress, UNKNOWN_CLIENT_ADDRESS } from "~server/auth/client-address";

describe("sign-in rate limits", () => {
  it("refuses code requests past the per-phone limit and says how long to wait", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const { limit } = SIGN_IN_LIMITS.codeRequestPerPhone;
    for (let i = 0; i < limit; i += 1) expect((await checkSignInLimit(limits, "code-request", "+79001112233", "203.0.113.1")).ok).toBe(true);
    const refused = await checkSignInLimit(limits, "code-request", "+79001112233", "203.0.113.1");
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
    // another phone is not affected
    expect((await checkSignInLimit(limits, "code-request", "+79001112234", "203.0.113.1")).ok).toBe(true);
  });

  it("refuses one client address trying many phones", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const { limit } = SIGN_IN_LIMITS.codeRequestPerAddress;
    for (let i = 0; i < limit; i += 1) expect((await checkSignInLimit(limits, "code-request", `+7900000${1000 + i}`, "203.0.113.7")).ok).toBe(true);
    expect((await checkSignInLimit(limits, "code-request", "+79009999999", "203.0.113.7")).ok).toBe(false);
    expect((await checkSignInLimit(limits, "code-request", "+79009999999", "203.0.113.8")).ok).toBe(true);
  });

  it("opens a new window when the old one ends", async () => {
    const store = createMemoryRateLimitStore();
    expect((await store.hit("k", 1, 1000, 0)).ok).toBe(true);
    expect((await store.hit("k", 1, 1000, 500)).ok).toBe(false);
    expect((await store.hit("k", 1, 1000, 1000)).ok).toBe(true);
  });

  it("takes the client address from the server (req.ip), never from a header", () => {
    expect(getClientAddress({ clientAddress: "203.0.113.5" })).toBe("203.0.113.5");
    expect(getClientAddress({ clientAddress: "::ffff:203.0.113.5" })).toBe("203.0.113.5");
    expect(getClientAddress({ clientAddress: "2001:DB8::1" })).toBe("2001:db8::1");
    // no load context (Vite dev server, a direct call): one shared bucket, not "no limit"
    expect(getClientAddress({})).toBe(UNKNOWN_CLIENT_ADDRESS);
    expect(getClientAddress(undefined)).toBe(UNKNOWN_CLIENT_ADDRESS);
    expect(getClientAddress({ clientAddress: "not-an-ip" })).toBe(UNKNOWN_CLIENT_ADDRESS);
  });
});

describe("a limit store that is away", () => {
  it("counts in process instead of letting every attempt through", async () => {
    const broken = { hit: () => Promise.reject(new Error("redis down")), reset: () => Promise.resolve() };
    const limits = createRateLimits(null, broken);
    const { limit } = SIGN_IN_LIMITS.codeCheckPerPhone;
    const phone = "+79001119999";
    for (let i = 0; i < limit; i += 1) expect((await checkSignInLimit(limits, "code-check", phone, "203.0.113.9")).ok).toBe(true);
    const refused = await checkSignInLimit(limits, "code-check", phone, "203.0.113.9");
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  });
});
