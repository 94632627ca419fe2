/**
 * Rate limits of the sign-in flow (issue 6: "Rate limits on code requests and code checks per phone and per
 * client address"). A fixed-window counter behind a tiny interface, so a Redis implementation (INCR + PEXPIRE,
 * DESIGN.md "Where state lives") can replace the in-process one when many containers share a brand.
 */
import { log } from "../log";
import { createRedisRateLimitStore } from "../redis";
import { createGuardedRateLimitStore } from "../redis/fallback";
import { getSharedRedis, redisPrefix } from "../redis/shared";
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

const KEY = Symbol.for("storefront.auth.rateLimits");
type Holder = { [KEY]?: RateLimitStore };

/**
 * The process-wide store (kept on globalThis so dev reloads do not reset it): Redis when REDIS_URL is set
 * (shared by every container of the brand, server/redis) with in-process counters while Redis is away
 * (ADR 070), else in process.
 */
export function getRateLimitStore(): RateLimitStore {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const shared = getSharedRedis();
    holder[KEY] = shared
      ? createGuardedRateLimitStore<RateLimitStore>(createRedisRateLimitStore(shared.client, redisPrefix()), createMemoryRateLimitStore(), shared.guard)
      : createMemoryRateLimitStore();
  }
  return holder[KEY]!;
}

/** Tests only: the next getRateLimitStore() reads REDIS_URL again. */
export function resetRateLimitStoreForTests() {
  delete (globalThis as Holder)[KEY];
}

const LAST_RESORT = Symbol.for("storefront.auth.rateLimits.lastResort");
/** counters of a store that threw (one not guarded by server/redis/guard): limits stay on, in process */
function lastResortStore(): RateLimitStore {
  const holder = globalThis as { [LAST_RESORT]?: RateLimitStore };
  return (holder[LAST_RESORT] ??= createMemoryRateLimitStore());
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
export async function checkLimits(checks: LimitCheck[], store: RateLimitStore): Promise<RateLimitResult> {
  const hitAll = (s: RateLimitStore) => Promise.all(checks.map((c) => s.hit(c.key, c.limit, c.windowMs)));
  let results: RateLimitResult[];
  try {
    results = await hitAll(store);
  } catch (error) {
    log("warn", "rate limit store unavailable: counting in process", { message: error instanceof Error ? error.message : String(error) });
    results = await hitAll(lastResortStore());
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
  kind: SignInLimitKind,
  phone: string,
  clientAddress: string,
  store: RateLimitStore = getRateLimitStore(),
): Promise<RateLimitResult> {
  const request = kind === "code-request";
  const perPhone = request ? SIGN_IN_LIMITS.codeRequestPerPhone : SIGN_IN_LIMITS.codeCheckPerPhone;
  const perAddress = request ? SIGN_IN_LIMITS.codeRequestPerAddress : SIGN_IN_LIMITS.codeCheckPerAddress;
  return checkLimits(
    [
      { key: `${kind}:phone:${phone}`, ...perPhone, label: request ? "sms_phone" : "sms_verify" },
      { key: `${kind}:ip:${clientAddress}`, ...perAddress, label: request ? "sms_address" : "sms_verify_address" },
    ],
    store,
  );
}
