/** The Prometheus port's entry points, exported by entry.server so server.mjs reaches them through the build (ADR 065). */
export { metricsPortFrom, startMetrics } from "~server/metrics";
