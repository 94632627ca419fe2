/**
 * `createServices`: the one function that makes the storefront's services (server/services.ts) from its
 * configuration, at start (server.mjs) or in a test. It is the composition root: the only module that chooses
 * between the real upstream and the twin (demo mode).
 */
import { createDocumentCache } from "./document-cache";
import { createLocaleDetector } from "~/i18n/locale.server";
import { createRateLimits } from "./auth/rate-limit";
import { createRevocationStore } from "./auth/revocation";
import { createVk } from "./auth/vk";
import type { Config } from "./config";
import { createDemoUpstream } from "./demo";
import { createDemoStandIns } from "./demo/stand-ins";
import { createGeo } from "./geo";
import { createHoneypot } from "./honeypot";
import { log, setLogLevel } from "./log";
import { createMemoryLedgerStore, createOrderLedger, createRedisLedgerStore } from "./orders/ledger";
import { createGuardedCatalogStore } from "./redis/fallback";
import { connectSharedRedis, type SharedRedis } from "./redis/shared";
import type { Services } from "./services";
import { createSessionStores } from "./session";
import { createLruStore } from "./upstream/cache";
import { createUpstream } from "./upstream";

export interface ServiceOverrides {
  /** a Redis of the caller's (tests) instead of REDIS_URL's */
  redis?: SharedRedis | null;
}

/** Every service of this configuration. Logs the configuration's warnings once. */
export function createServices(config: Config, overrides: ServiceOverrides = {}): Services {
  setLogLevel(config.env.LOG_LEVEL);
  for (const warning of config.warnings) log("warn", warning);
  // the twin judges captcha tokens like the real upstream when the brand has a captcha (ADR 095)
  const twin = config.demo ? createDemoUpstream(undefined, undefined, { captchaRequired: () => Boolean(config.brand.keys.captchaSiteKey) }) : null;
  // bench / manual testing: slow the twin down to measure how requests overlap (demo mode only)
  if (twin && config.env.DEMO_UPSTREAM_LATENCY_MS > 0) twin.store.setScenario({ latencyMs: config.env.DEMO_UPSTREAM_LATENCY_MS });
  // DESIGN.md "Wiring": the client gets its fetch as a dependency; demo mode answers from the twin (the global
  // fetch is looked up at call time, so that msw's interception in unit tests applies)
  const fetch: typeof globalThis.fetch = twin ? twin.fetch : (input, init) => globalThis.fetch(input, init);
  const redis = overrides.redis !== undefined ? overrides.redis : config.env.REDIS_URL ? connectSharedRedis(config.env.REDIS_URL, config, log) : null;
  const upstream = createUpstream({
    baseUrl: config.env.UPSTREAM_API_URL ?? twin!.baseUrl,
    fetch,
    whiteLabel: config.brand.whiteLabel,
    apiKey: config.env.UPSTREAM_API_KEY ?? "demo-api-key",
    timeouts: { getMs: config.env.UPSTREAM_TIMEOUT_MS, postMs: config.env.UPSTREAM_POST_TIMEOUT_MS },
    resilience: { halfOpenAfterMs: config.env.UPSTREAM_BREAKER_RESET_MS },
    // with REDIS_URL the catalog cache is shared by every container of the brand (issue 8); while Redis is away
    // the process's own LRU serves (ADR 070)
    cache: {
      ttlMs: config.env.CATALOG_TTL_SECONDS * 1000,
      ...(redis ? { store: createGuardedCatalogStore(redis.client, redis.prefix, createLruStore(), redis.guard) } : {}),
    },
    // the client logs each call's method, path, status and duration (no bodies, no tokens)
    logger: log,
  });
  const geo = createGeo({
    fetch,
    apiKey: config.env.GOOGLE_MAPS_SERVER_KEY ?? "demo-maps-key",
    onError: (what, error) => log("warn", "geo call failed", { what, error: error instanceof Error ? error.message : String(error) }),
  });
  const rateLimits = createRateLimits(redis);
  const services: Services = {
    config,
    log,
    upstream,
    geo,
    vk: createVk(config, fetch, log),
    redis,
    sessions: createSessionStores(config),
    rateLimits,
    orders: createOrderLedger(redis ? createRedisLedgerStore(redis.ledger, redis.prefix, log) : createMemoryLedgerStore(), { log }),
    revocations: createRevocationStore(redis),
    honeypot: createHoneypot(config.sessionSecrets, log),
    locales: createLocaleDetector(config.brand),
    // whole rendered pages (ADR 127); off outside production, where a changed component would not change the key
    documentCache: createDocumentCache({ maxBytes: config.production ? config.env.DOCUMENT_CACHE_MB * 1024 * 1024 : 0 }),
    demo: twin ? createDemoStandIns({ twin, upstream, rateLimits, controls: config.env.DEMO_CONTROLS }) : null,
    startedAt: new Date(),
    version: config.env.npm_package_version,
    async close() {
      redis?.client.disconnect();
      redis?.ledger.disconnect();
    },
  };
  log("info", "storefront services ready", {
    brand: config.brand.whiteLabel,
    mode: config.demo ? "demo" : "upstream",
    upstream: config.demo ? "in-process twin" : config.env.UPSTREAM_API_URL,
  });
  return services;
}
