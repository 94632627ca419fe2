/**
 * Sign-out revokes the session, not only the browser's cookie (issue 14 §10, ADR 073). The auth cookie
 * carries a random session id; sign-out lists it as revoked for the longest time a copy of the cookie can
 * live (30 days, the cookie's max age), and a request whose session id is listed is signed out. With Redis
 * the list is shared by every container (`SET sf:<brand>:revoked:<id> PX`), and kept in process too (and
 * only in process while Redis is away); without Redis it lives in the one process, so a restart forgets it.
 */
import type { Redis } from "ioredis";
import type { RedisGuard } from "../redis/guard";
import type { SharedRedis } from "../redis/shared";

/** the auth cookie's max age (server/session.ts): no copy of a cookie outlives this after sign-out */
export const REVOCATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export interface RevocationStore {
  revoke(sessionId: string, ttlMs?: number): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
}

export function createMemoryRevocationStore(maxEntries = 100_000, now: () => number = Date.now): RevocationStore {
  const revoked = new Map<string, number>();
  return {
    async revoke(id, ttlMs = REVOCATION_TTL_MS) {
      revoked.delete(id);
      revoked.set(id, now() + ttlMs);
      // bounded: expired entries go first, then the oldest
      if (revoked.size > maxEntries) for (const [k, until] of revoked) if (until <= now()) revoked.delete(k);
      while (revoked.size > maxEntries) revoked.delete(revoked.keys().next().value as string);
    },
    async isRevoked(id) {
      const until = revoked.get(id);
      if (until === undefined) return false;
      if (until > now()) return true;
      revoked.delete(id);
      return false;
    },
  };
}

export function createGuardedRevocationStore(redis: Redis, prefix: string, local: RevocationStore, guard: RedisGuard): RevocationStore {
  const k = (id: string) => `${prefix}:revoked:${id}`;
  return {
    async revoke(id, ttlMs = REVOCATION_TTL_MS) {
      await local.revoke(id, ttlMs);
      await guard.run(async () => void (await redis.set(k(id), "1", "PX", ttlMs)), () => undefined);
    },
    async isRevoked(id) {
      if (await local.isRevoked(id)) return true;
      return guard.run(async () => (await redis.exists(k(id))) === 1, () => false);
    },
  };
}

/** The revocation list: shared through Redis when configured (kept in process too), else in process. */
export function createRevocationStore(redis: SharedRedis | null): RevocationStore {
  const local = createMemoryRevocationStore();
  return redis ? createGuardedRevocationStore(redis.client, redis.prefix, local, redis.guard) : local;
}

/** a fresh session id for a sign-in: 128 random bits */
export function newSessionId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
}
