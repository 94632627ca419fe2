import { describe, expect, it } from "vitest";
import { checkSignInLimit, createMemoryRateLimitStore, createRateLimits, SIGN_IN_LIMITS } from "~server/auth";
import { addressKey, retryWait } from "~server/auth/rate-limit";
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

  it("counts an IPv6 client by its /64: a script picking a new address of its network per request is one client", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const { limit } = SIGN_IN_LIMITS.codeRequestPerAddress;
    for (let i = 0; i < limit; i += 1) {
      expect((await checkSignInLimit(limits, "code-request", `+7900100${1000 + i}`, `2001:db8:aa:bb:${(i + 1).toString(16)}::7`)).ok).toBe(true);
    }
    expect((await checkSignInLimit(limits, "code-request", "+79001009999", "2001:db8:aa:bb::1")).ok).toBe(false);
    expect((await checkSignInLimit(limits, "code-request", "+79001009999", "2001:db8:aa:bc::1")).ok).toBe(true);
  });

  it("writes one bucket per IPv4 address and per IPv6 /64, whatever the notation", () => {
    expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:0DB8:0000:0000:ffff:0:0:1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("64:ff9b::203.0.113.5")).toBe("64:ff9b:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("tells a wait in seconds, minutes or hours", () => {
    expect(retryWait(0)).toEqual({ unit: "seconds", count: 1 });
    expect(retryWait(59)).toEqual({ unit: "seconds", count: 59 });
    expect(retryWait(60)).toEqual({ unit: "minutes", count: 1 });
    expect(retryWait(61)).toEqual({ unit: "minutes", count: 2 });
    expect(retryWait(90 * 60)).toEqual({ unit: "minutes", count: 90 });
    expect(retryWait(90 * 60 + 1)).toEqual({ unit: "hours", count: 2 });
    expect(retryWait(86_400)).toEqual({ unit: "hours", count: 24 });
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
