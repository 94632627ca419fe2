/**
 * The typed upstream client (DESIGN.md "Layout": one module per resource, zod schemas of answers, ApiError
 * mapping of spec §8, timeouts, cache). Built once per process by server/context.ts.
 *
 *   const upstream = createUpstream({ baseUrl, fetch, whiteLabel, apiKey });
 *   const catalog = await upstream.boot.loadRestoCatalog(173);   // RestoCatalog, catalog.degraded
 *   const { value: cities, degraded } = await upstream.catalog.cities();
 *   upstream.stats().calls                                       // upstream calls so far (bench)
 *
 * Values served from the cache are shared between requests: never changed after they are stored (app/lib/shared-value.ts, ADR 140).
 */
import { createAuth, type Auth } from "./auth";
import { createBoot, type RestoCatalog } from "./boot";
import { createCatalogCache, type CatalogCache, type CatalogCacheOptions } from "./cache";
import { createCatalog, type Catalog } from "./catalog";
import { createClock, type Clock } from "./clock";
import { createDelivery, type AreaData, type Delivery } from "./delivery";
import type { UpstreamDeps } from "./deps";
import { createHttp, type FetchLike, type Http, type HttpStats, type Logger, type UpstreamCall } from "./http";
import { createOrders, type Orders } from "./orders";
import type { ResilienceOptions } from "./resilience";
import { createProfile, type Profile } from "./profile";
import { isApiError } from "./errors";

/** an answer out of shape (ADR 213): the same again on the next request, so the cache answers it for a while */
const isWrongAnswer = (error: unknown) => isApiError(error) && error.kind === "invalid-response";

export interface UpstreamOptions {
  /** the upstream API base address (spec §7), e.g. https://api.example.com */
  baseUrl: string;
  /** DESIGN.md "Wiring": the real fetch normally, the twin's in demo mode; default globalThis.fetch at call time */
  fetch?: FetchLike;
  whiteLabel: string;
  apiKey: string;
  /** defaults: GET 5000 ms, POST 15000 ms */
  timeouts?: { getMs?: number; postMs?: number };
  /** options of the catalog cache, or a cache to share */
  cache?: CatalogCacheOptions | CatalogCache;
  /** called once per upstream call when it ends (logging, counting) */
  onCall?: (call: UpstreamCall) => void;
  /** default: no logging */
  logger?: Logger;
  /** GET retries and the circuit breaker (issue 8) */
  resilience?: ResilienceOptions;
}

export interface Upstream {
  catalog: Catalog;
  delivery: Delivery;
  orders: Orders;
  auth: Auth;
  profile: Profile;
  clock: Clock;
  boot: {
    /** spec §4: the resto's menus, groups, positions, modifiers, time slots, working hours, promotions */
    loadRestoCatalog(restoId: number): Promise<RestoCatalog>;
    /** spec §4: the restos of a city and their delivery zones */
    loadAreaData(cityId: number): Promise<AreaData>;
  };
  http: Http;
  cache: CatalogCache;
  /** counts of upstream calls (every HTTP request the client sent), for the bench and health pages */
  stats(): HttpStats;
}

function isCatalogCache(cache: CatalogCacheOptions | CatalogCache | undefined): cache is CatalogCache {
  return !!cache && typeof (cache as CatalogCache).cached === "function";
}

export function createUpstream(options: UpstreamOptions): Upstream {
  const http = createHttp({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeouts: options.timeouts,
    onCall: options.onCall,
    logger: options.logger,
    resilience: options.resilience,
  });
  const cache = isCatalogCache(options.cache) ? options.cache : createCatalogCache({ logger: options.logger, holdFailure: isWrongAnswer, ...options.cache });
  const deps: UpstreamDeps = { http, cache, whiteLabel: options.whiteLabel, apiKey: options.apiKey, logger: options.logger };

  const catalog = createCatalog(deps);
  const delivery = createDelivery(deps, catalog);
  const { loadRestoCatalog } = createBoot(catalog, cache);

  return {
    catalog,
    delivery,
    orders: createOrders(deps),
    auth: createAuth(deps),
    profile: createProfile(deps),
    clock: createClock(http, { logger: options.logger }),
    boot: { loadRestoCatalog, loadAreaData: delivery.loadAreaData },
    http,
    cache,
    stats: http.stats,
  };
}

export { ApiError, firstErrorCode, isApiError, isNotFound } from "./errors";
export type { ApiErrorKind } from "./errors";
export { effectiveProfile } from "./profile";
export { SYNTHETIC_GROUP_ID, withSyntheticGroup } from "./boot";
export type { RestoCatalog, MenuCatalog } from "./boot";
export type { AreaData, AreaResto, DeliveryZone, DeliveryThreshold } from "./delivery";
export type { Cached, CacheSource, CatalogCache, CatalogStore } from "./cache";
export type { Catalog } from "./catalog";
export type { Clock } from "./clock";
export type { Auth, PhoneCodeRequest, PhoneSignIn, VkSignIn } from "./auth";
export type { Orders, PersonAuth } from "./orders";
export type { Profile } from "./profile";
export type { FetchLike, Http, HttpStats, Logger, UpstreamCall } from "./http";
export type { ResilienceOptions } from "./resilience";
