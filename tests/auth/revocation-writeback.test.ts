/**
 * A sign-out outlives Redis going away (ADR 144), against a Redis whose every answer the test chooses: one that
 * answers a SET with an error (OOM under noeviction) while the connection stays up, one that leaves a SET of a
 * pipeline unanswered (a timeout, a dropped connection), one that comes back empty. What is owed is retried on a
 * timer, written back in batches with the time each revocation has left, and bounded; a sign-out another container
 * handled is kept here for the time it had left in Redis.
 */
import { EventEmitter } from "node:events";
import { ReplyError, type Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createGuardedRevocationStore,
  createMemoryRevocationStore,
  REVOCATION_TTL_MS,
  REVOCATIONS_KEPT,
  type GuardedRevocationOptions,
  type LocalRevocationStore,
} from "~server/auth/revocation";
import { createRedisGuard, type GuardedClient } from "~server/redis/guard";

/** how Redis answers one SET: taken, refused with an error reply, or never answered */
type Answer = "ok" | "oom" | "no-answer";

interface SentSet {
  key: string;
  value: string;
  px: number;
}

/** A Redis connection of the test's own: the SETs it was sent, pipeline by pipeline, and the keys it holds. */
class FakeRedis extends EventEmitter {
  status = "ready";
  /** how each SET is answered (all taken unless a test says otherwise) */
  answer: (key: string) => Answer = () => "ok";
  readonly pipelines: SentSet[][] = [];
  /** key → when it expires (Infinity: a key without expiry) */
  readonly keys = new Map<string, number>();

  constructor(private readonly now: () => number) {
    super();
  }

  pipeline() {
    const sent: SentSet[] = [];
    const pipeline = {
      set: (key: string, value: string, _px: "PX", ms: number) => {
        sent.push({ key, value, px: ms });
        return pipeline;
      },
      exec: async (): Promise<[Error | null, unknown][]> => {
        this.pipelines.push(sent);
        return sent.map(({ key, px }): [Error | null, unknown] => {
          const answer = this.answer(key);
          if (answer === "oom") return [new ReplyError("OOM command not allowed when used memory > 'maxmemory'."), null];
          if (answer === "no-answer") return [new Error("Command timed out"), null];
          this.keys.set(key, this.now() + px);
          return [null, "OK"];
        });
      },
    };
    return pipeline;
  }

  async pttl(key: string): Promise<number> {
    const until = this.keys.get(key);
    if (until === undefined) return -2;
    if (until === Infinity) return -1;
    if (until <= this.now()) {
      this.keys.delete(key);
      return -2;
    }
    return until - this.now();
  }

  /** the ids of the revocations Redis holds now */
  held(): string[] {
    return [...this.keys].filter(([, until]) => until > this.now()).map(([key]) => key.slice(`${PREFIX}:revoked:`.length));
  }

  /** the ids sent, pipeline by pipeline */
  sent(): string[][] {
    return this.pipelines.map((p) => p.map(({ key }) => key.slice(`${PREFIX}:revoked:`.length)));
  }

  /** the connection is lost (the guard falls back at once) */
  lose() {
    this.status = "reconnecting";
    this.emit("close");
  }

  /** the connection is made again, as ioredis reports it */
  reconnect() {
    this.status = "ready";
    this.emit("ready");
  }
}

const PREFIX = "sf:test";
const DAY = 24 * 60 * 60 * 1000;

let now = 0;
const clock = () => now;

/** one container: its in-process list, its connection and its guarded list */
function container(options: GuardedRevocationOptions & { local?: LocalRevocationStore; redis?: FakeRedis } = {}) {
  const redis = options.redis ?? new FakeRedis(clock);
  const local = options.local ?? createMemoryRevocationStore(undefined, clock);
  const guard = createRedisGuard(redis as unknown as GuardedClient, { now: clock });
  const store = createGuardedRevocationStore(redis as unknown as Redis, PREFIX, local, guard, { now: clock, ...options });
  return { redis, local, store };
}

beforeEach(() => {
  vi.useFakeTimers();
  now = 1_000_000;
});
afterEach(() => {
  vi.useRealTimers();
});

/** lets `ms` pass on the test's clock and fires the timers due by then */
async function pass(ms: number) {
  now += ms;
  await vi.advanceTimersByTimeAsync(ms);
}

describe("a sign-out Redis takes at once", () => {
  it("is owed to no one: nothing pending, nothing retried, and another container sees it", async () => {
    const a = container();
    for (const id of ["s-1", "s-2", "s-3"]) await a.store.revoke(id);
    expect(a.store.pending()).toBe(0);
    expect(a.redis.held()).toEqual(["s-1", "s-2", "s-3"]);
    expect(a.redis.pipelines.flat().map(({ px }) => px)).toEqual([REVOCATION_TTL_MS, REVOCATION_TTL_MS, REVOCATION_TTL_MS]);
    expect(vi.getTimerCount()).toBe(0);
    expect(await a.store.flush()).toBe(true);
    const b = container({ redis: a.redis });
    expect(await b.store.isRevoked("s-2")).toBe(true);
    expect(await b.store.isRevoked("s-4")).toBe(false);
  });
});

describe("a sign-out Redis answers with an error (OOM under noeviction) while the connection stays up", () => {
  it("is refused here meanwhile and reaches Redis on the retry timer, with no reconnection to trigger it", async () => {
    const { redis, store } = container();
    redis.answer = () => "oom";
    await store.revoke("s-1");
    expect(store.pending()).toBe(1);
    expect(await store.isRevoked("s-1")).toBe(true);
    redis.answer = () => "ok";
    // not before the default second: a Redis that refuses is not hammered
    await pass(999);
    expect(redis.held()).toEqual([]);
    await pass(1);
    expect(redis.held()).toEqual(["s-1"]);
    expect(store.pending()).toBe(0);
  });

  it("is tried again every interval it was given for as long as Redis refuses, and no longer once taken", async () => {
    const { redis, store } = container({ retryMs: 5_000 });
    redis.answer = () => "oom";
    await store.revoke("s-1");
    await pass(4_999);
    expect(redis.pipelines).toHaveLength(1);
    await pass(1);
    expect(redis.pipelines).toHaveLength(2);
    await pass(5_000);
    expect(redis.pipelines).toHaveLength(3);
    redis.answer = () => "ok";
    await pass(5_000);
    expect(redis.held()).toEqual(["s-1"]);
    // nothing owed: no timer keeps firing
    expect(vi.getTimerCount()).toBe(0);
    await pass(60_000);
    expect(redis.pipelines).toHaveLength(4);
  });

  it("says by its flush whether Redis still owes anything", async () => {
    const { redis, store } = container();
    redis.answer = () => "oom";
    await store.revoke("s-1");
    expect(await store.flush()).toBe(false);
    redis.answer = () => "ok";
    expect(await store.flush()).toBe(true);
    expect(store.pending()).toBe(0);
  });

  it("keeps one retry timer for all the sign-outs Redis refused", async () => {
    const { redis, store } = container();
    redis.answer = () => "oom";
    for (const id of ["s-1", "s-2", "s-3"]) await store.revoke(id);
    expect(store.pending()).toBe(3);
    expect(vi.getTimerCount()).toBe(1);
  });

  it("on a retry, writes only what Redis refused, not the sign-outs it already holds", async () => {
    const { redis, store } = container();
    await store.revoke("taken");
    redis.answer = (key) => (key.endsWith(":refused") ? "oom" : "ok");
    await store.revoke("refused");
    redis.answer = () => "ok";
    await pass(1_000);
    expect(redis.sent()).toEqual([["taken"], ["refused"], ["refused"]]);
  });

  it("in a write-back, leaves only the refused SET owed: the rest of its batch and the next batches are written", async () => {
    const local = createMemoryRevocationStore(undefined, clock);
    for (const id of ["s-1", "s-2", "s-3", "s-4", "s-5"]) await local.revoke(id);
    const { redis, store } = container({ local, batch: 2 });
    redis.answer = (key) => (key.endsWith(":s-1") ? "oom" : "ok");
    redis.reconnect();
    expect(await store.flush()).toBe(false);
    expect(redis.sent()).toEqual([["s-1", "s-2"], ["s-3", "s-4"], ["s-5"]]);
    expect(redis.held()).toEqual(["s-2", "s-3", "s-4", "s-5"]);
    expect(store.pending()).toBe(1);
  });
});

describe("a write-back where a SET of a pipeline got no answer (a timeout, a dropped connection)", () => {
  it("stops at that batch: the later batches wait for the next try instead of piling onto a Redis that does not answer", async () => {
    const local = createMemoryRevocationStore(undefined, clock);
    for (const id of ["s-1", "s-2", "s-3", "s-4", "s-5", "s-6"]) await local.revoke(id);
    const { redis, store } = container({ local, batch: 2 });
    redis.answer = (key) => (key.endsWith(":s-2") ? "no-answer" : "ok");
    redis.reconnect();
    expect(await store.flush()).toBe(false);
    expect(redis.sent()).toEqual([["s-1", "s-2"]]);
    // the whole batch is owed still, and so is everything after it
    expect(store.pending()).toBe(6);
    redis.answer = () => "ok";
    await pass(1_000);
    expect(redis.sent().slice(1)).toEqual([
      ["s-1", "s-2"],
      ["s-3", "s-4"],
      ["s-5", "s-6"],
    ]);
    expect(redis.held()).toEqual(["s-1", "s-2", "s-3", "s-4", "s-5", "s-6"]);
    expect(store.pending()).toBe(0);
  });

  it("also when the SET left unanswered is the first of its batch", async () => {
    const local = createMemoryRevocationStore(undefined, clock);
    for (const id of ["s-1", "s-2", "s-3", "s-4"]) await local.revoke(id);
    const { redis, store } = container({ local, batch: 2 });
    redis.answer = (key) => (key.endsWith(":s-1") ? "no-answer" : "ok");
    redis.reconnect();
    expect(await store.flush()).toBe(false);
    expect(redis.sent()).toEqual([["s-1", "s-2"]]);
    expect(store.pending()).toBe(4);
  });
});

describe("the write-back to a Redis that came back (maybe restarted empty)", () => {
  it("writes back every revocation held, in pipelines of the batch size, each with the time it has left", async () => {
    const local = createMemoryRevocationStore(undefined, clock);
    await local.revoke("s-1", 10_000);
    await local.revoke("s-2", 20_000);
    now += 1_000;
    await local.revoke("s-3", 30_000);
    await local.revoke("s-4");
    const { redis, store } = container({ local, batch: 2 });
    redis.lose();
    now += 4_000;
    redis.reconnect();
    expect(await store.flush()).toBe(true);
    expect(redis.pipelines.map((p) => p.map(({ key, px }) => [key, px]))).toEqual([
      [
        [`${PREFIX}:revoked:s-1`, 5_000],
        [`${PREFIX}:revoked:s-2`, 15_000],
      ],
      [
        [`${PREFIX}:revoked:s-3`, 26_000],
        [`${PREFIX}:revoked:s-4`, REVOCATION_TTL_MS - 4_000],
      ],
    ]);
    expect(store.pending()).toBe(0);
  });

  it("writes back a sign-out it learnt from another container too", async () => {
    const { redis, store } = container();
    // written by another container: this one never saw the sign-out
    redis.keys.set(`${PREFIX}:revoked:elsewhere`, now + 60_000);
    expect(await store.isRevoked("elsewhere")).toBe(true);
    redis.lose();
    redis.keys.clear(); // restarted empty
    now += 10_000;
    redis.reconnect();
    expect(await store.flush()).toBe(true);
    expect(redis.pipelines.flat()).toEqual([{ key: `${PREFIX}:revoked:elsewhere`, value: "1", px: 50_000 }]);
    expect(redis.held()).toEqual(["elsewhere"]);
  });

  it("is done once: a sign-out Redis refuses afterwards is retried alone, not with the whole list again", async () => {
    const local = createMemoryRevocationStore(undefined, clock);
    for (const id of ["s-1", "s-2"]) await local.revoke(id);
    const { redis, store } = container({ local });
    redis.reconnect();
    expect(await store.flush()).toBe(true);
    redis.answer = () => "oom";
    await store.revoke("s-3");
    redis.answer = () => "ok";
    await pass(1_000);
    expect(redis.sent()).toEqual([["s-1", "s-2"], ["s-3"], ["s-3"]]);
  });

  it("is not done without a reconnection: with nothing owed, a flush sends Redis nothing", async () => {
    const local = createMemoryRevocationStore(undefined, clock);
    for (const id of ["s-1", "s-2"]) await local.revoke(id);
    const { redis, store } = container({ local });
    expect(await store.flush()).toBe(true);
    expect(redis.pipelines).toEqual([]);
  });
});

describe("a revocation owed while Redis is away", () => {
  it("is written with the time it has left when Redis comes back, not the full time", async () => {
    const { redis, store } = container();
    redis.lose();
    await store.revoke("s-1");
    expect(store.pending()).toBe(1);
    now += 60_000;
    redis.status = "ready";
    expect(await store.flush()).toBe(true);
    expect(redis.pipelines.flat()).toEqual([{ key: `${PREFIX}:revoked:s-1`, value: "1", px: REVOCATION_TTL_MS - 60_000 }]);
  });

  it("is dropped, not written, once its time ran out before Redis came back", async () => {
    const { redis, store } = container();
    redis.lose();
    await store.revoke("s-1", 10_000);
    now += 10_000;
    redis.status = "ready";
    expect(await store.flush()).toBe(true);
    expect(store.pending()).toBe(0);
    expect(redis.pipelines).toEqual([]);
  });

  it("leaves no retry timer behind when the connection was closed for good", async () => {
    const { redis, store } = container();
    redis.status = "end";
    await store.revoke("s-1");
    expect(store.pending()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(await store.isRevoked("s-1")).toBe(true);
  });

  it("is bounded through a long outage: the oldest owed sign-outs go first past REVOCATIONS_KEPT", async () => {
    const local = createMemoryRevocationStore(REVOCATIONS_KEPT * 2, clock);
    const { redis, store } = container({ local });
    redis.lose();
    for (let i = 0; i <= REVOCATIONS_KEPT; i += 1) await store.revoke(`s-${i}`);
    expect(store.pending()).toBe(REVOCATIONS_KEPT);
    redis.status = "ready";
    expect(await store.flush()).toBe(true);
    const written = new Set(redis.held());
    expect(written.size).toBe(REVOCATIONS_KEPT);
    expect(written.has("s-0")).toBe(false);
    expect(written.has("s-1")).toBe(true);
    expect(written.has(`s-${REVOCATIONS_KEPT}`)).toBe(true);
  });
});

describe("a sign-out another container handled", () => {
  it("while Redis is away, a session no one signed out stays signed in", async () => {
    const { redis, store } = container();
    redis.lose();
    expect(await store.isRevoked("never-revoked")).toBe(false);
    redis.status = "ready";
    expect(await store.isRevoked("never-revoked")).toBe(false);
  });

  it("is kept here for the time it had left in Redis, and no longer", async () => {
    const { redis, store } = container();
    redis.keys.set(`${PREFIX}:revoked:s-1`, now + 5_000);
    expect(await store.isRevoked("s-1")).toBe(true);
    redis.lose();
    now += 4_999;
    expect(await store.isRevoked("s-1")).toBe(true);
    now += 1;
    expect(await store.isRevoked("s-1")).toBe(false);
  });

  it("set by hand without an expiry, is kept here for the longest a cookie lives", async () => {
    const { redis, store } = container();
    redis.keys.set(`${PREFIX}:revoked:s-1`, Infinity);
    expect(await store.isRevoked("s-1")).toBe(true);
    redis.lose();
    now += 29 * DAY;
    expect(await store.isRevoked("s-1")).toBe(true);
    now += REVOCATION_TTL_MS - 29 * DAY;
    expect(await store.isRevoked("s-1")).toBe(false);
  });
});
