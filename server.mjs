#!/usr/bin/env node
/**
 * The production HTTP server (replaces `react-router-serve`, see docs/decisions/007-own-http-server.md): the same
 * static files and React Router handler, plus what an operator needs behind a load balancer — JSON access logs with
 * a request id (also stamped on every upstream-call log line of that request), refusal of cross-site POSTs,
 * security headers on static files too, and a graceful shutdown that stops accepting connections, lets requests in
 * flight finish and then exits.
 *
 * It checks the whole configuration before it listens (ADR 137): the environment first (server/env.mjs, which also
 * says where the build is), then, through the build, the brand file and the rules that join both; a bad value
 * prints one line per field and exits 1, and "listening" is never logged. The services are made once here and
 * handed to every request in its load context. `--dev` serves the app through Vite instead of a build.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { STATUS_CODES } from "node:http";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "react-router";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import { readEnv } from "./server/env.mjs";
import { alignForRouter, mayPost, siteOrigin } from "./server/http-origin.mjs";
import { IMMUTABLE, namesCurrentVersion } from "./server/asset-version.mjs";
import { trustProxySetting, watchProxyTrust } from "./server/proxy-trust.mjs";

/** the configuration's problems, one line per field, and the exit: nothing has listened */
function refuseToStart(lines) {
  process.stderr.write(`Invalid configuration:\n${lines.map((line) => `  - ${line}`).join("\n")}\n`);
  process.exit(1);
}

const { env, errors } = readEnv(process.env);
if (!env) refuseToStart(errors);

const DEV = process.argv.includes("--dev");
/** cross-site POSTs allowed only here: Apple's form_post sign-in callback (issue 6/8) */
const CROSS_SITE_POST_PATHS = ["/auth/apple/callback"];
/** the public origin, when the operator says it (ADR 077: then it is the truth for origin checks) */
const PUBLIC_ORIGIN = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : null;

// the build (or, with --dev, Vite's view of the sources): the app and the start-up API it exports (entry.server)
const vite = DEV ? await (await import("vite")).createServer({ server: { middlewareMode: true } }) : null;
const loadBuild = vite
  ? () => vite.ssrLoadModule("virtual:react-router/server-build")
  : await (async () => {
      const file = path.resolve(env.BUILD_DIR, "server/index.js");
      try {
        const built = await import(pathToFileURL(file).href);
        return () => built;
      } catch (error) {
        return refuseToStart([`BUILD_DIR: no usable build at ${file} (npm run build): ${error instanceof Error ? error.message : String(error)}`]);
      }
    })();
const build = await loadBuild();
const api = build.entry.module;

let services;
try {
  services = api.createServices(api.loadConfig(process.env));
} catch (error) {
  if (error instanceof api.ConfigError) refuseToStart(error.lines);
  throw error;
}
const { log } = api;
// whether the rate limits can see the customers' own addresses behind the proxies in front (ADR 143): said at start,
// and once when the traffic shows what the configuration could not
const proxyTrust = watchProxyTrust(process.env, (line) => log("warn", line));

/**
 * This request's site origin (ADR 077): PUBLIC_ORIGIN when set; otherwise the scheme and host Express resolved,
 * with X-Forwarded-Host only from a trusted proxy (TRUST_PROXY). Computed once: the cross-site refusal, the
 * Request URL React Router sees and the host its own check compares with all come from it.
 */
function requestSite(req) {
  if (PUBLIC_ORIGIN) return PUBLIC_ORIGIN;
  const trusted = req.app.get("trust proxy fn")(req.socket.remoteAddress, 0);
  const forwardedHost = trusted ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return siteOrigin({ protocol: req.protocol, host: forwardedHost || req.get("host") });
}

/** the Request for React Router, as @react-router/express builds it, but on the one site origin (see requestSite) */
function routerRequest(req, res, site) {
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
  const init = { method: req.method, headers: alignForRouter(headers, site), signal: controller.signal };
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
  req.removeAllListeners("data"); // the Request's body stream: nothing more goes into a body nobody reads
  req.on("data", (chunk) => {
    left -= chunk.length;
    if (left < 0) req.socket?.destroy();
  });
  req.resume();
}

/** React Router's answer onto the Express response (as @react-router/express sends it) */
async function sendRouterResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) return res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // the client went away mid-answer (a closed tab, a cancelled fetch): nothing of ours failed
    if (res.destroyed || res.req.socket?.destroyed) return void response.body.cancel().catch(() => {});
    throw error;
  }
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));

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
  proxyTrust.request({ peer: req.socket.remoteAddress, forwardedFor: req.get("x-forwarded-for"), trusted: req.app.get("trust proxy fn")(req.socket.remoteAddress, 0), path: req.path });
  api.withRequestId(requestId, next);
});

/**
 * The methods the app answers (ADR 142). Any other is a 405 with `Allow` here, before anything else runs: Node
 * accepts TRACE, PROPFIND, MKCOL, QUERY… and the WHATWG Request React Router is handed refuses TRACE (a forbidden
 * method), which was a 500 with a stack; PUT, PATCH and DELETE reached the actions, which only our forms' POSTs are for.
 * OPTIONS goes on to React Router as before (a 405 page: the app answers no preflight).
 */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"];
const ALLOW = ALLOWED_METHODS.join(", ");
app.use((req, res, next) => {
  if (ALLOWED_METHODS.includes(req.method)) return next();
  res.setHeader("Allow", ALLOW);
  res.status(405).type("text/plain; charset=utf-8").send("Method Not Allowed");
});

// issue 16: Prometheus metrics on their own port (METRICS_PORT, unset: off); the public port never serves them
const metrics = env.METRICS_PORT ? api.startMetrics({ port: env.METRICS_PORT, host: env.HOST, routes: build.routes, publicPath: build.publicPath, log }) : null;
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
if (vite) app.use(vite.middlewares);
// with --dev, the build is asked for on every request (Vite's view of the sources changes); in production it is the
// one imported above, and handing React Router the object instead of a function lets it derive its route table and
// static handler once: given a function, it derives them again for every request, a fifth of a cached page's CPU
// (ADR 200)
const handleRequest = createRequestHandler(vite ? loadBuild : build, env.NODE_ENV);
app.all("*", async (req, res, next) => {
  try {
    // the load context: the services, and the client address for rate limits — Express's, from the socket and
    // TRUST_PROXY, never a header (ADR 031); made by the build's own module (with --dev, the current one)
    const loadContext = (vite ? await loadBuild() : build).entry.module.createLoadContext(services, { clientAddress: req.ip });
    await sendRouterResponse(res, await handleRequest(routerRequest(req, res, res.locals.site), loadContext));
  } catch (error) {
    next(error);
  }
});
/**
 * The client's fault an error names (an http-errors status 400–499: the 400 above, and serve-static's 416 for a
 * Range past a file's end, 412 for a failed precondition…), or null for a fault of ours
 */
function clientErrorStatus(error) {
  const status = error?.status ?? error?.statusCode;
  return Number.isInteger(status) && status >= 400 && status <= 499 ? status : null;
}

// anything thrown past React Router: one JSON line (never Express's multi-line stack page), a plain 4xx/500
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express knows an error handler by its four parameters
app.use((error, req, res, _next) => {
  const clientStatus = clientErrorStatus(error);
  const status = clientStatus ?? 500;
  log(clientStatus ? "warn" : "error", "request failed", { route: req.path, status, error: error instanceof Error ? error.stack : String(error) });
  if (res.headersSent) return res.destroy();
  // the headers an http-error carries for its answer (a 416's Content-Range)
  if (clientStatus && error.headers && typeof error.headers === "object") {
    for (const [name, value] of Object.entries(error.headers)) if (typeof value === "string") res.setHeader(name, value);
  }
  res.status(status).type("text/plain; charset=utf-8").send(STATUS_CODES[status] ?? "Error");
});

const server = app.listen(env.PORT, env.HOST, () => log("info", "listening", { url: `http://localhost:${env.PORT}`, build: DEV ? "vite" : env.BUILD_DIR }));
server.keepAliveTimeout = 65_000; // longer than typical load balancer idle timeouts
// a port taken, an address not ours: one line saying so and exit 1, not a stack
server.on("error", (error) => {
  log("error", "cannot listen", { port: env.PORT, host: env.HOST, code: error.code ?? null, message: error.message });
  process.exit(1);
});
// CONNECT never reaches Express (Node hands it to this event and, with no listener, closes the connection unanswered)
server.on("connect", (req, socket) => {
  log("info", "request", { method: req.method, route: req.url?.slice(0, 200) ?? "", status: 405 });
  const body = "Method Not Allowed";
  socket.on("error", () => {}); // a client gone before the answer: nothing to do
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
});

function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  metrics?.close(); // issue 16
  log("info", "shutting down: finishing requests in flight", { signal, graceMs: env.SHUTDOWN_GRACE_MS });
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
  }, env.SHUTDOWN_GRACE_MS).unref();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
