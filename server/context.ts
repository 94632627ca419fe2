/**
 * The process-wide server context: configuration, the upstream client (the real API, or the
 * in-process twin in demo mode) and the clock. Built once, on first use, and kept on globalThis so
 * that dev-server reloads do not multiply caches and timers.
 */
import { getConfig, type Config } from "./config";
import { createDemoUpstream } from "./demo";
import { createGeo, type Geo } from "./geo";
import { log } from "./log";
import type { RedisClient } from "./redis";
import { createGuardedCatalogStore } from "./redis/fallback";
import { getSharedRedis, redisPrefix } from "./redis/shared";
import { createLruStore } from "./upstream/cache";
import { createUpstream, type Upstream } from "./upstream";

export interface ServerContext {
  config: Config;
  upstream: Upstream;
  /** geocoding and address suggestions (Google, server key); the twin answers in demo mode */
  geo: Geo;
  /** the twin, only in demo mode (tests and the demo UI read its SMS codes and orders) */
  demo: ReturnType<typeof createDemoUpstream> | null;
  startedAt: Date;
  version: string;
}

const KEY = Symbol.for("storefront.context");
type Holder = { [KEY]?: ServerContext };

export function getContext(): ServerContext {
  const holder = globalThis as Holder;
  if (!holder[KEY]) holder[KEY] = createContext();
  return holder[KEY];
}

function createContext(): ServerContext {
  const config = getConfig();
  for (const warning of config.warnings) log("warn", warning);
  // the twin judges captcha tokens like the real upstream when the brand has a captcha (ADR 095)
  const demo = config.demo ? createDemoUpstream(undefined, undefined, { captchaRequired: () => Boolean(config.brand.keys.captchaSiteKey) }) : null;
  // bench / manual testing: slow the twin down to measure how requests overlap (demo mode only)
  const latencyMs = Number(process.env.DEMO_UPSTREAM_LATENCY_MS ?? 0);
  if (demo && latencyMs > 0) demo.store.setScenario({ latencyMs });
  const shared = getSharedRedis();
  const upstream = createUpstream({
    baseUrl: config.env.UPSTREAM_API_URL ?? demo!.baseUrl,
    // DESIGN.md "Wiring": the client gets its fetch as a dependency; demo mode answers from the twin.
    fetch: demo ? demo.fetch : (input, init) => globalThis.fetch(input, init),
    whiteLabel: config.brand.whiteLabel,
    apiKey: config.env.UPSTREAM_API_KEY ?? "demo-api-key",
    timeouts: { getMs: config.env.UPSTREAM_TIMEOUT_MS },
    resilience: { halfOpenAfterMs: config.env.UPSTREAM_BREAKER_RESET_MS },
    // with REDIS_URL the catalog cache is shared by every container of the brand (issue 8)
    cache: {
      ttlMs: config.env.CATALOG_TTL_SECONDS * 1000,
      // while Redis is away the process's own LRU serves (ADR 070)
      ...(shared ? { store: createGuardedCatalogStore(shared.client, redisPrefix(config), createLruStore(), shared.guard) } : {}),
    },
    // the client logs each call's method, path, status and duration (no bodies, no tokens)
    logger: log,
  });
  const geo = createGeo({
    fetch: demo ? demo.fetch : (input, init) => globalThis.fetch(input, init),
    apiKey: config.env.GOOGLE_MAPS_SERVER_KEY ?? "demo-maps-key",
    onError: (what, error) =>
      log("warn", "geo call failed", { what, error: error instanceof Error ? error.message : String(error) }),
  });
  log("info", "storefront context ready", {
    brand: config.brand.whiteLabel,
    mode: config.demo ? "demo" : "upstream",
    upstream: config.demo ? "in-process twin" : config.env.UPSTREAM_API_URL,
  });
  return { config, upstream, geo, demo, startedAt: new Date(), version: process.env.npm_package_version ?? "0.1.0" };
}

/** The shared Redis client when REDIS_URL is set, else null (everything stays in process). */
export function getRedis(): RedisClient | null {
  return getSharedRedis()?.client ?? null;
}

export { redisPrefix };

/** Tests only: drop the context so the next call rebuilds it from the environment. */
export function resetContextForTests() {
  delete (globalThis as Holder)[KEY];
}
