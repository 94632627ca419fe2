/**
 * Order idempotency (DESIGN.md "Where state lives": order idempotency keys are in-process by default, Redis
 * when REDIS_URL is set). A checkout form carries a key generated when the cart page rendered; the first
 * submission with that key runs the upstream call, every later one — a double click, a refresh after the
 * POST, a resubmit from history, a concurrent second request — gets the same outcome without a second
 * upstream call.
 *
 * `IdempotencyStore` is the small interface a shared (Redis) store implements: settled outcomes are plain
 * JSON with a TTL. The in-flight map is per process by nature; with several processes a Redis store would add
 * a `SET key NX` claim before running (see docs/decisions/041-order-idempotency.md).
 */

import { log } from "../log";
import { createRedisIdempotencyStore } from "../redis";
import { createGuardedIdempotencyStore } from "../redis/fallback";
import type { SharedRedis } from "../redis/shared";

export interface IdempotencyStore {
  get(key: string): Promise<StoredOutcome | null>;
  set(key: string, value: StoredOutcome, ttlMs: number): Promise<void>;
  /**
   * Shared stores only (Redis): claims a key across processes before the work runs; false when another
   * process holds it. In-process stores need no claim (the in-flight map covers the one process).
   */
  claim?(key: string, owner: string, ttlMs: number): Promise<boolean>;
  release?(key: string): Promise<void>;
}

/** Another container is placing the order of this form right now and did not finish in time. */
export class IdempotencyInProgress extends Error {
  constructor() {
    super("The order of this form is being placed by another server");
    this.name = "IdempotencyInProgress";
  }
}

const CLAIM_TTL_MS = 60_000;
const CLAIM_WAIT_MS = 20_000;
const CLAIM_POLL_MS = 200;

/** What is kept per key: who placed it and the result (only successes are kept; failures may be retried). */
export interface StoredOutcome {
  owner: string;
  value: unknown;
  storedAt: number;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 10_000;

export function createMemoryIdempotencyStore(now: () => number = Date.now): IdempotencyStore {
  const entries = new Map<string, { value: StoredOutcome; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return null;
      }
      return entry.value;
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      // bounded: drop the oldest when full (insertion order)
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
  };
}

export class IdempotencyOwnerMismatch extends Error {
  constructor() {
    super("The idempotency key belongs to another customer");
    this.name = "IdempotencyOwnerMismatch";
  }
}

export interface Idempotent {
  /**
   * Runs `work` once per key: a settled success is returned from the store; a run in flight is shared;
   * a failure is not stored (the customer may fix the cart and submit the same form again).
   */
  run<T>(key: string, owner: string, work: () => Promise<T>): Promise<{ value: T; replayed: boolean }>;
  /** the stored success of a key, when the owner matches */
  lookup<T>(key: string, owner: string): Promise<T | null>;
}

export function createIdempotent(store: IdempotencyStore, options: { ttlMs?: number; now?: () => number } = {}): Idempotent {
  const inFlight = new Map<string, { owner: string; promise: Promise<unknown> }>();
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  const now = options.now ?? Date.now;
  return {
    async run<T>(key: string, owner: string, work: () => Promise<T>) {
      const running = inFlight.get(key);
      if (running) {
        if (running.owner !== owner) throw new IdempotencyOwnerMismatch();
        return { value: (await running.promise) as T, replayed: true };
      }
      // claim synchronously, before any await, so a concurrent call sees the in-flight run
      let resolveClaim!: (value: unknown) => void;
      let rejectClaim!: (error: unknown) => void;
      const claim = new Promise<unknown>((resolve, reject) => {
        resolveClaim = resolve;
        rejectClaim = reject;
      });
      claim.catch(() => undefined);
      inFlight.set(key, { owner, promise: claim });
      try {
        const stored = await attempt("read", key, () => store.get(key), null);
        if (stored) {
          if (stored.owner !== owner) throw new IdempotencyOwnerMismatch();
          resolveClaim(stored.value);
          return { value: stored.value as T, replayed: true };
        }
        const claim = store.claim?.bind(store);
        if (claim && !(await attempt("claim", key, () => claim(key, owner, CLAIM_TTL_MS), true))) {
          // another container runs this key: wait for its outcome instead of ordering twice
          const settled = await waitForOutcome(store, key);
          if (!settled) throw new IdempotencyInProgress();
          if (settled.owner !== owner) throw new IdempotencyOwnerMismatch();
          resolveClaim(settled.value);
          return { value: settled.value as T, replayed: true };
        }
        try {
          const value = await work();
          // issue 14 §5: the order exists now. Failing to record it must not turn it into a failure: the
          // customer is answered with their order (and the cart is cleared); the miss is logged
          const recorded = await attempt("record", key, () => store.set(key, { owner, value, storedAt: now() }, ttlMs).then(() => true), false);
          if (!recorded) log("error", "order placed but its outcome was not recorded: a resubmit of this form is not recognised", { key });
          resolveClaim(value);
          return { value, replayed: false };
        } finally {
          const release = store.release?.bind(store);
          if (release) await attempt("release", key, () => release(key), undefined);
        }
      } catch (error) {
        rejectClaim(error);
        throw error;
      } finally {
        inFlight.delete(key);
      }
    },
    async lookup<T>(key: string, owner: string) {
      const stored = await attempt("read", key, () => store.get(key), null);
      return stored && stored.owner === owner ? (stored.value as T) : null;
    },
  };
}

/** one store call that must not fail the order: a failure is logged and answered with `fallback` */
async function attempt<T>(what: string, key: string, op: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await op();
  } catch (error) {
    log("warn", `idempotency store failed (${what})`, { key, message: error instanceof Error ? error.message : String(error) });
    return fallback;
  }
}

async function waitForOutcome(store: IdempotencyStore, key: string): Promise<StoredOutcome | null> {
  for (let waited = 0; waited < CLAIM_WAIT_MS; waited += CLAIM_POLL_MS) {
    await new Promise((r) => setTimeout(r, CLAIM_POLL_MS));
    const stored = await attempt("read", key, () => store.get(key), null);
    if (stored) return stored;
  }
  return null;
}

/**
 * Order idempotency for this process: with REDIS_URL every container of the brand sees the same keys and claims
 * (issue 8); outcomes are kept in process too, and while Redis is away only in process (ADR 070).
 */
export function createOrderIdempotency(redis: SharedRedis | null): Idempotent {
  return createIdempotent(
    redis
      ? createGuardedIdempotencyStore<IdempotencyStore>(createRedisIdempotencyStore(redis.client, redis.prefix), createMemoryIdempotencyStore(), redis.guard)
      : createMemoryIdempotencyStore(),
  );
}

/** A fresh key for a checkout form: 128 random bits, URL-safe. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export const IDEMPOTENCY_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
