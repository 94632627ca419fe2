/**
 * Rate limits of the sign-in flow (issue 6: "Rate limits on code requests and code checks per phone and per
 * client address"). A fixed-window counter behind a tiny interface, so a Redis implementation (INCR + PEXPIRE,
 * DESIGN.md "Where state lives") can replace the in-process one when many containers share a brand.
 */
import { getRedis, redisPrefix } from "../context";
import { log } from "../log";
import { createRedisRateLimitStore } from "../redis";
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
 * (shared by every container of the brand, server/redis), else in process.
 */
export function getRateLimitStore(): RateLimitStore {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const redis = getRedis();
    holder[KEY] = redis ? createRedisRateLimitStore(redis, redisPrefix()) : createMemoryRateLimitStore();
  }
  return holder[KEY]!;
}

/**
 * Counts one sign-in attempt of `kind` for the phone and for the client address (null address: only the
 * phone is limited). The first refusal wins; both counters are hit so a refused script keeps being refused.
 */
export async function checkSignInLimit(
  kind: SignInLimitKind,
  phone: string,
  clientAddress: string | null,
  store: RateLimitStore = getRateLimitStore(),
): Promise<RateLimitResult> {
  const perPhone = kind === "code-request" ? SIGN_IN_LIMITS.codeRequestPerPhone : SIGN_IN_LIMITS.codeCheckPerPhone;
  const perAddress = kind === "code-request" ? SIGN_IN_LIMITS.codeRequestPerAddress : SIGN_IN_LIMITS.codeCheckPerAddress;
  let results: RateLimitResult[];
  try {
    results = await Promise.all([
      store.hit(`${kind}:phone:${phone}`, perPhone.limit, perPhone.windowMs),
      clientAddress ? store.hit(`${kind}:ip:${clientAddress}`, perAddress.limit, perAddress.windowMs) : Promise.resolve({ ok: true, retryAfterSeconds: 0 }),
    ]);
  } catch (error) {
    // a limit store that is away (Redis down) must not stop sign-in: the upstream keeps its own SMS rules
    log("warn", "rate limit store unavailable", { message: error instanceof Error ? error.message : String(error) });
    return { ok: true, retryAfterSeconds: 0 };
  }
  const refused = results.filter((r) => !r.ok);
  if (!refused.length) return { ok: true, retryAfterSeconds: 0 };
  return { ok: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
}
