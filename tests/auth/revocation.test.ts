/**
 * Issue 14 §10: sign-out revokes the session, so a copy of the auth cookie taken before the sign-out signs
 * no one in; with Redis every container of the brand sees the revocation (ADR 073).
 */
import { describe, expect, it } from "vitest";
import { signOutAction } from "~/features/auth/sign-out.server";
import { createGuardedRevocationStore, createMemoryRevocationStore, newSessionId, SESSION_ID_PATTERN } from "~server/auth/revocation";
import { createRedis, redisReady } from "~server/redis";
import { createRedisGuard } from "~server/redis/guard";
import { redisServerForTests } from "../redis/redis-server";
import { freshPhone, Jar, personOf, post, request, settle, twin } from "./helpers";
import { contextOf } from "../context";

const redis = redisServerForTests();

async function signIn(jar: Jar) {
  const phone = freshPhone();
  expect((await post(jar, { intent: "request-code", phone })).status).toBe(303);
  expect((await post(jar, { intent: "verify", code: twin().store.peekSmsCode(phone)! })).status).toBe(303);
}

function copy(jar: Jar): Jar {
  const stolen = new Jar();
  stolen.take(new Headers(jar.header().split("; ").map((pair) => ["Set-Cookie", pair] as [string, string])));
  return stolen;
}

describe("sign-out", () => {
  it("signs out a copy of the cookie taken before it, not only the browser that signed out", async () => {
    const jar = new Jar();
    await signIn(jar);
    const stolen = copy(jar);
    expect(await personOf(stolen)).not.toBeNull();
    const answer = await settle(async () => signOutAction(await contextOf(request("/auth/sign-out", jar, { form: { intent: "sign-out" } }))), jar);
    expect(answer.status).toBe(303);
    expect(await personOf(jar)).toBeNull();
    expect(await personOf(stolen)).toBeNull();
  });

  it("leaves other sessions of the same customer signed in", async () => {
    const first = new Jar();
    await signIn(first);
    const other = new Jar();
    await signIn(other);
    await settle(async () => signOutAction(await contextOf(request("/auth/sign-out", first, { form: { intent: "sign-out" } }))), first);
    expect(await personOf(other)).not.toBeNull();
  });
});

describe("the revocation list", () => {
  it("makes 128-bit session ids", () => {
    const ids = new Set(Array.from({ length: 100 }, newSessionId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(SESSION_ID_PATTERN);
  });

  it("forgets an entry once no copy of the cookie can be alive", async () => {
    let now = 0;
    const store = createMemoryRevocationStore(10, () => now);
    await store.revoke("s1", 1_000);
    expect(await store.isRevoked("s1")).toBe(true);
    now = 1_001;
    expect(await store.isRevoked("s1")).toBe(false);
  });

  it("is shared by two containers through Redis, and kept in process while Redis is away", async () => {
    const connect = async () => {
      const client = createRedis(redis.url);
      client.on("error", () => {});
      await redisReady(client);
      return client;
    };
    const [a, b] = [await connect(), await connect()];
    try {
      const storeA = createGuardedRevocationStore(a, "rev-test", createMemoryRevocationStore(), createRedisGuard(a));
      const storeB = createGuardedRevocationStore(b, "rev-test", createMemoryRevocationStore(), createRedisGuard(b));
      await storeA.revoke("session-1");
      expect(await storeB.isRevoked("session-1")).toBe(true);
      expect(await storeB.isRevoked("session-2")).toBe(false);
      expect(await redis.client.pttl("rev-test:revoked:session-1")).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
      await redis.kill();
      await storeA.revoke("session-3");
      expect(await storeA.isRevoked("session-3")).toBe(true);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});

describe("the in-process revocation list's bounds", () => {
  it("a signed-out session stays signed out until its last moment, and no longer", async () => {
    let now = 0;
    const store = createMemoryRevocationStore(10, () => now);
    await store.revoke("s1", 1_000);
    now = 400;
    expect(store.live()).toEqual([{ id: "s1", ttlMs: 600 }]);
    now = 999;
    expect(await store.isRevoked("s1")).toBe(true);
    now = 1_000;
    expect(store.live()).toEqual([]);
    expect(await store.isRevoked("s1")).toBe(false);
  });

  it("asked at the very moment it ends, a revocation is over (without a listing first)", async () => {
    let now = 0;
    const store = createMemoryRevocationStore(10, () => now);
    await store.revoke("s1", 1_000);
    now = 1_000;
    expect(await store.isRevoked("s1")).toBe(false);
    expect(await store.isRevoked("never-revoked")).toBe(false);
  });

  it("when full, an entry ending at this very moment is expired and goes before an older live one", async () => {
    let now = 0;
    const store = createMemoryRevocationStore(2, () => now);
    await store.revoke("older-live", 10_000);
    await store.revoke("ends-at-10", 10);
    now = 10;
    await store.revoke("new", 10_000);
    expect(await store.isRevoked("older-live")).toBe(true);
    expect(await store.isRevoked("new")).toBe(true);
  });

  it("when full, forgets the expired entries before any live one", async () => {
    let now = 0;
    const store = createMemoryRevocationStore(2, () => now);
    await store.revoke("long-lived", 10_000);
    await store.revoke("short", 10);
    now = 20;
    await store.revoke("new", 10_000);
    expect(await store.isRevoked("long-lived")).toBe(true);
    expect(await store.isRevoked("new")).toBe(true);
    // all live and over the bound: the oldest goes
    await store.revoke("newer", 10_000);
    expect(await store.isRevoked("long-lived")).toBe(false);
    expect(await store.isRevoked("newer")).toBe(true);
  });
});
