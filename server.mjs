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
import { createReadableStreamFromReadable, createRequestHandler, installGlobals, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import { alignForRemix, mayPost, siteOrigin } from "./server/http-origin.mjs";
import { IMMUTABLE, namesCurrentVersion } from "./server/asset-version.mjs";
import { installLazyHandoff } from "./server/lazy-handoff.mjs";

installGlobals({ nativeFetch: true }); // single fetch needs the platform's fetch; nothing is patched

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
/** cross-site POSTs allowed only here: Apple's form_post sign-in callback (issue 6/8) */
const CROSS_SITE_POST_PATHS = ["/auth/apple/callback"];
/** the public origin, when the operator says it (ADR 077: then it is the truth for origin checks) */
const PUBLIC_ORIGIN = process.env.PUBLIC_ORIGIN ? new URL(process.env.PUBLIC_ORIGIN).origin : null;

const requestContext = new AsyncLocalStorage();
globalThis[Symbol.for("storefront.requestContext")] = requestContext;

// a cached document's loader data is not encoded again (ADR 130)
const lazyHandoff = installLazyHandoff();

const build = await import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href);

const LEVELS = ["debug", "info", "warn", "error"];
const minLevel = process.env.LOG_LEVEL === "silent" ? Infinity : Math.max(0, LEVELS.indexOf(process.env.LOG_LEVEL ?? "info"));

/** the same JSON lines and LOG_LEVEL as server/log.ts (the app's logger) */
function log(level, msg, fields = {}) {
  if (LEVELS.indexOf(level) < minLevel) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

if (!lazyHandoff) log("warn", "Remix's loader-data encoding could not be made lazy: cached documents encode it anyway (ADR 130)");

/**
 * This request's site origin (ADR 077): PUBLIC_ORIGIN when set; otherwise the scheme and host Express resolved,
 * with X-Forwarded-Host only from a trusted proxy (TRUST_PROXY). Computed once: the cross-site refusal, the
 * Request URL Remix sees and the host Remix's own check compares with all come from it.
 */
function requestSite(req) {
  if (PUBLIC_ORIGIN) return PUBLIC_ORIGIN;
  const trusted = req.app.get("trust proxy fn")(req.socket.remoteAddress, 0);
  const forwardedHost = trusted ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return siteOrigin({ protocol: req.protocol, host: forwardedHost || req.get("host") });
}

/** the Request for Remix, as @remix-run/express builds it, but on the one site origin (see requestSite) */
function remixRequest(req, res, site) {
  // a request target that is not a path ("*", an absolute URL) is a 400, not a crash
  let url;
  try {
    url = new URL(`${site}${req.originalUrl}`);
  } catch {
    url = null;
  }
  if (!url || url.origin !== site) throw Object.assign(new Error("request target is not a path"), { status: 400 });
  const controller = new AbortController();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value) headers.set(name, value);
  }
  const init = { method: req.method, headers: alignForRemix(headers, site), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  let done = false;
  res.on("finish", () => (done = true));
  res.on("close", () => done || controller.abort());
  return new Request(url.href, init);
}

/** the most of a refused body that is read and dropped so that its connection can serve the next request */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * After an answer sent before the request's body was read to its end (a refusal: 413, 415, a broken form, the
 * catch-all's 303): the rest of the body is read and dropped, as Node does for a body nobody touched, so the
 * keep-alive connection serves its next request. Left unread, the rest sat in the socket and the next request
 * on that connection (a proxy's keep-alive pool: another customer's) never got an answer. A body past
 * DRAIN_LIMIT_BYTES closes the connection instead.
 */
function drainUnreadBody(req) {
  if (req.complete || req.socket?.destroyed) return;
  let left = DRAIN_LIMIT_BYTES;
  req.removeAllListeners("data"); // Remix's body stream: nothing more goes into a body nobody reads
  req.on("data", (chunk) => {
    left -= chunk.length;
    if (left < 0) req.socket?.destroy();
  });
  req.resume();
}

/** Remix's answer onto the Express response (as @remix-run/express sends it) */
async function sendRemixResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

const app = express();
app.disable("x-powered-by");
/** TRUST_PROXY in Express's syntax; "true"/"false" and a hop count are values, not addresses */
function trustProxySetting(value = "loopback, linklocal, uniquelocal") {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));

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
  res.on("finish", () => drainUnreadBody(req));
  res.locals.site = requestSite(req);
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
  const allowed = mayPost({ origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), site: res.locals.site });
  if (CROSS_SITE_POST_PATHS.includes(req.path) || allowed) return next();
  log("warn", "cross-site POST refused", { route: req.path, origin: req.get("origin") ?? null, secFetchSite: req.get("sec-fetch-site") ?? null });
  res.status(403).type("text/plain; charset=utf-8").send("Запрос с другого сайта отклонён");
});

// static files carry the basic headers too (pages get theirs, with the CSP, from entry.server)
const staticHeaders = (res) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
};
// a public file asked for with its current content version (`?v=`, the brand's mark and favicon) keeps for a year
const publicFileHeaders = (res, file) => {
  staticHeaders(res);
  if (namesCurrentVersion(res.req?.query?.v, file)) res.setHeader("Cache-Control", IMMUTABLE);
};
app.use(compression());
// Vite's hashed output is immutable; the files copied from public/ (brand mark, favicon, robots.txt, demo photos)
// keep their names across releases, so they get an hour (issue 14 §9), unless asked for with their version
const assetsDir = path.join(build.assetsBuildDirectory, "assets");
const assetOptions = { immutable: true, maxAge: "1y", index: false, redirect: false, setHeaders: staticHeaders };
// the build's Brotli and gzip copies (scripts/precompress.mjs) are sent as they are; `compression` leaves an encoded
// answer alone and still compresses a file without copies (ADR 135)
const precompressedAssets = expressStaticGzip(assetsDir, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic: assetOptions });
// a path that does not decode gets serve-static's plain 400, not express-static-gzip's own HTML one
const plainAssets = express.static(assetsDir, assetOptions);
const decodes = (p) => {
  try {
    decodeURIComponent(p);
    return true;
  } catch {
    return false;
  }
};
const hashedAssets = (req, res, next) => (decodes(req.path) ? precompressedAssets : plainAssets)(req, res, next);
app.use(`${build.publicPath}assets`, hashedAssets);
// public files all have an extension: page URLs skip the file-system look-up entirely
const builtPublicFiles = express.static(build.assetsBuildDirectory, { maxAge: "1h", index: false, redirect: false, setHeaders: publicFileHeaders });
const publicFiles = express.static("public", { maxAge: "1h", index: false, redirect: false, setHeaders: publicFileHeaders });
app.use((req, res, next) =>
  /\.[a-z0-9]+$/i.test(req.path) ? builtPublicFiles(req, res, () => publicFiles(req, res, next)) : next(),
);
const handleRemix = createRequestHandler(build, process.env.NODE_ENV ?? "production");
app.all("*", async (req, res, next) => {
  try {
    // the client address for rate limits is Express's, from the socket and TRUST_PROXY, never a header (ADR 031)
    await sendRemixResponse(res, await handleRemix(remixRequest(req, res, res.locals.site), { clientAddress: req.ip }));
  } catch (error) {
    next(error);
  }
});
// anything thrown past Remix: one JSON line (never Express's multi-line stack page), a plain 400/500
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express knows an error handler by its four parameters
app.use((error, req, res, _next) => {
  const status = error?.status === 400 ? 400 : 500;
  log(status === 400 ? "warn" : "error", "request failed", { route: req.path, status, error: error instanceof Error ? error.stack : String(error) });
  if (res.headersSent) return res.destroy();
  res.status(status).type("text/plain; charset=utf-8").send(status === 400 ? "Bad Request" : "Internal Server Error");
});

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
