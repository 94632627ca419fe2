/**
 * Stores that use Redis while it answers and their in-process twins while it does not (issue 14 §4, ADR 070).
 * Each takes the Redis store, the in-process store and the guard; callers see the one interface they had.
 * What is lost during an outage is sharing between containers, never the answer: the catalog is cached in
 * process, rate limits count in process. The order ledger is not here: it fails closed (ADR 145).
 */
import { totalTtl, type CacheEntry } from "@epic-web/cachified";
import type { Redis } from "ioredis";
import type { CatalogStore } from "../upstream/cache";
import type { RedisGuard } from "./guard";

interface RateLimitStoreLike {
  hit(key: string, limit: number, windowMs: number, now?: number): Promise<{ ok: boolean; retryAfterSeconds: number }>;
  reset(): Promise<void>;
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
