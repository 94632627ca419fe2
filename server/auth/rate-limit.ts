/**
 * Rate limits of everything that costs the upstream or a third party something: the sign-in flow (issue 6: "Rate
 * limits on code requests and code checks per phone and per client address", ADR 031), address suggestions and
 * promo-code checks (ADR 143); the order limits (server/orders/rate-limit.ts) use the same counters. A fixed-window
 * counter behind a tiny interface, so a Redis implementation (INCR + PEXPIRE, DESIGN.md "Where state lives") can
 * replace the in-process one when many containers share a brand.
 *
 * A client address is counted by what its owner cannot change for free (`addressKey`): an IPv4 address whole, an
 * IPv6 address by its /64 — one customer's network, whose addresses it may pick at will.
 */
import { isIP } from "node:net";
import { log } from "../log";
import { createRedisRateLimitStore } from "../redis";
import { createGuardedRateLimitStore } from "../redis/fallback";
import type { SharedRedis } from "../redis/shared";
import type { RequestContext } from "../context";
import { telemetry } from "../telemetry";
export interface RateLimitResult {
  ok: boolean;
  /** whole seconds until the window that refused this hit ends (0 when ok) */
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  /** counts one hit of `key` in a window of `windowMs`; refuses once the window holds more than `limit` */
  hit(key: string, limit: number, windowMs: number, now?: number): Promise<RateLimitResult>;
  reset(): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** In-process fixed windows; expired windows are dropped lazily (and swept when the map grows). */
export function createMemoryRateLimitStore(maxKeys = 50_000): RateLimitStore {
  let windows = new Map<string, Window>();
  return {
    async hit(key, limit, windowMs, now = Date.now()) {
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (windows.size >= maxKeys) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) };
      return { ok: true, retryAfterSeconds: 0 };
    },
    async reset() {
      windows = new Map();
    },
  };
}

/** The limits of the sign-in flow: generous for people, tight for scripts (ADR 031). */
export const SIGN_IN_LIMITS = {
  codeRequestPerPhone: { limit: 5, windowMs: 60 * 60 * 1000 },
  codeRequestPerAddress: { limit: 20, windowMs: 60 * 60 * 1000 },
  codeCheckPerPhone: { limit: 10, windowMs: 15 * 60 * 1000 },
  codeCheckPerAddress: { limit: 50, windowMs: 15 * 60 * 1000 },
} as const;

export type SignInLimitKind = "code-request" | "code-check";

/**
 * The rate limits of every form that costs the upstream or a third party something: counters in Redis when
 * REDIS_URL is set (shared by every container of the brand) with in-process counters while Redis is away
 * (ADR 070), else in process. A store that throws (one not guarded) is replaced by in-process counters, never
 * by "no limit".
 */
export interface RateLimits {
  check(checks: LimitCheck[]): Promise<RateLimitResult>;
  reset(): Promise<void>;
}

export function createRateLimits(redis: SharedRedis | null, store?: RateLimitStore): RateLimits {
  const counters =
    store ??
    (redis
      ? createGuardedRateLimitStore<RateLimitStore>(createRedisRateLimitStore(redis.client, redis.prefix), createMemoryRateLimitStore(), redis.guard)
      : createMemoryRateLimitStore());
  const lastResort = createMemoryRateLimitStore();
  return {
    check: (checks) => checkLimits(checks, counters, lastResort),
    async reset() {
      await Promise.all([counters.reset(), lastResort.reset()]);
    },
  };
}

export interface LimitCheck {
  key: string;
  limit: number;
  windowMs: number;
  /** the `limit` label of rate_limit_refusals_total */
  label: string;
}

/**
 * Hits every counter (so a refused script keeps being refused) and answers the first refusal with the
 * longest wait. A store that fails is replaced by in-process counters, never by "no limit".
 */
async function checkLimits(checks: LimitCheck[], store: RateLimitStore, lastResort: RateLimitStore): Promise<RateLimitResult> {
  const hitAll = (s: RateLimitStore) => Promise.all(checks.map((c) => s.hit(c.key, c.limit, c.windowMs)));
  let results: RateLimitResult[];
  try {
    results = await hitAll(store);
  } catch (error) {
    log("warn", "rate limit store unavailable: counting in process", { message: error instanceof Error ? error.message : String(error) });
    results = await hitAll(lastResort);
  }
  const refused = results.flatMap((r, i) => (r.ok ? [] : [{ result: r, check: checks[i]! }]));
  for (const { check } of refused) telemetry.count("rate_limit_refusals_total", { limit: check.label });
  if (!refused.length) return { ok: true, retryAfterSeconds: 0 };
  return { ok: false, retryAfterSeconds: Math.max(...refused.map((r) => r.result.retryAfterSeconds)) };
}

/**
 * Counts one sign-in attempt of `kind` for the phone and for the client address (server/auth/client-address:
 * Express's req.ip, or the shared "unknown" bucket). The first refusal wins; both counters are hit.
 */
export async function checkSignInLimit(
  limits: RateLimits,
  kind: SignInLimitKind,
  phone: string,
  clientAddress: string,
): Promise<RateLimitResult> {
  const request = kind === "code-request";
  const perPhone = request ? SIGN_IN_LIMITS.codeRequestPerPhone : SIGN_IN_LIMITS.codeCheckPerPhone;
  const perAddress = request ? SIGN_IN_LIMITS.codeRequestPerAddress : SIGN_IN_LIMITS.codeCheckPerAddress;
  return limits.check([
    { key: `${kind}:phone:${phone}`, ...perPhone, label: request ? "sms_phone" : "sms_verify" },
    { key: `${kind}:ip:${addressKey(clientAddress)}`, ...perAddress, label: request ? "sms_address" : "sms_verify_address" },
  ]);
}

/**
 * The bucket of a client address (server/auth/client-address: a valid address, or "unknown"): an IPv4 address as it
 * is; an IPv6 address by its /64 ("2001:db8:1:2::/64"), the network one customer gets and picks addresses in freely
 * — counted address by address, a script would be a new client with every request.
 */
export function addressKey(clientAddress: string): string {
  const address = clientAddress.toLowerCase().replace(/%.*$/, "");
  if (isIP(address) !== 6) return clientAddress;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** the eight groups of an IPv6 address, each without leading zeros ("2001:db8::1" → 2001, db8, 0, 0, 0, 0, 0, 1) */
function ipv6Groups(address: string): string[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Who a customer is for the throttles of paid and guessable calls: the signed-in person (the id in the sealed auth
 * cookie, which no one can forge; read without asking the upstream) and always the client address. An anonymous
 * customer is its address alone: whatever else it sends (cookies, cart, headers) is free to change, the address is
 * not (ADR 143).
 */
export interface LimitedCustomer {
  personId: string | null;
  clientAddress: string;
}

/** This request's customer for the throttles (see LimitedCustomer). */
export async function limitedCustomer(rc: Pick<RequestContext, "session" | "clientAddress">): Promise<LimitedCustomer> {
  const auth = await rc.session.get("auth");
  const signedIn = auth.person_token_set && auth.person_profile;
  return { personId: signedIn ? String(auth.person_profile!.id) : null, clientAddress: rc.clientAddress };
}

/**
 * Address suggestions (GET /api/address/suggest): each is a paid Google Places call with the server key. A person
 * typing an address asks 5–15 times; a household or an office behind one address types a few addresses an hour.
 */
export const SUGGEST_LIMITS = {
  perPerson: { limit: 150, windowMs: HOUR },
  perAddress: { limit: 600, windowMs: HOUR },
} as const;

export function checkSuggestLimit(limits: RateLimits, customer: LimitedCustomer): Promise<RateLimitResult> {
  return limits.check([
    ...(customer.personId ? [{ key: `suggest:person:${customer.personId}`, ...SUGGEST_LIMITS.perPerson, label: "suggest" }] : []),
    { key: `suggest:ip:${addressKey(customer.clientAddress)}`, ...SUGGEST_LIMITS.perAddress, label: "suggest_address" },
  ]);
}

/**
 * Promo-code checks (POST /cart intent=promo): a code is a secret worth guessing. Every check counts before the
 * upstream is asked — whether the code is wrong is known only after the call, and counting after it would let a
 * burst of concurrent guesses through before the first one is counted — so the counters count guesses, and a
 * throttled one costs no call. A person types a code or two, with a typo or two: far below the hour's limit; a
 * guesser is stopped after 10 guesses signed in, 20 from one address, and the day's limits stop a patient one.
 */
export const PROMO_LIMITS = {
  perPerson: [
    { limit: 10, windowMs: HOUR },
    { limit: 25, windowMs: DAY },
  ],
  perAddress: [
    { limit: 20, windowMs: HOUR },
    { limit: 50, windowMs: DAY },
  ],
} as const;

export function checkPromoLimit(limits: RateLimits, customer: LimitedCustomer): Promise<RateLimitResult> {
  const address = addressKey(customer.clientAddress);
  const personId = customer.personId;
  return limits.check([
    ...(personId ? PROMO_LIMITS.perPerson.map((w) => ({ key: `promo:person:${w.windowMs}:${personId}`, ...w, label: "promo" })) : []),
    ...PROMO_LIMITS.perAddress.map((w) => ({ key: `promo:ip:${w.windowMs}:${address}`, ...w, label: "promo_address" })),
  ]);
}

/** A wait told to the customer in the unit that reads best: seconds under a minute, minutes up to 90, then hours. */
export function retryWait(seconds: number): { unit: "seconds" | "minutes" | "hours"; count: number } {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return { unit: "seconds", count: s };
  if (s <= 90 * 60) return { unit: "minutes", count: Math.ceil(s / 60) };
  return { unit: "hours", count: Math.ceil(s / 3600) };
}
