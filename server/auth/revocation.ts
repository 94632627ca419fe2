/**
 * Sign-out revokes the session, not only the browser's cookie (issue 14 §10, ADR 073). The auth cookie
 * carries a random session id; sign-out lists it as revoked for the longest time a copy of the cookie can
 * live (30 days, the cookie's max age), and a request whose session id is listed is signed out. With Redis
 * the list is shared by every container (`SET sf:<brand>:revoked:<id> PX`), and kept in process too; without
 * Redis it lives in the one process, so a restart forgets it.
 *
 * A sign-out outlives Redis going away (ADR 144): it is written through to Redis at once by the container that
 * handled it; one Redis did not take (down, hung, full) is written as soon as Redis answers again — retried on a
 * timer while any is pending, not at some later request —; and every time the connection is made again (a
 * restarted Redis may have lost its data) the container writes back every revocation it holds, so a restart of a
 * Redis without persistence loses none while any container that knew of it runs.
 */
import { ReplyError, type Redis } from "ioredis";
import type { RedisGuard } from "../redis/guard";
import type { SharedRedis } from "../redis/shared";

/** the auth cookie's max age (server/session.ts): no copy of a cookie outlives this after sign-out */
export const REVOCATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** entries kept in process (and written back to Redis): the oldest go first past this */
export const REVOCATIONS_KEPT = 100_000;

export interface RevocationStore {
  revoke(sessionId: string, ttlMs?: number): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
}

/** The in-process list, which can also say what it holds (to write it back to a Redis that lost it). */
export interface LocalRevocationStore extends RevocationStore {
  /** every revocation still in force, with the time it has left */
  live(): { id: string; ttlMs: number }[];
}

export function createMemoryRevocationStore(maxEntries = REVOCATIONS_KEPT, now: () => number = Date.now): LocalRevocationStore {
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
    live() {
      const at = now();
      const out: { id: string; ttlMs: number }[] = [];
      for (const [id, until] of revoked) {
        if (until > at) out.push({ id, ttlMs: until - at });
        else revoked.delete(id);
      }
      return out;
    },
  };
}

export interface GuardedRevocationOptions {
  /** how often revocations Redis has not taken yet are tried again while any is pending (ms) */
  retryMs?: number;
  /** SETs per pipeline when many are written at once */
  batch?: number;
  now?: () => number;
}

/** A guarded revocation list and what it still owes Redis (tests, diagnostics). */
export interface GuardedRevocationStore extends RevocationStore {
  /** revocations made here that Redis has not taken yet */
  pending(): number;
  /** writes what Redis is owed now (the timer and the connection's `ready` call it too); true when nothing is left */
  flush(): Promise<boolean>;
}

export function createGuardedRevocationStore(
  redis: Redis,
  prefix: string,
  local: LocalRevocationStore,
  guard: RedisGuard,
  options: GuardedRevocationOptions = {},
): GuardedRevocationStore {
  const retryMs = options.retryMs ?? 1_000;
  const batch = options.batch ?? 500;
  const now = options.now ?? Date.now;
  const k = (id: string) => `${prefix}:revoked:${id}`;
  /** revocations Redis has not taken: id → when it expires */
  const unwritten = new Map<string, number>();
  /** the connection was made again: Redis may have restarted empty, so everything held here is written back */
  let writeBackAll = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing: Promise<boolean> | null = null;

  /** SET … PX for each entry, in pipelines; the ids Redis took (stops at the first batch that fails) */
  async function write(entries: { id: string; ttlMs: number }[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (let i = 0; i < entries.length; i += batch) {
      const part = entries.slice(i, i + batch);
      const ok = await guard.run(
        async () => {
          const pipeline = redis.pipeline();
          for (const { id, ttlMs } of part) pipeline.set(k(id), "1", "PX", Math.max(1, Math.ceil(ttlMs)));
          const results = (await pipeline.exec()) ?? [];
          // a command that failed in the pipeline for want of an answer (not an error reply such as OOM, which leaves
          // that one owed) fails the batch: the guard counts it and the rest waits for the next try
          const failed = results.find(([error]) => error && !(error instanceof ReplyError));
          if (failed?.[0]) throw failed[0];
          results.forEach(([error], index) => {
            if (!error) taken.add(part[index]!.id);
          });
          return true;
        },
        () => false,
      );
      if (!ok) break;
    }
    return taken;
  }

  async function flushOnce(): Promise<boolean> {
    if (writeBackAll) {
      writeBackAll = false;
      // everything this process holds: its own sign-outs and those it learnt of through Redis
      for (const { id, ttlMs } of local.live()) if (!unwritten.has(id)) unwritten.set(id, now() + ttlMs);
    }
    const at = now();
    const owed: { id: string; ttlMs: number }[] = [];
    for (const [id, until] of unwritten) {
      if (until > at) owed.push({ id, ttlMs: until - at });
      else unwritten.delete(id);
    }
    if (owed.length === 0) return true;
    for (const id of await write(owed)) unwritten.delete(id);
    return unwritten.size === 0;
  }

  function flush(): Promise<boolean> {
    // one flush at a time: `ready`, the timer and a test may ask together
    flushing ??= flushOnce().finally(() => {
      flushing = null;
    });
    return flushing.then((done) => {
      if (!done) schedule();
      return done;
    });
  }

  function schedule() {
    // a client we disconnected ourselves never comes back: nothing to wait for
    if (timer || redis.status === "end") return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, retryMs);
    // pending writes never keep the process alive
    timer.unref?.();
  }

  // the connection is (again) ready: Redis may be a restarted one that lost what it held. Written once every
  // listener of the event ran (the guard's among them: it closes its breaker on `ready`).
  redis.on("ready", () => {
    writeBackAll = true;
    queueMicrotask(() => void flush());
  });

  return {
    async revoke(id, ttlMs = REVOCATION_TTL_MS) {
      await local.revoke(id, ttlMs);
      // written through at once; what Redis does not take now is owed to it
      const taken = await write([{ id, ttlMs }]);
      if (taken.has(id)) return;
      if (unwritten.size >= REVOCATIONS_KEPT) unwritten.delete(unwritten.keys().next().value as string);
      unwritten.set(id, now() + ttlMs);
      schedule();
    },
    async isRevoked(id) {
      if (await local.isRevoked(id)) return true;
      // a sign-out another container handled: kept here too for the time it has left, so that this container
      // answers it without Redis from now on and writes it back to a Redis that lost it
      const ttlMs = await guard.run(async () => redis.pttl(k(id)), () => -2);
      if (ttlMs === -2) return false;
      // -1: a key without expiry (not one of ours): kept for the longest a cookie lives
      await local.revoke(id, ttlMs === -1 ? REVOCATION_TTL_MS : Math.max(1, ttlMs));
      return true;
    },
    pending: () => unwritten.size,
    flush,
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
