/**
 * Prometheus metrics (issue 16): a telemetry sink (server/telemetry.ts) that turns the storefront's events into
 * prom-client metrics, plus prom-client's default process metrics (event-loop lag, memory, CPU, handles).
 * They are served on their own port, `METRICS_PORT` (unset: off), by a bare node:http server: the public port
 * never answers /metrics (ADR 065). server.mjs reaches this module through the server build's entry module.
 */
import { createServer, type Server } from "node:http";
import client from "prom-client";
import { addTelemetrySink, type Labels, type MetricName, type TelemetrySink } from "./telemetry";

const PREFIX = "storefront_";
/** seconds: from a cached page (a few ms) to an upstream timeout (5 s) */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Field data (ADR 160): each Core Web Vital's buckets hold its two thresholds (web.dev's "good" and "poor" limits) and
 * enough steps around them for a p75 to be read within a tenth of them.
 */
const LCP_BUCKETS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15];
const INP_BUCKETS = [0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2];
const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.35, 0.5, 1];
const TTFB_BUCKETS = [0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1, 1.2, 1.5, 1.8, 2.5, 4, 8];
/** the field-data histograms: their `route` label must be one of the build's route ids (others are dropped) */
export const FIELD_DATA_METRICS: readonly MetricName[] = ["web_vitals_lcp_seconds", "web_vitals_inp_seconds", "web_vitals_cls", "web_vitals_ttfb_seconds"];

type Spec =
  | { type: "histogram"; help: string; labels: string[]; buckets: number[] }
  | { type: "counter" | "gauge"; help: string; labels: string[] };

/** help text, type and labels of every MetricName (the names and labels are server/telemetry.ts's) */
export const METRIC_SPECS: Record<MetricName, Spec> = {
  http_request_duration_seconds: {
    type: "histogram",
    help: "Time to answer an HTTP request on the public port, by React Router route id ('static' for files, 'unmatched' for no route), method and status",
    labels: ["route", "method", "status"],
    buckets: DURATION_BUCKETS,
  },
  upstream_call_duration_seconds: {
    type: "histogram",
    help: "Duration of each call to the upstream platform API by endpoint and outcome (ok, http_error, network, timeout, invalid, breaker_open)",
    labels: ["endpoint", "outcome"],
    buckets: DURATION_BUCKETS,
  },
  upstream_breaker_state: {
    type: "gauge",
    help: "Upstream circuit breaker: 0 closed (healthy), 1 half-open (trying one call), 2 open (failing fast)",
    labels: [],
  },
  catalog_cache_requests_total: {
    type: "counter",
    help: "Catalog cache look-ups by result: hit (fresh in cache), stale (served past its TTL or while the upstream fails), miss (fetched)",
    labels: ["result"],
  },
  document_cache_requests_total: {
    type: "counter",
    help: "Documents by result of the document cache: hit (answered without rendering), miss (rendered), skip (not cacheable: not a plain GET with status 200, or loader data that is not plain JSON)",
    labels: ["result"],
  },
  redis_up: { type: "gauge", help: "1 when the shared Redis answers, 0 when it is configured and failing", labels: [] },
  rate_limit_refusals_total: { type: "counter", help: "Requests refused by a rate limit, by limit", labels: ["limit"] },
  orders_total: {
    type: "counter",
    help: "Orders by outcome (placed, refused) and reason of a refusal",
    labels: ["outcome", "reason"],
  },
  upstream_records_dropped_total: {
    type: "counter",
    help: "Upstream list records left out because they did not match their schema, by resource",
    labels: ["resource"],
  },
  web_vitals_lcp_seconds: {
    type: "histogram",
    help: "Customers' Largest Contentful Paint (field data, sampled) by the landing page's React Router route id and device class (phone, desktop by viewport); good ≤ 2.5 s, poor > 4 s",
    labels: ["route", "device"],
    buckets: LCP_BUCKETS,
  },
  web_vitals_inp_seconds: {
    type: "histogram",
    help: "Customers' Interaction to Next Paint (field data, sampled) by landing route id and device class; good ≤ 0.2 s, poor > 0.5 s",
    labels: ["route", "device"],
    buckets: INP_BUCKETS,
  },
  web_vitals_cls: {
    type: "histogram",
    help: "Customers' Cumulative Layout Shift (field data, sampled; unitless) by landing route id and device class; good ≤ 0.1, poor > 0.25",
    labels: ["route", "device"],
    buckets: CLS_BUCKETS,
  },
  web_vitals_ttfb_seconds: {
    type: "histogram",
    help: "Customers' Time to First Byte (field data, sampled) by landing route id and device class; good ≤ 0.8 s, poor > 1.8 s",
    labels: ["route", "device"],
    buckets: TTFB_BUCKETS,
  },
  web_vitals_rejected_total: {
    type: "counter",
    help: "Field-data beacons or entries not recorded, by reason: body (not a beacon: type, size, JSON, shape), entry (an unknown metric, rating or value), route (not a route of this build), rate_limited, disabled (the brand turned field data off)",
    labels: ["reason"],
  },
};

type AnyMetric = client.Histogram<string> | client.Counter<string> | client.Gauge<string>;

export interface Metrics {
  registry: client.Registry;
  sink: TelemetrySink;
}

export interface CreateMetricsOptions {
  /**
   * The build's route ids: a field-data observation whose `route` is not one of them is dropped and counted as
   * `web_vitals_rejected_total{reason="route"}` (the label's values stay the build's, whatever a beacon says).
   * Absent: every route id of the right shape is kept (tests).
   */
  routeIds?: ReadonlySet<string>;
}

/** A registry with every storefront metric and the default process metrics; `sink` feeds it. */
export function createMetrics(options: CreateMetricsOptions = {}): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const metrics = new Map<MetricName, AnyMetric>();
  const create = (name: MetricName) => {
    const spec = METRIC_SPECS[name];
    const common = { name: PREFIX + name, help: spec.help, labelNames: spec.labels, registers: [registry] };
    const metric =
      spec.type === "histogram"
        ? new client.Histogram({ ...common, buckets: spec.buckets })
        : spec.type === "counter"
          ? new client.Counter(common)
          : new client.Gauge(common);
    metrics.set(name, metric);
    return metric;
  };
  // prom-client shows a label-less gauge as 0 before anyone sets it: redis_up appears only once Redis is
  // reported on (no REDIS_URL, no series), so a 0 always means "configured and failing"
  for (const name of Object.keys(METRIC_SPECS) as MetricName[]) if (name !== "redis_up") create(name);
  (metrics.get("upstream_breaker_state") as client.Gauge<string>).set(0);

  /** only the declared labels, as strings: an emitter's extra label must not throw into the app */
  const pick = (name: MetricName, labels: Labels) => {
    const out: Record<string, string> = {};
    for (const label of METRIC_SPECS[name].labels) out[label] = labels[label] === undefined ? "" : String(labels[label]);
    return out;
  };
  const sink: TelemetrySink = {
    count(name, labels, by) {
      const metric = metrics.get(name);
      if (metric instanceof client.Counter) metric.inc(pick(name, labels), by);
    },
    observe(name, labels, value) {
      if (options.routeIds && FIELD_DATA_METRICS.includes(name) && !options.routeIds.has(String(labels.route))) {
        (metrics.get("web_vitals_rejected_total") as client.Counter<string>).inc({ reason: "route" });
        return;
      }
      const metric = metrics.get(name);
      if (metric instanceof client.Histogram) metric.observe(pick(name, labels), value);
    },
    set(name, labels, value) {
      const metric = metrics.get(name) ?? create(name);
      if (metric instanceof client.Gauge) metric.set(pick(name, labels), value);
    },
  };
  return { registry, sink };
}

/** What of the server build the route matcher needs (build.routes). */
export interface RouteManifestEntry {
  id: string;
  path?: string;
  index?: boolean;
  parentId?: string;
}

interface CompiledRoute {
  id: string;
  pattern: RegExp;
  score: number;
  depth: number;
}

/**
 * Maps a request path to the React Router route id that answers it, for the request-duration label. React Router's own
 * matching is not exported, so this ranks the same way in short: static segments beat dynamic ones, which beat
 * a splat, and the deepest of equal matches answers. Single-fetch data URLs (`/cart.data`, `/_root.data`) count as their page.
 */
export function createRouteMatcher(routes: Record<string, RouteManifestEntry | undefined>, publicPath = "/assets/") {
  const entries = Object.values(routes).filter((r): r is RouteManifestEntry => Boolean(r));
  const byId = new Map(entries.map((r) => [r.id, r]));
  const compiled: CompiledRoute[] = [];
  for (const route of entries) {
    const segments: string[] = [];
    let depth = 0;
    for (let r: RouteManifestEntry | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) {
      depth++;
      if (r.path) segments.unshift(...r.path.split("/").filter(Boolean));
    }
    let score = 0;
    const parts = segments.map((segment) => {
      if (segment === "*") {
        score += 1;
        return "(?:/.*)?";
      }
      const optional = segment.endsWith("?");
      const name = optional ? segment.slice(0, -1) : segment;
      const part = name.startsWith(":") ? "/[^/]+" : `/${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      score += name.startsWith(":") ? 3 : 10;
      return optional ? `(?:${part})?` : part;
    });
    compiled.push({ id: route.id, pattern: new RegExp(`^${parts.join("")}/?$`, "i"), score: score + (route.index ? 1 : 0), depth });
  }
  // the most specific path first; on a tie the deepest route (an index or a pathless layout's child) answers
  compiled.sort((a, b) => b.score - a.score || b.depth - a.depth);

  return function routeIdFor(pathname: string): string {
    // Vite builds say publicPath "/" (files are told apart by their extension below)
    if (publicPath !== "/" && pathname.startsWith(publicPath)) return "static";
    let path = pathname;
    if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
    else if (/\.[a-z0-9]+$/i.test(path)) return "static";
    return compiled.find((route) => route.pattern.test(path))?.id ?? "unmatched";
  };
}

export interface StartMetricsOptions {
  port: number;
  host?: string;
  routes: Record<string, RouteManifestEntry | undefined>;
  publicPath?: string;
  log?: (level: "info" | "warn" | "error", msg: string, fields?: Record<string, unknown>) => void;
}

export interface RunningMetrics {
  server: Server;
  /** one HTTP request on the public port has been answered */
  observeRequest(method: string, pathname: string, status: number, seconds: number): void;
  close(): void;
}

/** Serves GET /metrics on its own port and subscribes the registry to the storefront's telemetry. */
export function startMetrics(options: StartMetricsOptions): RunningMetrics {
  const routeIds = new Set(Object.values(options.routes).flatMap((route) => (route ? [route.id] : [])));
  const { registry, sink } = createMetrics({ routeIds });
  const unsubscribe = addTelemetrySink(sink);
  const routeIdFor = createRouteMatcher(options.routes, options.publicPath);
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || (path !== "/metrics" && path !== "/")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
      (error: unknown) => {
        options.log?.("error", "metrics collection failed", { message: String(error) });
        res.writeHead(500).end();
      },
    );
  });
  server.on("error", (error) => options.log?.("error", "metrics port failed", { port: options.port, message: String(error) }));
  server.listen(options.port, options.host ?? "0.0.0.0", () =>
    options.log?.("info", "metrics listening", { url: `http://localhost:${options.port}/metrics` }),
  );
  return {
    server,
    observeRequest(method, pathname, status, seconds) {
      sink.observe("http_request_duration_seconds", { route: routeIdFor(pathname), method, status }, seconds);
    },
    close() {
      unsubscribe();
      server.close();
    },
  };
}
