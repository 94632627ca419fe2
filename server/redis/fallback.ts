/**
 * Stores that use Redis while it answers and their in-process twins while it does not (issue 14 §4, ADR 070).
 * Each takes the Redis store, the in-process store and the guard; callers see the one interface they had.
 * What is lost during an outage is sharing between containers, never the answer: the catalog is cached in
 * process, rate limits count in process, order outcomes are kept in process as well as in Redis.
 */
import { totalTtl, type CacheEntry } from "@epic-web/cachified";
import type { Redis } from "ioredis";
import type { CatalogStore } from "../upstream/cache";
import type { RedisGuard } from "./guard";

interface RateLimitStoreLike {
  hit(key: string, limit: number, windowMs: number, now?: number): Promise<{ ok: boolean; retryAfterSeconds: number }>;
  reset(): Promise<void>;
}

interface StoredOutcomeLike {
  owner: string;
  value: unknown;
  storedAt: number;
}

interface IdempotencyStoreLike {
  get(key: string): Promise<StoredOutcomeLike | null>;
  set(key: string, value: StoredOutcomeLike, ttlMs: number): Promise<void>;
  claim?(key: string, owner: string, ttlMs: number): Promise<boolean>;
  release?(key: string): Promise<void>;
}

/** The catalog in Redis (shared by the brand's containers), in the process's LRU while Redis is away. */
export function createGuardedCatalogStore(redis: Redis, prefix: string, local: CatalogStore, guard: RedisGuard): CatalogStore {
  const k = (key: string) => `${prefix}:cache:${key}`;
  return {
    name: "redis",
    get: (key) =>
      guard.run(
        async () => {
          const raw = await redis.get(k(key));
          return raw ? (JSON.parse(raw) as CacheEntry) : null;
        },
        async () => (await local.get(key)) ?? null,
      ),
    set: (key, entry) =>
      guard.run(
        async () => {
          const ttl = totalTtl(entry.metadata);
          const raw = JSON.stringify(entry);
          if (Number.isFinite(ttl) && ttl > 0) await redis.set(k(key), raw, "PX", Math.ceil(ttl));
          else await redis.set(k(key), raw);
        },
        async () => void (await local.set(key, entry)),
      ),
    delete: async (key) => {
      await local.delete(key);
      await guard.run(async () => void (await redis.del(k(key))), () => undefined);
    },
    clear: async () => {
      await local.clear();
      await guard.run(
        async () => {
          let cursor = "0";
          do {
            const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:cache:*`, "COUNT", 500);
            if (keys.length) await redis.del(...keys);
            cursor = next;
          } while (cursor !== "0");
        },
        () => undefined,
      );
    },
  };
}

/** Rate limits counted in Redis, in process while Redis is away (a limit is never switched off). */
export function createGuardedRateLimitStore<S extends RateLimitStoreLike>(shared: S, local: S, guard: RedisGuard): S {
  return {
    ...local,
    hit: (key, limit, windowMs, now) => guard.run(() => shared.hit(key, limit, windowMs), () => local.hit(key, limit, windowMs, now)),
    reset: async () => {
      await local.reset();
      await guard.run(() => shared.reset(), () => undefined);
    },
  };
}

/**
 * Order outcomes in Redis and in process: a write always lands in process too, so a form placed while Redis
 * was failing is still replayed by this container; a read falls back to the process's copy. Outcomes that
 * could not be written are written once Redis answers again, so the other containers learn them too. A
 * claim that cannot reach Redis is granted (this process's in-flight map still holds one run per key).
 */
export function createGuardedIdempotencyStore<S extends IdempotencyStoreLike>(shared: S, local: S, guard: RedisGuard): S {
  const unwritten = new Map<string, { value: StoredOutcomeLike; expiresAt: number }>();
  const flush = async () => {
    if (!unwritten.size || guard.state() !== "up") return;
    for (const [key, { value, expiresAt }] of unwritten) {
      const ttlMs = expiresAt - Date.now();
      const written = ttlMs <= 0 || (await guard.run(() => shared.set(key, value, ttlMs).then(() => true), () => false));
      if (!written) return;
      unwritten.delete(key);
    }
  };
  return {
    ...local,
    get: async (key) => {
      await flush();
      return (await guard.run(() => shared.get(key), () => null)) ?? (await local.get(key));
    },
    set: async (key, value, ttlMs) => {
      await local.set(key, value, ttlMs);
      const written = await guard.run(() => shared.set(key, value, ttlMs).then(() => true), () => false);
      if (!written && unwritten.size < 10_000) unwritten.set(key, { value, expiresAt: Date.now() + ttlMs });
    },
    claim: async (key, owner, ttlMs) => {
      await flush();
      return guard.run(() => shared.claim?.(key, owner, ttlMs) ?? Promise.resolve(true), () => true);
    },
    release: (key) => guard.run(() => shared.release?.(key) ?? Promise.resolve(), () => undefined),
  };
}
