import { describe, expect, it } from "vitest";
import { checkSignInLimit, createMemoryRateLimitStore, createRateLimits, SIGN_IN_LIMITS } from "~server/auth";
import { addressKey, checkPromoLimit, checkSuggestLimit, limitedCustomer, PROMO_LIMITS, retryWait, SUGGEST_LIMITS } from "~server/auth/rate-limit";
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

describe("what a refused customer is told to wait", () => {
  it("the rest of the window, rounded up to whole seconds", async () => {
    const store = createMemoryRateLimitStore();
    expect(await store.hit("k", 1, 60_000, 0)).toEqual({ ok: true, retryAfterSeconds: 0 });
    expect(await store.hit("k", 1, 60_000, 1)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(await store.hit("k", 1, 60_000, 30_000)).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(await store.hit("k", 1, 60_000, 59_999)).toEqual({ ok: false, retryAfterSeconds: 1 });
    // the window is the first hit's: refused hits do not move its end
    expect(await store.hit("k", 1, 60_000, 60_000)).toEqual({ ok: true, retryAfterSeconds: 0 });
  });

  it("of two refusals, the longer wait", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const checks = [
      { key: "short", limit: 0, windowMs: 60_000, label: "a" },
      { key: "long", limit: 0, windowMs: 3_600_000, label: "b" },
    ];
    const refused = await limits.check(checks);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(3_500);
    expect((await limits.check([checks[0]!])).retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts every counter even once one refuses, so a script stays refused on each", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const perPhone = { key: "phone", limit: 1, windowMs: 60_000, label: "a" };
    const perAddress = { key: "address", limit: 3, windowMs: 60_000, label: "b" };
    expect((await limits.check([perPhone, perAddress])).ok).toBe(true);
    expect((await limits.check([perPhone, perAddress])).ok).toBe(false);
    expect((await limits.check([perPhone, perAddress])).ok).toBe(false);
    // the address counted all three attempts: a fourth from it is refused with another phone too
    expect((await limits.check([{ ...perPhone, key: "phone-2" }, perAddress])).ok).toBe(false);
  });

  it("a reset opens every window again", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const check = { key: "k", limit: 0, windowMs: 60_000, label: "a" };
    expect((await limits.check([check])).ok).toBe(false);
    await limits.reset();
    expect((await limits.check([{ ...check, limit: 1 }])).ok).toBe(true);
  });
});

describe("address suggestions and promo codes (ADR 143)", () => {
  const signedIn = (personId: string, clientAddress = "203.0.113.20") => ({ personId, clientAddress });
  const anonymous = (clientAddress: string) => ({ personId: null, clientAddress });

  it("a signed-in person gets a person's share of suggestions; another person at the same address is not affected", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    for (let i = 0; i < SUGGEST_LIMITS.perPerson.limit; i += 1) expect((await checkSuggestLimit(limits, signedIn("7"))).ok).toBe(true);
    expect((await checkSuggestLimit(limits, signedIn("7"))).ok).toBe(false);
    expect((await checkSuggestLimit(limits, signedIn("8"))).ok).toBe(true);
  });

  it("an anonymous customer is its address (an IPv6 one by its /64)", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    for (let i = 0; i < SUGGEST_LIMITS.perAddress.limit; i += 1) {
      expect((await checkSuggestLimit(limits, anonymous(`2001:db8:5:6::${(i + 1).toString(16)}`))).ok).toBe(true);
    }
    expect((await checkSuggestLimit(limits, anonymous("2001:db8:5:6::ffff"))).ok).toBe(false);
    expect((await checkSuggestLimit(limits, signedIn("9", "2001:db8:5:6::1"))).ok).toBe(false);
    expect((await checkSuggestLimit(limits, anonymous("2001:db8:5:7::1"))).ok).toBe(true);
  });

  it("stops a signed-in guesser of promo codes after the hour's guesses, for an hour", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const hour = PROMO_LIMITS.perPerson[0];
    for (let i = 0; i < hour.limit; i += 1) expect((await checkPromoLimit(limits, signedIn("7", `203.0.113.${i + 1}`))).ok).toBe(true);
    const refused = await checkPromoLimit(limits, signedIn("7", "203.0.113.200"));
    expect(refused.ok).toBe(false);
    expect(retryWait(refused.retryAfterSeconds)).toEqual({ unit: "minutes", count: 60 });
    expect((await checkPromoLimit(limits, signedIn("8", "203.0.113.201"))).ok).toBe(true);
  });

  it("stops guesses from one address, whoever is signed in there", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const hour = PROMO_LIMITS.perAddress[0];
    for (let i = 0; i < hour.limit; i += 1) expect((await checkPromoLimit(limits, i % 2 ? anonymous("203.0.113.50") : signedIn(`p${i}`, "203.0.113.50"))).ok).toBe(true);
    expect((await checkPromoLimit(limits, signedIn("new", "203.0.113.50"))).ok).toBe(false);
    expect((await checkPromoLimit(limits, anonymous("203.0.113.51"))).ok).toBe(true);
  });
});

describe("who a client is, for the limits", () => {
  it("an IPv4 client is its address only when the IPv6 form really maps it", () => {
    expect(addressKey("::ffff:203.10.113.55")).toBe("203.10.113.55");
    expect(addressKey("1::ffff:203.0.113.5")).toBe("1:0:0:0::/64");
    expect(addressKey("2001:db8::1:2:3:4:5")).toBe("2001:db8:0:1::/64");
    expect(getClientAddress({ clientAddress: " 203.0.113.5 " })).toBe("203.0.113.5");
    expect(getClientAddress({ clientAddress: "::ffff:1:2" })).toBe("::ffff:1:2");
    expect(getClientAddress({ clientAddress: "::FFFF:203.0.113.5" })).toBe("203.0.113.5");
  });

  it("a customer is a person only with a token set and a profile", async () => {
    type Context = Parameters<typeof limitedCustomer>[0];
    const context = (auth: object): Context => ({ session: { get: async () => auth }, clientAddress: "203.0.113.5" }) as unknown as Context;
    expect(await limitedCustomer(context({ person_token_set: { accessToken: "a" }, person_profile: { id: 42 } }))).toEqual({ personId: "42", clientAddress: "203.0.113.5" });
    expect(await limitedCustomer(context({ person_token_set: null, person_profile: { id: 42 } }))).toEqual({ personId: null, clientAddress: "203.0.113.5" });
    expect(await limitedCustomer(context({ person_token_set: { accessToken: "a" }, person_profile: null }))).toEqual({ personId: null, clientAddress: "203.0.113.5" });
  });
});
