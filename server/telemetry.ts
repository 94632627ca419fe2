/**
 * Telemetry events, decoupled from how they are exported. Code that has something to count calls
 * `telemetry.count/observe/set` with a name from `MetricName`; a sink (the Prometheus registry on the
 * metrics port, a test's recorder) subscribes with `addTelemetrySink`. With no sink every call is a no-op,
 * so instrumented code never depends on the exporter and tests need no registry.
 */
export type Labels = Record<string, string | number>;

/** every metric the storefront emits, with its labels (the exporter gives each its help text and type) */
export type MetricName =
  /** histogram (seconds) {route, method, status}: one per HTTP request, route = React Router route id */
  | "http_request_duration_seconds"
  /** histogram (seconds) {endpoint, outcome: ok|http_error|network|timeout|invalid|breaker_open} */
  | "upstream_call_duration_seconds"
  /** gauge {}: 0 closed, 1 half-open, 2 open */
  | "upstream_breaker_state"
  /** counter {result: hit|stale|miss} */
  | "catalog_cache_requests_total"
  /** counter {result: hit|miss|skip}: documents answered from the document cache (ADR 127) */
  | "document_cache_requests_total"
  /** gauge {}: 1 when Redis answers, 0 when configured and failing (absent when not configured) */
  | "redis_up"
  /** counter {limit: sms_phone|sms_address|sms_verify|orders|…} */
  | "rate_limit_refusals_total"
  /** counter {outcome: placed|refused, reason} */
  | "orders_total"
  /** counter {resource}: upstream list records left out because they failed to parse */
  | "upstream_records_dropped_total"
  /** histogram (seconds) {route, device: phone|desktop}: customers' Largest Contentful Paint (field data, ADR 160) */
  | "web_vitals_lcp_seconds"
  /** histogram (seconds) {route, device}: customers' Interaction to Next Paint */
  | "web_vitals_inp_seconds"
  /** histogram (unitless) {route, device}: customers' Cumulative Layout Shift */
  | "web_vitals_cls"
  /** histogram (seconds) {route, device}: customers' Time to First Byte */
  | "web_vitals_ttfb_seconds"
  /** counter {reason: body|entry|route|rate_limited|disabled}: field-data beacons or entries not recorded */
  | "web_vitals_rejected_total";

export interface TelemetrySink {
  count(name: MetricName, labels: Labels, by: number): void;
  observe(name: MetricName, labels: Labels, value: number): void;
  set(name: MetricName, labels: Labels, value: number): void;
}

const sinks = new Set<TelemetrySink>();

/** subscribe; returns the unsubscribe function */
export function addTelemetrySink(sink: TelemetrySink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export const telemetry = {
  count(name: MetricName, labels: Labels = {}, by = 1) {
    for (const sink of sinks) sink.count(name, labels, by);
  },
  observe(name: MetricName, labels: Labels, value: number) {
    for (const sink of sinks) sink.observe(name, labels, value);
  },
  set(name: MetricName, labels: Labels, value: number) {
    for (const sink of sinks) sink.set(name, labels, value);
  },
};
