/**
 * The shared stores behave like their in-process twins (each contract runs both ways), and two
 * storefront processes pointed at one Redis share what DESIGN.md says they must share.
 */
import { http as mswHttp, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createMemoryRateLimitStore } from "~server/auth/rate-limit";
import { createMemoryLedgerStore, createRedisLedgerStore, type LedgerRecord } from "~server/orders/ledger";
import { createRedis, createRedisCatalogStore, createRedisRateLimitStore, redisReady } from "~server/redis";
import { createUpstream } from "~server/upstream";
import { createCatalogCache, createLruStore } from "~server/upstream/cache";
import { redisServerForTests } from "./redis-server";

const redis = redisServerForTests();
const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: "error" }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

/** extra connections (a second "process"), closed after their test */
const clients: ReturnType<typeof createRedis>[] = [];
async function client() {
  const c = createRedis(redis.url);
  c.on("error", () => {});
  clients.push(c);
  // no offline queue (ADR 070): a command before the connection is up fails instead of waiting
  await redisReady(c);
  return c;
}

let n = 0;
const prefix = () => `test${++n}`;

describe.each([
  ["in process", () => createMemoryRateLimitStore()],
  ["redis", () => createRedisRateLimitStore(redis.client, prefix())],
])("rate limits (%s)", (_name, make) => {
  it("allows up to the limit in a window, then refuses with the seconds left", async () => {
    const store = make();
    for (let i = 0; i < 3; i++) expect((await store.hit("phone:+7999", 3, 60_000)).ok).toBe(true);
    const refused = await store.hit("phone:+7999", 3, 60_000);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await store.hit("phone:+7000", 3, 60_000)).ok).toBe(true);
  });

  it("opens a new window once the old one ends", async () => {
    const store = make();
    expect((await store.hit("k", 1, 300)).ok).toBe(true);
    expect((await store.hit("k", 1, 300)).ok).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect((await store.hit("k", 1, 300)).ok).toBe(true);
  });
});

const pending = (attempt: string): LedgerRecord => ({ state: "pending", owner: "p1", startedAt: 1, attempt });
const placed: LedgerRecord = { state: "placed", owner: "p1", value: { id: 7 }, storedAt: 2 };

describe.each([
  ["in process", () => createMemoryLedgerStore()],
  ["redis", () => createRedisLedgerStore(redis.client, prefix())],
])("the order ledger's store (%s)", (_name, make) => {
  it("claims a key once (NX), and keeps a record until its time is up", async () => {
    const store = make();
    expect(await store.get("k1")).toBeNull();
    expect(await store.create("k1", pending("a"), 300)).toBe(true);
    expect(await store.create("k1", pending("b"), 300)).toBe(false);
    expect(await store.get("k1")).toEqual(pending("a"));
    await new Promise((r) => setTimeout(r, 400));
    expect(await store.get("k1")).toBeNull();
  });

  it("replaces a record only while it is the one expected (compare-and-set), and deletes with null", async () => {
    const store = make();
    await store.create("k2", pending("a"), 60_000);
    expect(await store.replace("k2", pending("b"), pending("c"), 60_000)).toBe(false);
    expect(await store.replace("k2", pending("a"), pending("c"), 60_000)).toBe(true);
    expect(await store.get("k2")).toEqual(pending("c"));
    expect(await store.replace("k2", pending("c"), null, 60_000)).toBe(true);
    expect(await store.get("k2")).toBeNull();
    await store.put("k2", placed, 60_000);
    expect(await store.get("k2")).toEqual(placed);
  });
});

describe("two storefront processes on one Redis", () => {
  it("share catalog data: the second process serves from the first one's cache, no upstream call", async () => {
    let calls = 0;
    msw.use(
      mswHttp.get("http://upstream.test/1/p/cities", () => {
        calls++;
        return HttpResponse.json([
          { id: 115, name: "Москва", bounds: { north: 1, south: 0, east: 1, west: 0 }, center: { lat: 0.5, lng: 0.5 }, zoom: 11 },
        ]);
      }),
    );
    const p = prefix();
    const make = (connection: Awaited<ReturnType<typeof client>>) =>
      createUpstream({
        baseUrl: "http://upstream.test",
        whiteLabel: "demo",
        apiKey: "k",
        resilience: { getRetries: 0, breakerThreshold: false },
        cache: createCatalogCache({ store: createRedisCatalogStore(connection, p) }),
      });
    const first = make(await client());
    const second = make(await client());
    onTestFinished(() => clients.splice(0).forEach((c) => c.disconnect()));
    expect((await first.catalog.cities()).value[0]!.name).toBe("Москва");
    expect((await second.catalog.cities()).value[0]!.name).toBe("Москва");
    expect(calls).toBe(1);
    // the stored entry expires in Redis once TTL + stale-while-revalidate are over
    const keys = await redis.client.keys(`${p}:cache:*`);
    expect(keys.length).toBe(1);
    expect(await redis.client.pttl(keys[0]!)).toBeGreaterThan(0);
  });

  it("serve stale catalog data from Redis while the upstream is down", async () => {
    let up = true;
    msw.use(
      mswHttp.get("http://upstream.test/1/p/restos", () =>
        up ? HttpResponse.json([{ id: 173, name: "Тверская", cityIds: [115] }]) : HttpResponse.error(),
      ),
    );
    const store = createRedisCatalogStore(redis.client, prefix());
    const upstream = createUpstream({
      baseUrl: "http://upstream.test",
      whiteLabel: "demo",
      apiKey: "k",
      resilience: { getRetries: 0, breakerThreshold: false },
      cache: createCatalogCache({ store, ttlMs: 50 }),
    });
    expect((await upstream.catalog.restos(115)).value).toHaveLength(1);
    up = false;
    await new Promise((r) => setTimeout(r, 80));
    const stale = await upstream.catalog.restos(115);
    expect(stale.value).toEqual([{ id: 173, name: "Тверская", cityIds: [115] }]);
    await upstream.cache.settle();
    expect((await upstream.catalog.restos(115)).degraded).toBe(true);
  });

  it("let only one process claim an order key, and only one take it again after an unknown outcome", async () => {
    const p = prefix();
    onTestFinished(() => clients.splice(0).forEach((c) => c.disconnect()));
    const a = createRedisLedgerStore(await client(), p);
    const b = createRedisLedgerStore(await client(), p);
    const claims = await Promise.all([a.create("key", pending("a"), 5_000), b.create("key", pending("b"), 5_000)]);
    expect(claims.sort()).toEqual([false, true]);
    const current = (await a.get("key"))!;
    const retakes = await Promise.all([a.replace("key", current, pending("a2"), 5_000), b.replace("key", current, pending("b2"), 5_000)]);
    expect(retakes.sort()).toEqual([false, true]);
  });

  it("a placed order lost by a Redis restart without persistence comes back from the process that placed it", async () => {
    const p = prefix();
    onTestFinished(() => clients.splice(0).forEach((c) => c.disconnect()));
    const connection = await client();
    const store = createRedisLedgerStore(connection, p);
    await store.put("key", placed, 60_000);
    // what a restart without persistence does to the key
    await redis.client.del(`${p}:order:key`);
    // this process still answers with it, and writes it back when its connection is made again
    expect(await store.get("key")).toEqual(placed);
    connection.emit("ready");
    await expect.poll(() => redis.client.get(`${p}:order:key`)).toBe(JSON.stringify(placed));
    expect(await createRedisLedgerStore(await client(), p).get("key")).toEqual(placed);
  });

  it("a ledger command sent while its connection is being made again waits for it, instead of refusing the order", async () => {
    const p = prefix();
    onTestFinished(() => clients.splice(0).forEach((c) => c.disconnect()));
    const connection = await client();
    const store = createRedisLedgerStore(connection, p);
    // the connection away and being made again (what Redis coming back looks like to it)
    connection.disconnect();
    await expect.poll(() => connection.status).toBe("end");
    void connection.connect().catch(() => {});
    expect(connection.status).toBe("connecting");
    // without the wait: "Stream isn't writeable and enableOfflineQueue options is false"
    expect(await store.create("key", pending("a"), 5_000)).toBe(true);
    expect(await store.get("key")).toEqual(pending("a"));
  });

  it("a ledger command waits through the connection's own reconnections too, outage after outage, leaving no listener behind", async () => {
    const p = prefix();
    onTestFinished(() => clients.splice(0).forEach((c) => c.disconnect()));
    const connection = await client();
    const store = createRedisLedgerStore(connection, p);
    const listeners = () => [connection.listenerCount("ready"), connection.listenerCount("end")];
    const before = listeners();
    for (const round of [1, 2]) {
      // the socket closed under it (what a Redis restart does): the client reconnects on its own (retryStrategy)
      (connection as unknown as { stream: { destroy(): void } }).stream.destroy();
      await expect.poll(() => connection.status, { interval: 1 }).not.toBe("ready");
      expect(await store.create(`key${round}`, pending(`a${round}`), 5_000), `outage ${round}`).toBe(true);
    }
    expect(listeners()).toEqual(before);
  });

  it("a ledger whose connection is not made within its wait still fails closed", async () => {
    // nothing listens on this port: the connection tries, and tries again
    const away = createRedis("redis://127.0.0.1:1");
    away.on("error", () => {});
    onTestFinished(() => away.disconnect());
    const store = createRedisLedgerStore(away, prefix(), () => undefined, 200);
    expect(["connecting", "reconnecting", "close"]).toContain(away.status);
    await expect(store.create("key", pending("a"), 5_000)).rejects.toThrow();
    await expect(store.get("key")).rejects.toThrow();
  });
});

it("the in-process catalog store is still the default", () => {
  expect(createLruStore().name).toBe("lru");
});

describe("a catalog cache on an unreachable Redis", () => {
  it("still answers from the upstream (misses, skipped writes) instead of failing the page", async () => {
    msw.use(mswHttp.get("http://upstream.test/1/p/restos", () => HttpResponse.json([{ id: 1, name: "A", cityIds: [1] }])));
    const dead = createRedis("redis://127.0.0.1:1");
    dead.on("error", () => {});
    const errors: unknown[] = [];
    const upstream = createUpstream({
      baseUrl: "http://upstream.test",
      whiteLabel: "demo",
      apiKey: "k",
      resilience: { getRetries: 0, breakerThreshold: false },
      cache: createCatalogCache({ store: createRedisCatalogStore(dead, "x", (e) => errors.push(e)) }),
    });
    expect((await upstream.catalog.restos(1)).value).toHaveLength(1);
    expect(errors.length).toBeGreaterThan(0);
    dead.disconnect();
  });
});
