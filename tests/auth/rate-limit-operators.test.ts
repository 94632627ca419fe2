/**
 * What operators see of the rate limits and what keeps them honest: every refusal is counted as
 * rate_limit_refusals_total{limit} with the labels docs/operations.md lists (ADR 031, 143); a store that fails is
 * logged as a warning with its error; the counters are the store's, shared by whoever uses it; a full in-process
 * store never forgets a live counter; and a client is counted by what it cannot change.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkSignInLimit, createMemoryRateLimitStore, createRateLimits, SIGN_IN_LIMITS } from "~server/auth";
import {
  addressKey,
  checkPromoLimit,
  checkSuggestLimit,
  limitedCustomer,
  PROMO_LIMITS,
  SUGGEST_LIMITS,
  type LimitCheck,
  type RateLimitStore,
} from "~server/auth/rate-limit";
import { setLogLevel } from "~server/log";
import { addTelemetrySink, type Labels } from "~server/telemetry";
import { freshPhone, Jar, personOf, post, request, twin } from "./helpers";
import { contextOf } from "../context";

let refusals: Labels[] = [];
const unsubscribe = addTelemetrySink({
  count: (name, labels, by) => {
    if (name === "rate_limit_refusals_total") for (let i = 0; i < by; i += 1) refusals.push(labels);
  },
  observe: () => {},
  set: () => {},
});
beforeEach(() => {
  refusals = [];
});
afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel("info");
});
afterAll(unsubscribe);

/** The JSON log lines written to stdout or stderr from now on (other output passes through). */
function logLines(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const target of [process.stdout, process.stderr]) {
    const original = target.write.bind(target);
    vi.spyOn(target, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (!text.startsWith("{")) return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
      lines.push(JSON.parse(text) as Record<string, unknown>);
      return true;
    }) as typeof target.write);
  }
  return lines;
}

/** the `limit` labels of the refusals counted since the test began */
const refusedBy = () => refusals.map((labels) => labels.limit);

describe("rate_limit_refusals_total, by the limit that refused (docs/operations.md)", () => {
  it("counts nothing while every limit lets the customer through", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    expect((await checkSignInLimit(limits, "code-request", freshPhone(), "203.0.113.1")).ok).toBe(true);
    expect(refusedBy()).toEqual([]);
  });

  it("a phone asking for too many codes is sms_phone; one address asking for many phones is sms_address", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const phone = freshPhone();
    for (let i = 0; i <= SIGN_IN_LIMITS.codeRequestPerPhone.limit; i += 1)
      await checkSignInLimit(limits, "code-request", phone, `203.0.113.${i + 1}`);
    expect(refusedBy()).toEqual(["sms_phone"]);
    refusals = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.codeRequestPerAddress.limit; i += 1)
      await checkSignInLimit(limits, "code-request", freshPhone(), "198.51.100.7");
    expect(refusedBy()).toEqual(["sms_address"]);
  });

  it("a phone checking too many codes is sms_verify; one address checking for many phones is sms_verify_address", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    const phone = freshPhone();
    for (let i = 0; i <= SIGN_IN_LIMITS.codeCheckPerPhone.limit; i += 1)
      await checkSignInLimit(limits, "code-check", phone, `203.0.113.${i + 1}`);
    expect(refusedBy()).toEqual(["sms_verify"]);
    refusals = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.codeCheckPerAddress.limit; i += 1)
      await checkSignInLimit(limits, "code-check", freshPhone(), "198.51.100.8");
    expect(refusedBy()).toEqual(["sms_verify_address"]);
  });

  it("address suggestions past a person's share are suggest; past an address's share, suggest_address", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    for (let i = 0; i <= SUGGEST_LIMITS.perPerson.limit; i += 1)
      await checkSuggestLimit(limits, { personId: "7", clientAddress: `203.0.113.${(i % 250) + 1}` });
    expect(refusedBy()).toEqual(["suggest"]);
    refusals = [];
    for (let i = 0; i <= SUGGEST_LIMITS.perAddress.limit; i += 1)
      await checkSuggestLimit(limits, { personId: null, clientAddress: "198.51.100.9" });
    expect(refusedBy()).toEqual(["suggest_address"]);
  });

  it("promo-code guesses past a person's hour are promo; past an address's hour, promo_address", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    for (let i = 0; i <= PROMO_LIMITS.perPerson[0].limit; i += 1)
      await checkPromoLimit(limits, { personId: "7", clientAddress: `203.0.113.${i + 1}` });
    expect(refusedBy()).toEqual(["promo"]);
    refusals = [];
    for (let i = 0; i <= PROMO_LIMITS.perAddress[0].limit; i += 1)
      await checkPromoLimit(limits, { personId: null, clientAddress: "198.51.100.10" });
    expect(refusedBy()).toEqual(["promo_address"]);
  });
});

describe("a limit store that fails", () => {
  it("is logged as a warning with the store's error, once per check, and the check is still limited", async () => {
    setLogLevel("warn");
    const lines = logLines();
    const broken: RateLimitStore = {
      hit: () => Promise.reject(new Error("READONLY You can't write against a read only replica.")),
      reset: async () => {},
    };
    const limits = createRateLimits(null, broken);
    const check: LimitCheck = { key: "k", limit: 1, windowMs: 60_000, label: "a" };
    expect((await limits.check([check])).ok).toBe(true);
    expect((await limits.check([check])).ok).toBe(false);
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatchObject({ level: "warn", message: "READONLY You can't write against a read only replica." });
  });
});

describe("the counters a RateLimits counts in", () => {
  it("are those of the store it is given: two users of one store (two containers on one Redis) share them", async () => {
    const shared = createMemoryRateLimitStore();
    const [a, b] = [createRateLimits(null, shared), createRateLimits(null, shared)];
    const check: LimitCheck = { key: "phone", limit: 2, windowMs: 60_000, label: "a" };
    expect((await a.check([check])).ok).toBe(true);
    expect((await b.check([check])).ok).toBe(true);
    expect((await a.check([check])).ok).toBe(false);
    expect((await b.check([check])).ok).toBe(false);
  });

  it("of an anonymous customer are its address's only: no other counter is asked", async () => {
    const keys: string[] = [];
    const memory = createMemoryRateLimitStore();
    const recording: RateLimitStore = {
      hit: (key, ...rest) => (keys.push(key), memory.hit(key, ...rest)),
      reset: () => memory.reset(),
    };
    const limits = createRateLimits(null, recording);
    const anonymous = { personId: null, clientAddress: "2001:db8:5:6::1" };
    await checkSuggestLimit(limits, anonymous);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toContain(addressKey(anonymous.clientAddress));
    keys.length = 0;
    await checkPromoLimit(limits, anonymous);
    expect(keys).toHaveLength(PROMO_LIMITS.perAddress.length);
    for (const key of keys) expect(key).toContain(addressKey(anonymous.clientAddress));
  });
});

describe("a full in-process store", () => {
  it("makes room by forgetting the windows that ended, never a live counter", async () => {
    const store = createMemoryRateLimitStore(2);
    expect((await store.hit("refused", 1, 60_000, 0)).ok).toBe(true);
    expect((await store.hit("refused", 1, 60_000, 1)).ok).toBe(false);
    expect((await store.hit("short", 1, 1_000, 0)).ok).toBe(true);
    // full; "short" has ended: a new key takes its place
    expect((await store.hit("new", 1, 60_000, 2_000)).ok).toBe(true);
    expect((await store.hit("refused", 1, 60_000, 2_001)).ok).toBe(false);
    expect((await store.hit("new", 1, 60_000, 2_002)).ok).toBe(false);
    // full of live windows: still counted, none forgotten
    expect((await store.hit("another", 1, 60_000, 2_003)).ok).toBe(true);
    expect((await store.hit("refused", 1, 60_000, 2_004)).ok).toBe(false);
    expect((await store.hit("new", 1, 60_000, 2_005)).ok).toBe(false);
  });
});

describe("an IPv6 client written with an IPv4 tail", () => {
  it("is the same client as in hexadecimal, and a neighbouring /64 is another", () => {
    // 192.10.22.33 is c00a:1621; "::" stands for one zero group here, so the fourth group (ab) is in the /64
    expect(addressKey("2001:db8::ab:cd:ef:192.10.22.33")).toBe(addressKey("2001:db8:0:ab:cd:ef:c00a:1621"));
    expect(addressKey("2001:db8::ab:cd:ef:192.10.22.33")).toBe("2001:db8:0:ab::/64");
    expect(addressKey("2001:db8::ac:cd:ef:192.10.22.33")).not.toBe(addressKey("2001:db8::ab:cd:ef:192.10.22.33"));
  });
});

describe("who a signed-in customer is, for the limits", () => {
  it("the person of the sealed auth cookie, read from the session", async () => {
    const jar = new Jar();
    const phone = freshPhone();
    expect((await post(jar, { intent: "request-code", phone })).status).toBe(303);
    expect((await post(jar, { intent: "verify", code: twin().store.peekSmsCode(phone)! })).status).toBe(303);
    const person = await personOf(jar);
    expect(person).not.toBeNull();
    const customer = await limitedCustomer(await contextOf(request("/", jar), { clientAddress: "203.0.113.5" }));
    expect(customer).toEqual({ personId: String(person!.personId), clientAddress: "203.0.113.5" });
    expect(await limitedCustomer(await contextOf(request("/", new Jar()), { clientAddress: "203.0.113.5" }))).toEqual({
      personId: null,
      clientAddress: "203.0.113.5",
    });
  });
});
