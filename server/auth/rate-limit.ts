/**
 * Rate limits of the sign-in flow (issue 6: "Rate limits on code requests and code checks per phone and per
 * client address"). A fixed-window counter behind a tiny interface, so a Redis implementation (INCR + PEXPIRE,
 * DESIGN.md "Where state lives") can replace the in-process one when many containers share a brand.
 */
import { log } from "../log";
import { createRedisRateLimitStore } from "../redis";
import { createGuardedRateLimitStore } from "../redis/fallback";
import type { SharedRedis } from "../redis/shared";
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
    { key: `${kind}:ip:${clientAddress}`, ...perAddress, label: request ? "sms_address" : "sms_verify_address" },
  ]);
}
