#!/usr/bin/env node
/**
 * The production HTTP server (replaces `remix-serve`, see docs/decisions/007-own-http-server.md):
 * the same static files and Remix handler, plus what an operator needs behind a load balancer —
 * JSON access logs with a request id (also stamped on every upstream-call log line of that request),
 * refusal of cross-site POSTs, security headers on static files too, and a graceful shutdown that
 * stops accepting connections, lets requests in flight finish and then exits.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

installGlobals({ nativeFetch: true }); // single fetch needs the platform's fetch; nothing is patched

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
/** cross-site POSTs allowed only here: Apple's form_post sign-in callback (issue 6/8) */
const CROSS_SITE_POST_PATHS = ["/auth/apple/callback"];

const requestContext = new AsyncLocalStorage();
globalThis[Symbol.for("storefront.requestContext")] = requestContext;

const build = await import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href);

const LEVELS = ["debug", "info", "warn", "error"];
const minLevel = process.env.LOG_LEVEL === "silent" ? Infinity : Math.max(0, LEVELS.indexOf(process.env.LOG_LEVEL ?? "info"));

/** the same JSON lines and LOG_LEVEL as server/log.ts (the app's logger) */
function log(level, msg, fields = {}) {
  if (LEVELS.indexOf(level) < minLevel) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

function sameOrigin(req) {
  const site = req.get("sec-fetch-site");
  if (site === "cross-site") return false;
  const origin = req.get("origin");
  if (!origin || origin === "null") return true; // no Origin to compare: Sec-Fetch-Site already said not cross-site
  const allowed = new Set([`${req.protocol}://${req.get("host")}`]);
  if (process.env.PUBLIC_ORIGIN) allowed.add(new URL(process.env.PUBLIC_ORIGIN).origin);
  return allowed.has(origin);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback, linklocal, uniquelocal");

let shuttingDown = false;

// request id + JSON access log
app.use((req, res, next) => {
  const requestId = (req.get("x-request-id") ?? "").slice(0, 100) || randomUUID();
  const started = process.hrtime.bigint();
  res.setHeader("X-Request-Id", requestId);
  res.on("finish", () => {
    if (req.path === "/healthz" && res.statusCode === 200) return; // probes every few seconds: not worth a line
    log(res.statusCode >= 500 ? "error" : "info", "request", {
      requestId,
      method: req.method,
      route: req.path,
      status: res.statusCode,
      durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
    });
  });
  if (shuttingDown) res.setHeader("Connection", "close");
  requestContext.run({ requestId }, next);
});

// issue 16: Prometheus metrics on their own port (METRICS_PORT, unset: off); the public port never serves them
const metricsApi = build.entry.module;
let metricsPort = null;
try {
  metricsPort = metricsApi.metricsPortFrom?.(process.env.METRICS_PORT) ?? null;
} catch (error) {
  log("error", error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const metrics = metricsPort ? metricsApi.startMetrics({ port: metricsPort, host: HOST, routes: build.routes, publicPath: build.publicPath, log }) : null;
app.all("/metrics", (req, res) => res.status(404).type("text/plain; charset=utf-8").send("Not found")); // never on the public port
if (metrics) {
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => metrics.observeRequest(req.method, req.path, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9));
    next();
  });
}

// issue 8: POSTs from another site are refused before any action runs
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (CROSS_SITE_POST_PATHS.includes(req.path) || sameOrigin(req)) return next();
  log("warn", "cross-site POST refused", { route: req.path, origin: req.get("origin") ?? null, secFetchSite: req.get("sec-fetch-site") ?? null });
  res.status(403).type("text/plain; charset=utf-8").send("Запрос с другого сайта отклонён");
});

// static files carry the basic headers too (pages get theirs, with the CSP, from entry.server)
const staticHeaders = (res) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
};
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", index: false, setHeaders: staticHeaders }));
// public files all have an extension: page URLs skip the file-system look-up entirely
const publicFiles = express.static("public", { maxAge: "1h", index: false, redirect: false, setHeaders: staticHeaders });
app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV ?? "production" }));

const server = app.listen(PORT, HOST, () => log("info", "listening", { url: `http://localhost:${PORT}`, build: BUILD_DIR }));
server.keepAliveTimeout = 65_000; // longer than typical load balancer idle timeouts

function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  metrics?.close(); // issue 16
  log("info", "shutting down: finishing requests in flight", { signal, graceMs: SHUTDOWN_GRACE_MS });
  server.close(() => {
    log("info", "stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
  // a keep-alive connection whose request was in flight turns idle only when it is answered: close it then (issue 16)
  setInterval(() => server.closeIdleConnections(), 200).unref();
  setTimeout(() => {
    log("warn", "grace period over: closing the remaining connections");
    server.closeAllConnections();
    process.exit(0);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
