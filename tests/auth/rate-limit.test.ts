import { describe, expect, it } from "vitest";
import { checkSignInLimit, createMemoryRateLimitStore, SIGN_IN_LIMITS } from "~server/auth";
import { getClientAddress } from "~server/auth/client-address";

describe("sign-in rate limits", () => {
  it("refuses code requests past the per-phone limit and says how long to wait", async () => {
    const store = createMemoryRateLimitStore();
    const { limit } = SIGN_IN_LIMITS.codeRequestPerPhone;
    for (let i = 0; i < limit; i += 1) expect((await checkSignInLimit("code-request", "+79001112233", null, store)).ok).toBe(true);
    const refused = await checkSignInLimit("code-request", "+79001112233", null, store);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
    // another phone is not affected
    expect((await checkSignInLimit("code-request", "+79001112234", null, store)).ok).toBe(true);
  });

  it("refuses one client address trying many phones", async () => {
    const store = createMemoryRateLimitStore();
    const { limit } = SIGN_IN_LIMITS.codeRequestPerAddress;
    for (let i = 0; i < limit; i += 1) expect((await checkSignInLimit("code-request", `+7900000${1000 + i}`, "203.0.113.7", store)).ok).toBe(true);
    expect((await checkSignInLimit("code-request", "+79009999999", "203.0.113.7", store)).ok).toBe(false);
    expect((await checkSignInLimit("code-request", "+79009999999", "203.0.113.8", store)).ok).toBe(true);
  });

  it("opens a new window when the old one ends", async () => {
    const store = createMemoryRateLimitStore();
    expect((await store.hit("k", 1, 1000, 0)).ok).toBe(true);
    expect((await store.hit("k", 1, 1000, 500)).ok).toBe(false);
    expect((await store.hit("k", 1, 1000, 1000)).ok).toBe(true);
  });

  it("reads the client address from the proxy headers", () => {
    const req = (headers: Record<string, string>) => new Request("http://x/", { headers });
    expect(getClientAddress(req({ "x-forwarded-for": "203.0.113.5, 10.0.0.1" }))).toBe("203.0.113.5");
    expect(getClientAddress(req({ forwarded: 'for="[2001:db8::1]";proto=https' }))).toBe("2001:db8::1");
    expect(getClientAddress(req({ "x-forwarded-for": "not-an-ip" }))).toBeNull();
    expect(getClientAddress(req({}))).toBeNull();
  });
});

describe("a limit store that is away", () => {
  it("does not stop sign-in", async () => {
    const broken = { hit: () => Promise.reject(new Error("redis down")), reset: () => Promise.resolve() };
    expect(await checkSignInLimit("code-check", "+79001112233", "203.0.113.9", broken)).toEqual({ ok: true, retryAfterSeconds: 0 });
  });
});
