/**
 * The catalog cache (DESIGN.md "Where state lives": catalog data with TTL + stale-while-revalidate; stale
 * data is served while the upstream is down). Built on @epic-web/cachified over a small store interface:
 * in-process LRU now, Redis later (the multi-container issue) without touching the callers.
 *
 * `cached(key, getFreshValue)` resolves to `{ value, source, degraded }`:
 * - within the TTL the stored value is served (`source: 'cache'`), no upstream call;
 * - after the TTL and within the stale-while-revalidate window the stored value is served at once
 *   (`source: 'stale'`) and refreshed in the background;
 * - concurrent identical misses share one upstream call (cachified de-duplicates by key);
 * - `degraded: true` means: the value was not fetched by this call AND the last attempt to fetch this key
 *   failed — the customer sees the last good data because the upstream is failing. The first stale read
 *   after an outage is not yet degraded (its refresh has not failed yet); the reads after it are.
 * - `forceFresh: true` asks the upstream first and falls back to the stored value when it fails
 *   (`source: 'fallback'`, `degraded: true`).
 * A background refresh that failed is not retried for `retryAfterMs`, so a down upstream is not hammered; nor is a
 * key whose last answer was wrong (`holdFailure`, ADR 213), by any read.
 */
import { shared } from "~/lib/shared-value";
import { telemetry } from "../telemetry";
import { cachified, isExpired, type Cache, type CacheEntry, type CacheEvent } from "@epic-web/cachified";
import { LRUCache } from "lru-cache";
import type { Logger } from "./http";

/** cachified's store (get/set/delete of entries with metadata) plus clear. A Redis store implements the same. */
export interface CatalogStore extends Cache {
  clear(): void | Promise<void>;
}

/** In-process LRU store. Expiry is cachified's (entry metadata), the LRU only bounds the entry count. */
export function createLruStore(max = 2_000): CatalogStore {
  const lru = new LRUCache<string, CacheEntry>({ max });
  return {
    name: "lru",
    get: (key) => lru.get(key),
    set: (key, entry) => void lru.set(key, entry),
    delete: (key) => lru.delete(key),
    clear: () => lru.clear(),
  };
}

export type CacheSource = "fresh" | "cache" | "stale" | "fallback";

export interface Cached<T> {
  value: T;
  /** fresh: fetched by (or shared with) this call; cache: within TTL; stale: past TTL, refreshing; fallback: forceFresh failed */
  source: CacheSource;
  /** the upstream failed the last time this key was fetched, so `value` is the last good one */
  degraded: boolean;
  /**
   * Set on an answer from the in-memory store within the TTL: the `Date.now()` up to which this value stays the
   * fresh answer for its key, as long as `version()` does not change (see there).
   */
  freshUntil?: number;
}

export interface CacheFailure {
  key: string;
  /** Date.now() of the failure */
  at: number;
  error: unknown;
}

export interface CatalogCacheOptions {
  /** default: an in-process LRU of `max` entries */
  store?: CatalogStore;
  max?: number;
  /** freshness; default 60 s (CATALOG_TTL_SECONDS) */
  ttlMs?: number;
  /** how long past the TTL a value is still served while refreshing; default 24 h */
  swrMs?: number;
  /** no new background refresh of a key for this long after one failed; default 5 s */
  retryAfterMs?: number;
  /**
   * failures that are answered again for `retryAfterMs` without asking the upstream, by foreground reads too (ADR
   * 213): a wrong answer (data out of shape) comes back the same and costs its reading and parsing every time, where a
   * network failure may be gone on the next request. Default: none.
   */
  holdFailure?: (error: unknown) => boolean;
  logger?: Logger;
}

export interface CachedOptions {
  /** ask the upstream first; on failure serve the stored value (fallbackToCache) */
  forceFresh?: boolean;
  /** per-key freshness */
  ttlMs?: number;
}

export interface CatalogCache {
  cached<T>(key: string, getFreshValue: () => Promise<T>, options?: CachedOptions): Promise<Cached<T>>;
  /** true while some key's last fetch failed (the upstream is failing for it) */
  isDegraded(): boolean;
  /** the most recent fetch failure still unresolved, or null */
  lastFailure(): CacheFailure | null;
  /** resolves when the background refreshes under way have ended (tests, graceful shutdown) */
  settle(): Promise<void>;
  delete(key: string): Promise<void>;
  /** drops every entry and failure (demo reset) */
  clear(): Promise<void>;
  /**
   * A number that changes whenever the cache's entries or failures may have: every write or delete of the store
   * (cachified's, background refreshes' included), every failure recorded or cleared, `delete`, `clear`, any
   * answer that did not come from the in-memory store within the TTL. While it stays the same, an answer with
   * `freshUntil` is the answer its key would get again until then (what lets the boot keep a resto's whole
   * catalog without asking for its parts, ADR 133).
   */
  version(): number;
  readonly store: CatalogStore;
}

export const DEFAULT_TTL_MS = 60_000;
export const DEFAULT_SWR_MS = 24 * 60 * 60_000;
export const DEFAULT_RETRY_AFTER_MS = 5_000;

export function createCatalogCache(options: CatalogCacheOptions = {}): CatalogCache {
  let version = 0;
  const given = options.store ?? createLruStore(options.max);
  // every write and delete of the store goes through here, so version() sees it (cachified's and background ones)
  const store: CatalogStore = {
    name: given.name,
    get: (key) => given.get(key),
    set(key, entry) {
      version++;
      return given.set(key, entry);
    },
    delete(key) {
      version++;
      return given.delete(key);
    },
    clear() {
      version++;
      return given.clear();
    },
  };
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const swr = options.swrMs ?? DEFAULT_SWR_MS;
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  const holdFailure = options.holdFailure ?? (() => false);
  const logger = options.logger ?? (() => {});
  const failures = new Map<string, CacheFailure>();
  const background = new Set<Promise<unknown>>();

  async function cached<T>(key: string, getFresh: () => Promise<T>, opts: CachedOptions = {}): Promise<Cached<T>> {
    // A fresh entry the store holds in memory is what nearly every warm page view asks for (a menu page asks for
    // eight); it needs none of cachified's machinery, which would return this same value (issue 17: the warm home's
    // server CPU went from 1.78–2.07 to 1.66–1.89 ms per request). Anything else — stale, missing, forced, or a
    // store that answers asynchronously — goes through it.
    const stored = opts.forceFresh ? undefined : store.get(key);
    if (stored && !(stored instanceof Promise) && isExpired(stored.metadata) === false) {
      telemetry.count("catalog_cache_requests_total", { result: "hit" });
      const { createdTime, ttl: freshFor } = stored.metadata;
      const freshUntil = freshFor === null ? Infinity : createdTime + (freshFor ?? 0);
      return { value: stored.value as T, source: "cache", degraded: failures.has(key), freshUntil };
    }
    version++;
    // set by the reporter below while cachified runs (a cast keeps TS from narrowing it to "fresh")
    let source = "fresh" as CacheSource;
    let entry: unknown;
    const value = await cachified<T>(
      {
        key,
        cache: store,
        ttl: opts.ttlMs ?? ttl,
        staleWhileRevalidate: swr,
        forceFresh: opts.forceFresh ?? false,
        // serve a stored value when a forced refresh fails, never one older than TTL + SWR
        fallbackToCache: (opts.ttlMs ?? ttl) + swr,
        waitUntil: (promise) => {
          background.add(promise);
          void promise.finally(() => background.delete(promise));
        },
        async getFreshValue({ background: inBackground }) {
          const failure = failures.get(key);
          if (failure && Date.now() - failure.at < retryAfterMs && (inBackground || holdFailure(failure.error))) throw failure.error;
          try {
            // stored for every later request (ADR 140)
            const fresh = shared(await getFresh());
            if (failures.delete(key)) version++;
            return fresh;
          } catch (error) {
            failures.set(key, { key, at: Date.now(), error });
            version++;
            throw error;
          }
        },
      },
      () => (event: CacheEvent<T>) => {
        switch (event.name) {
          case "getCachedValueRead":
            entry = event.entry;
            break;
          case "getCachedValueSuccess":
            source = isStale(entry) ? "stale" : "cache";
            break;
          case "getFreshValueCacheFallback":
            source = "fallback";
            break;
          case "refreshValueError":
            logger("info", "catalog refresh failed; serving the stored value", { key });
            break;
        }
      },
    );
    const degraded = source === "fallback" || (source !== "fresh" && failures.has(key));
    // operators' view (issue 16): a stale or fallback answer is a stale serve, a fetched one a miss
    telemetry.count("catalog_cache_requests_total", { result: source === "cache" ? "hit" : source === "fresh" ? "miss" : "stale" });
    return { value, source, degraded };
  }

  return {
    cached,
    isDegraded: () => failures.size > 0,
    lastFailure() {
      let last: CacheFailure | null = null;
      for (const failure of failures.values()) if (!last || failure.at >= last.at) last = failure;
      return last;
    },
    async settle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
    async delete(key) {
      failures.delete(key);
      await store.delete(key);
    },
    async clear() {
      failures.clear();
      await store.clear();
    },
    version: () => version,
    store,
  };
}

function isStale(entry: unknown): boolean {
  if (!entry || typeof entry !== "object" || !("metadata" in entry)) return false;
  return isExpired((entry as CacheEntry).metadata) !== false;
}
