import { http as mock, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCatalogCache, createLruStore } from "~server/upstream/cache";
import { ApiError } from "~server/upstream/errors";
import { BASE, city } from "./fixtures";
import { hitCounter, makeUpstream, setupMswServer } from "./helpers";

const server = setupMswServer();

// Only Date is faked: cachified reads Date.now(), while msw and the background refresh keep real timers.
const T0 = new Date("2025-03-03T10:00:00Z").getTime();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** GET /1/p/cities/115 answering a city whose name is the current `name`, or failing when `down`. */
function cityUpstream() {
  const hits = hitCounter();
  const state = { name: "Москва", down: false };
  server.use(
    mock.get(`${BASE}/1/p/cities/115`, ({ request }) => {
      hits.hit(request);
      if (state.down) return HttpResponse.json({ errors: [{ code: "down", message: "Сервис недоступен" }] }, { status: 503 });
      return HttpResponse.json({ ...city, name: state.name });
    }),
  );
  return { hits, state, count: () => hits.count("GET /1/p/cities/115") };
}

describe("catalog cache", () => {
  it("serves the second call from the cache: one upstream call", async () => {
    const { count } = cityUpstream();
    const upstream = makeUpstream({ cache: { ttlMs: 1_000 } });
    const first = await upstream.catalog.city(115);
    const second = await upstream.catalog.city(115);
    expect(first).toMatchObject({ source: "fresh", degraded: false, value: { name: "Москва" } });
    expect(second).toMatchObject({ source: "cache", degraded: false, value: { name: "Москва" } });
    expect(second.value).toBe(first.value);
    expect(count()).toBe(1);
    expect(upstream.stats().calls).toBe(1);
  });

  it("de-duplicates concurrent identical fetches", async () => {
    const { count } = cityUpstream();
    const upstream = makeUpstream();
    const results = await Promise.all([upstream.catalog.city(115), upstream.catalog.city(115), upstream.catalog.city(115)]);
    expect(results.map((r) => r.value.name)).toEqual(["Москва", "Москва", "Москва"]);
    expect(count()).toBe(1);
  });

  it("after the TTL serves the stored value at once and revalidates in the background", async () => {
    const { count, state } = cityUpstream();
    const upstream = makeUpstream({ cache: { ttlMs: 1_000 } });
    await upstream.catalog.city(115);

    state.name = "Москва (новое)";
    advance(1_500);
    const stale = await upstream.catalog.city(115);
    expect(stale).toMatchObject({ source: "stale", degraded: false, value: { name: "Москва" } });
    await upstream.cache.settle();
    expect(count()).toBe(2);

    const refreshed = await upstream.catalog.city(115);
    expect(refreshed).toMatchObject({ source: "cache", degraded: false, value: { name: "Москва (новое)" } });
    expect(count()).toBe(2);
  });

  it("serves the stale value while the upstream fails after the TTL, and says so (degraded)", async () => {
    const { count, state } = cityUpstream();
    const upstream = makeUpstream({ cache: { ttlMs: 1_000, retryAfterMs: 5_000 } });
    await upstream.catalog.city(115);

    state.down = true;
    advance(2_000);
    // the first read after the TTL cannot know yet: its background refresh has not failed
    const first = await upstream.catalog.city(115);
    expect(first).toMatchObject({ source: "stale", degraded: false, value: { name: "Москва" } });
    await upstream.cache.settle();
    expect(count()).toBe(2);
    expect(upstream.cache.isDegraded()).toBe(true);
    const failure = upstream.cache.lastFailure();
    expect(failure?.key).toBe("upstream:test-brand:city:115");
    expect(failure?.error).toBeInstanceOf(ApiError);
    expect(failure?.error).toMatchObject({ status: 503, message: "Сервис недоступен" });

    // the next reads know: the last good value, degraded; no new refresh within retryAfterMs
    const second = await upstream.catalog.city(115);
    expect(second).toMatchObject({ source: "stale", degraded: true, value: { name: "Москва" } });
    await upstream.cache.settle();
    expect(count()).toBe(2);

    // after retryAfterMs the refresh is tried again
    advance(6_000);
    await upstream.catalog.city(115);
    await upstream.cache.settle();
    expect(count()).toBe(3);

    // the upstream is back: the refresh succeeds and the degraded state ends
    state.down = false;
    state.name = "Москва (снова)";
    advance(6_000);
    expect(await upstream.catalog.city(115)).toMatchObject({ degraded: true, value: { name: "Москва" } });
    await upstream.cache.settle();
    expect(upstream.cache.isDegraded()).toBe(false);
    expect(await upstream.catalog.city(115)).toMatchObject({
      source: "cache",
      degraded: false,
      value: { name: "Москва (снова)" },
    });
  });

  it("past TTL + stale window a failing upstream is an error (nothing older is served)", async () => {
    const { state } = cityUpstream();
    const upstream = makeUpstream({ cache: { ttlMs: 1_000, swrMs: 10_000 } });
    await upstream.catalog.city(115);
    state.down = true;
    advance(20_000);
    await expect(upstream.catalog.city(115)).rejects.toMatchObject({ status: 503, message: "Сервис недоступен" });
  });

  it("a failure with nothing stored is thrown to the caller", async () => {
    const { state } = cityUpstream();
    state.down = true;
    const upstream = makeUpstream();
    await expect(upstream.catalog.city(115)).rejects.toBeInstanceOf(ApiError);
    expect(upstream.cache.isDegraded()).toBe(true);
  });

  it("forceFresh asks the upstream first and falls back to the stored value when it fails", async () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    let calls = 0;
    const ok = () => Promise.resolve(`v${++calls}`);
    const failing = () => Promise.reject(new Error("down"));
    expect(await cache.cached("k", ok)).toMatchObject({ value: "v1", source: "fresh" });
    expect(await cache.cached("k", ok, { forceFresh: true })).toMatchObject({ value: "v2", source: "fresh", degraded: false });
    expect(await cache.cached("k", failing, { forceFresh: true })).toEqual({ value: "v2", source: "fallback", degraded: true });
    expect(cache.isDegraded()).toBe(true);
  });

  it("keys carry the white-label name: two brands on one store do not share entries", async () => {
    const { count } = cityUpstream();
    const cache = createCatalogCache();
    const a = makeUpstream({ whiteLabel: "brand-a", cache });
    const b = makeUpstream({ whiteLabel: "brand-b", cache });
    await a.catalog.city(115);
    await b.catalog.city(115);
    await a.catalog.city(115);
    expect(count()).toBe(2);
  });

  it("clear() empties the store (demo reset); delete() one key", async () => {
    const { count } = cityUpstream();
    const upstream = makeUpstream();
    await upstream.catalog.city(115);
    await upstream.cache.clear();
    await upstream.catalog.city(115);
    await upstream.cache.delete("upstream:test-brand:city:115");
    await upstream.catalog.city(115);
    expect(count()).toBe(3);
  });

  it("a hit within the TTL says until when it stays fresh; version() moves on every change and only then (ADR 133)", async () => {
    const { state } = cityUpstream();
    const upstream = makeUpstream({ cache: { ttlMs: 1_000, retryAfterMs: 0 } });
    const { cache } = upstream;
    const first = await upstream.catalog.city(115);
    expect(first.freshUntil).toBeUndefined(); // fetched: not an answer of the store
    const version = cache.version();
    advance(400);
    const hit = await upstream.catalog.city(115);
    expect(hit).toMatchObject({ source: "cache", freshUntil: T0 + 1_000 });
    await upstream.catalog.city(115);
    expect(cache.version()).toBe(version); // hits change nothing

    // a refresh in the background (past the TTL) writes the store: the version moves, also after the answer
    advance(1_000);
    state.name = "Москва (новое)";
    const stale = await upstream.catalog.city(115);
    expect(stale.freshUntil).toBeUndefined();
    const during = cache.version();
    expect(during).not.toBe(version);
    await cache.settle();
    expect(cache.version()).not.toBe(during);

    // a failure recorded moves it; so do delete and clear
    advance(1_500);
    state.down = true;
    const before = cache.version();
    await upstream.catalog.city(115);
    await cache.settle();
    expect(cache.version()).not.toBe(before);
    let last = cache.version();
    await cache.delete("upstream:test-brand:city:115");
    expect(cache.version()).not.toBe(last);
    last = cache.version();
    await cache.clear();
    expect(cache.version()).not.toBe(last);
  });

  it("the LRU store is bounded", async () => {
    const store = createLruStore(2);
    const cache = createCatalogCache({ store });
    for (const key of ["a", "b", "c"]) await cache.cached(key, async () => key);
    expect(await store.get("a")).toBeUndefined();
    expect(await store.get("c")).toMatchObject({ value: "c" });
  });

  it("accepts another store behind the same interface (e.g. Redis later)", async () => {
    const map = new Map<string, unknown>();
    const store = {
      name: "map",
      get: (key: string) => map.get(key) as never,
      set: (key: string, entry: unknown) => void map.set(key, entry),
      delete: (key: string) => map.delete(key),
      clear: () => map.clear(),
    };
    const cache = createCatalogCache({ store });
    await cache.cached("x", async () => 1);
    expect(map.has("x")).toBe(true);
    expect(await cache.cached("x", async () => 2)).toMatchObject({ value: 1, source: "cache" });
  });
});
