/**
 * Shared state for many containers of one brand (issue 8, DESIGN.md "Where state lives"): with
 * REDIS_URL set, the catalog cache, the rate limits and the order ledger (server/orders/ledger.ts) live in Redis;
 * without it they stay in process. Each store implements the same small interface as its in-process
 * twin, so callers never know which one they have. Keys are prefixed with the brand's white-label.
 */
import { totalTtl, type CacheEntry } from "@epic-web/cachified";
import { Redis } from "ioredis";
import type { CatalogStore } from "../upstream/cache";

export type RedisClient = Redis;

/** ms a command may take before it fails (and the guard falls back to the in-process store) */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

export function createRedis(url: string, options: { commandTimeoutMs?: number } = {}): Redis {
  return new Redis(url, {
    // Redis is an accelerator (ADR 070): while it is away a command fails at once instead of queueing or
    // retrying, and one that hangs fails after the timeout; server/redis/guard.ts then answers in process
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 1_000,
    // keep reconnecting in the background, at most once a second
    retryStrategy: (times) => Math.min(times * 100, 1_000),
    lazyConnect: false,
  });
}

/** Resolves once the client is connected (tests, start-up checks); rejects after `timeoutMs`. */
export function redisReady(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error("redis not ready"));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
  });
}

/**
 * cachified entries as JSON; Redis expires them once TTL + stale-while-revalidate are over. A cache must
 * never take the storefront down: while Redis is unreachable reads are misses and writes are skipped.
 */
export function createRedisCatalogStore(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void = () => {},
): CatalogStore {
  const k = (key: string) => `${prefix}:cache:${key}`;
  return {
    name: "redis",
    async get(key) {
      try {
        const raw = await redis.get(k(key));
        return raw ? (JSON.parse(raw) as CacheEntry) : null;
      } catch (error) {
        onError(error);
        return null;
      }
    },
    async set(key, entry) {
      const ttl = totalTtl(entry.metadata);
      const raw = JSON.stringify(entry);
      try {
        if (Number.isFinite(ttl) && ttl > 0) await redis.set(k(key), raw, "PX", Math.ceil(ttl));
        else await redis.set(k(key), raw);
      } catch (error) {
        onError(error);
      }
    },
    async delete(key) {
      await redis.del(k(key)).catch(onError);
    },
    async clear() {
      await deleteByPattern(redis, `${prefix}:cache:*`);
    },
  };
}

export interface RateLimitResult {
  ok: boolean;
  retryAfterSeconds: number;
}

/** Fixed windows with INCR + PEXPIRE: the first hit of a window sets its expiry. */
export function createRedisRateLimitStore(redis: Redis, prefix: string) {
  const k = (key: string) => `${prefix}:rate:${key}`;
  return {
    async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
      const result = await redis.multi().incr(k(key)).pexpire(k(key), windowMs, "NX").pttl(k(key)).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      if (count > limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      return { ok: true, retryAfterSeconds: 0 };
    },
    async reset() {
      await deleteByPattern(redis, `${prefix}:rate:*`);
    },
  };
}

async function deleteByPattern(redis: Redis, pattern: string) {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}
