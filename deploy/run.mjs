#!/usr/bin/env node
/**
 * npm run test:deploy — what operators run is what this runs (issue 16, ADRs 066–068):
 *   1. the real image, built with podman from the project's Dockerfile on a locally made base image;
 *   2. run as operators would: read-only with a tmpfs, non-root, its HEALTHCHECK, SIGTERM finishing in-flight requests;
 *   3. the topology: nginx (TLS, default proxy headers) → two storefront containers (round robin) → one Redis
 *      container + one upstream container (the twin as an HTTP server), then the customer journey in Chromium
 *      four ways (deploy/journey.spec.ts), Redis stopped and started mid-journey, Apple's cross-site callback;
 *   4. the metrics port: Prometheus text with every family, /metrics never on the public port, a load run moves them.
 * Everything listens on loopback ports 8410–8443 (DEPLOY_PORT_BASE moves them). Installs what it needs on a fresh
 * Debian machine (podman, runc, nginx, debootstrap). Leaves nothing running; DEPLOY_KEEP=1 keeps the topology up.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const work = join(root, "deploy/.work");
const PODMAN = join(root, "deploy/podman.sh");
const base = Number(process.env.DEPLOY_PORT_BASE ?? 8400);
const ports = { twin: base + 10, redis: base + 11, a: base + 21, b: base + 22, metricsA: base + 31, metricsB: base + 32, proxy: base + 43 };
const PUBLIC_ORIGIN = `https://localhost:${ports.proxy}`;
const names = { twin: "sf-deploy-twin", redis: "sf-deploy-redis", a: "sf-deploy-a", b: "sf-deploy-b" };
const IMAGE = process.env.DEPLOY_IMAGE ?? "localhost/storefront:ci";
const REDIS_IMAGE = "localhost/storefront-redis:bookworm";
/**
 * default: nginx's own proxy headers only (Host is the upstream block's name, no X-Forwarded-*), what an operator
 * gets from a bare `proxy_pass` — the storefront must work behind it with PUBLIC_ORIGIN set (issue 14), and, since it
 * cannot see customers' addresses there (every customer is nginx), say so in its log once at start and once at run
 * time, with the one nginx line that fixes it (ADR 143).
 * forwarding: the config docs/operations.md recommends (Host, X-Forwarded-Proto, X-Forwarded-For passed on) with
 * TRUST_PROXY naming nginx (127.0.0.1: it runs on this host, the containers on its network), so the rate limits
 * count each customer's own address, and the storefront has nothing to warn about.
 */
const PROXY_MODE = process.env.DEPLOY_PROXY === "forwarding" ? "forwarding" : "default";
const started = Date.now();
const failures = [];
const notes = [];
let nginx = null;

const secs = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const step = (what) => console.log(`\n▶ ${what} (${secs()})`);
function check(ok, what, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${!ok && detail ? ` — ${detail}` : ""}`);
  if (!ok) failures.push(what);
  return ok;
}
const podman = (args, opts = {}) => execFileSync(PODMAN, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...opts }).trim();
const podmanOk = (args) => {
  try {
    podman(args);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ── tools ────────────────────────────────────────────────────────────────────────────────────────────
step("tools");
const needApt = [];
for (const [cmd, pkg] of [["podman", "podman"], ["runc", "runc"], ["nginx", "nginx-light"], ["debootstrap", "debootstrap"], ["openssl", "openssl"], ["chromium", "chromium"]]) {
  try {
    execFileSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" });
  } catch {
    needApt.push(pkg);
  }
}
if (needApt.length) {
  console.log(`installing Debian packages: ${needApt.join(" ")}`);
  execFileSync("sh", ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${needApt.join(" ")} >/dev/null`], { stdio: "inherit" });
}
mkdirSync(work, { recursive: true });

// ── the image ────────────────────────────────────────────────────────────────────────────────────────
step("base images and the real image (podman build of ./Dockerfile)");
let t0 = Date.now();
const baseTag = execFileSync(join(root, "deploy/base-images.sh"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim().split("\n").pop();
const baseSeconds = (Date.now() - t0) / 1000;
t0 = Date.now();
if (process.env.DEPLOY_SKIP_BUILD !== "1" || !podmanOk(["image", "exists", IMAGE])) {
  execFileSync(join(root, "deploy/build-image.sh"), [IMAGE], { stdio: ["ignore", "ignore", "inherit"] });
}
const buildSeconds = (Date.now() - t0) / 1000;
const sizeMb = Math.round(Number(podman(["image", "inspect", IMAGE, "--format", "{{.Size}}"])) / 1e6);
notes.push(`base images ${baseSeconds.toFixed(0)} s, app image build ${buildSeconds.toFixed(0)} s, image ${IMAGE} ${sizeMb} MB (base ${baseTag})`);
console.log(notes.at(-1));
const config = JSON.parse(podman(["image", "inspect", IMAGE, "--format", "{{json .Config}}"]));
check(config.User === "node", "the image runs as the non-root user node", `User=${config.User}`);
check(podman(["image", "inspect", IMAGE, "--format", "{{json .HealthCheck}}"]).includes("/healthz"), "the image carries its HEALTHCHECK");

// ── the topology ─────────────────────────────────────────────────────────────────────────────────────
function teardown() {
  if (nginx && nginx.exitCode === null) nginx.kill("SIGTERM");
  // an nginx left by an earlier DEPLOY_KEEP=1 run (this script started it; its pid file says which)
  const pidFile = join(work, "nginx/nginx.pid");
  if (!nginx && existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, "utf8")), "SIGTERM");
    } catch {
      /* already gone */
    }
  }
  for (const name of Object.values(names)) podmanOk(["rm", "-f", "-t", "2", name]);
}
process.on("SIGINT", () => {
  teardown();
  process.exit(130);
});
teardown();

step("certificate, upstream twin, Redis");
const tls = join(work, "tls");
mkdirSync(tls, { recursive: true });
if (!existsSync(join(tls, "cert.pem"))) {
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
    "-keyout", join(tls, "key.pem"), "-out", join(tls, "cert.pem")], { stdio: "ignore" });
}
const ca = readFileSync(join(tls, "cert.pem"));

// the twin as an HTTP upstream both containers share (ADR 066), bundled into one file and run on the base image
execFileSync(join(root, "node_modules/.bin/esbuild"), ["deploy/twin-server.ts", "--bundle", "--platform=node", "--format=esm", "--target=node20",
  `--outfile=${join(work, "twin.mjs")}`, "--log-level=warning",
  "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"], { stdio: "inherit" });
const common = ["--network", "host", "--read-only", "--tmpfs", "/tmp"];
podman(["run", "-d", "--name", names.twin, ...common, "--user", "node", "-v", `${join(work, "twin.mjs")}:/twin/twin.mjs:ro`, "-e", `PORT=${ports.twin}`, baseTag, "node", "/twin/twin.mjs"]);
// Redis as operators must run it (ADR 144, docs/operations.md): append-only, its data on a volume the read-only
// container can write (Debian's /var/lib/redis, owned by the image's redis user), so a stop and start mid-journey keeps
// order outcomes and revoked sessions; each run starts from an empty volume
podmanOk(["volume", "rm", "-f", `${names.redis}-data`]);
podman(["run", "-d", "--name", names.redis, ...common, "-v", `${names.redis}-data:/var/lib/redis:U`, REDIS_IMAGE, "redis-server", "--port", String(ports.redis), "--bind", "127.0.0.1",
  "--appendonly", "yes", "--save", "", "--dir", "/var/lib/redis"]);
const twinUrl = `http://127.0.0.1:${ports.twin}`;
await waitFor(`${twinUrl}/__twin/healthz`, "the twin");

step("two storefront containers of one brand (read-only, tmpfs, non-root)");
const secret = randomBytes(36).toString("base64url");
const storefrontEnv = {
  NODE_ENV: "production",
  BRAND_CONFIG: "/config/brand.json",
  UPSTREAM_API_URL: twinUrl,
  UPSTREAM_API_KEY: "deploy-test-key",
  UPSTREAM_BREAKER_RESET_MS: "3000",
  SESSION_SECRET: secret,
  PUBLIC_ORIGIN,
  REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
  HOST: "127.0.0.1",
  SHUTDOWN_GRACE_MS: "15000",
  // the proxy, named (ADR 143); a bare proxy_pass is run the way an operator who set nothing runs it
  ...(PROXY_MODE === "forwarding" ? { TRUST_PROXY: "127.0.0.1" } : {}),
};
function runStorefront(name, port, metricsPort) {
  const env = Object.entries({ ...storefrontEnv, PORT: String(port), METRICS_PORT: String(metricsPort) }).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  podman(["run", "-d", "--name", name, ...common, "-v", `${join(root, "deploy/brand.json")}:/config/brand.json:ro`, ...env, IMAGE]);
}
runStorefront(names.a, ports.a, ports.metricsA);
runStorefront(names.b, ports.b, ports.metricsB);
await waitFor(`http://127.0.0.1:${ports.a}/healthz`, names.a);
await waitFor(`http://127.0.0.1:${ports.b}/healthz`, names.b);

check(podman(["exec", names.a, "id", "-u"]) !== "0", "the storefront process is not root");
check(!podmanOk(["exec", names.a, "sh", "-c", "echo x > /app/probe"]), "the image's files are read-only");
check(podmanOk(["exec", names.a, "sh", "-c", "echo x > /tmp/probe"]), "the tmpfs is writable");
check(!podmanOk(["exec", names.a, "test", "-e", "/app/node_modules/vitest"]), "no dev dependency in the image");
check(podmanOk(["healthcheck", "run", names.a]), "the image's HEALTHCHECK command passes");

step(`nginx in front: TLS, round robin, ${PROXY_MODE === "default" ? "nginx's default proxy headers (no Host, no X-Forwarded-*)" : "Host and X-Forwarded-Proto/For passed on"}`);
const nginxDir = join(work, "nginx");
rmSync(nginxDir, { recursive: true, force: true });
mkdirSync(join(nginxDir, "logs"), { recursive: true });
writeFileSync(join(nginxDir, "nginx.conf"), `daemon off;
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log ${nginxDir}/logs/access.log;
  client_body_temp_path ${nginxDir}/body; proxy_temp_path ${nginxDir}/proxy; fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi; scgi_temp_path ${nginxDir}/scgi;
  upstream storefront { server 127.0.0.1:${ports.a}; server 127.0.0.1:${ports.b}; }
  server {
    listen 127.0.0.1:${ports.proxy} ssl;
    server_name localhost;
    ssl_certificate ${tls}/cert.pem;
    ssl_certificate_key ${tls}/key.pem;
    location / {
      proxy_pass http://storefront;${PROXY_MODE === "forwarding" ? `
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;` : `
      # nothing but nginx's defaults: Host is the upstream's name, no X-Forwarded-* at all (the storefronts say in
      # their log that they cannot see customers' addresses, and that one line fixes it:
      # proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;)`}
      add_header X-Served-By $upstream_addr always;
    }
  }
}
`);
nginx = spawn("nginx", ["-c", join(nginxDir, "nginx.conf"), "-p", nginxDir], { stdio: ["ignore", "inherit", "inherit"] });
await waitFor(`${PUBLIC_ORIGIN}/healthz`, "nginx");

// ── operators' view ──────────────────────────────────────────────────────────────────────────────────
step("metrics port");
const FAMILIES = [
  "storefront_http_request_duration_seconds",
  "storefront_upstream_call_duration_seconds",
  "storefront_upstream_breaker_state",
  "storefront_catalog_cache_requests_total",
  "storefront_redis_up",
  "storefront_rate_limit_refusals_total",
  "storefront_orders_total",
  "nodejs_eventloop_lag_seconds",
];
check((await get(`${PUBLIC_ORIGIN}/metrics`)).status === 404, "/metrics through the proxy answers 404");
check((await get(`http://127.0.0.1:${ports.a}/metrics`)).status === 404, "/metrics on a container's public port answers 404");
const metricsText = async (port) => (await get(`http://127.0.0.1:${port}/metrics`)).body;
let text = await metricsText(ports.metricsA);
check(text.includes("# TYPE storefront_http_request_duration_seconds histogram"), "the metrics port answers Prometheus text");

step("a request in flight finishes on SIGTERM");
await post(`${twinUrl}/__twin/scenario`, { latencyMs: 2500, scope: "all" });
const inFlight = get(`http://127.0.0.1:${ports.b}/readyz`);
await sleep(500);
const stopT0 = Date.now();
podman(["stop", "-t", "20", names.b]);
const answer = await inFlight;
check(answer.status === 200 && answer.body.includes("ready"), "the request in flight got its answer", `${answer.status} ${answer.body.slice(0, 120)}`);
const exit = podman(["inspect", names.b, "--format", "{{.State.ExitCode}}"]);
check(exit === "0", "the container exited 0 after SIGTERM", `exit ${exit}`);
check(Date.now() - stopT0 < 12_000, "and did not wait for the grace period to end", `${Date.now() - stopT0} ms`);
await post(`${twinUrl}/__twin/scenario`, {});
podman(["start", names.b]);
await waitFor(`http://127.0.0.1:${ports.b}/healthz`, names.b);

// ── the journey ──────────────────────────────────────────────────────────────────────────────────────
step("the customer journey through the proxy in Chromium, four ways");
const pw = await new Promise((resolveRun) => {
  const child = spawn(join(root, "node_modules/.bin/playwright"), ["test", "-c", "deploy/playwright.config.ts", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, DEPLOY_URL: PUBLIC_ORIGIN, DEPLOY_TWIN_URL: twinUrl, DEPLOY_PODMAN: PODMAN, DEPLOY_REDIS_CONTAINER: names.redis,
      DEPLOY_CONTAINER_URLS: `http://127.0.0.1:${ports.a},http://127.0.0.1:${ports.b}` },
  });
  child.on("exit", (code) => resolveRun(code));
});
check(pw === 0, "the browser journeys pass (deploy/journey.spec.ts)");
await waitFor(`${PUBLIC_ORIGIN}/healthz`, "the topology after the journeys");

step("a load run through the proxy moves the metrics");
const count = (t, family, match = "") =>
  t.split("\n").filter((l) => l.startsWith(family) && l.includes(match) && !l.startsWith("#")).reduce((sum, l) => sum + Number(l.split(" ").pop()), 0);
const beforeA = await metricsText(ports.metricsA);
const beforeB = await metricsText(ports.metricsB);
const paths = ["/", "/menus/501", "/restos", "/promotions", "/cart", "/menus/501/positions/10001"];
const loadT0 = Date.now();
let errors = 0;
for (let round = 0; round < 20; round++) {
  const answers = await Promise.all(paths.map((p) => get(`${PUBLIC_ORIGIN}${p}`)));
  errors += answers.filter((a) => a.status >= 500).length;
}
notes.push(`load run: ${paths.length * 20} requests through the proxy in ${Date.now() - loadT0} ms, ${errors} 5xx`);
console.log(notes.at(-1));
// the upstream fails: the breaker opens, calls fail fast, stale catalog is served
await post(`${twinUrl}/__twin/scenario`, { down: true, scope: "all" });
for (let i = 0; i < 8; i++) await get(`http://127.0.0.1:${ports.a}/readyz`);
const downA = await metricsText(ports.metricsA);
await post(`${twinUrl}/__twin/scenario`, {});
const afterA = await metricsText(ports.metricsA);
const afterB = await metricsText(ports.metricsB);
const family = "storefront_http_request_duration_seconds_count";
check(count(afterA, family) > count(beforeA, family) && count(afterB, family) > count(beforeB, family), "request counts grew on both containers");
const menuRoute = 'route="routes/menus.$menuId"';
check(
  count(afterA, family, menuRoute) + count(afterB, family, menuRoute) > count(beforeA, family, menuRoute) + count(beforeB, family, menuRoute),
  "requests are labelled with their React Router route id",
);
check(count(afterA, "storefront_upstream_call_duration_seconds_count") > count(beforeA, "storefront_upstream_call_duration_seconds_count"), "upstream calls counted");
check(count(downA, "storefront_upstream_call_duration_seconds_count", 'outcome="network"') > 0, "failed upstream calls counted by outcome");
check(/storefront_upstream_breaker_state [12]/.test(downA), "the breaker state shows it opened", downA.match(/storefront_upstream_breaker_state .*/)?.[0]);
check(count(afterA, "storefront_catalog_cache_requests_total") + count(afterB, "storefront_catalog_cache_requests_total") > 0, "catalog cache look-ups counted");
if (pw === 0) {
  const placed = count(afterA, "storefront_orders_total", 'outcome="placed"') + count(afterB, "storefront_orders_total", 'outcome="placed"');
  check(placed >= 4, "the journeys' orders are counted as placed", `${placed}`);
}
const missing = FAMILIES.filter((f) => !afterA.includes(`# TYPE ${f} `));
check(missing.length === 0, "the metrics port lists every family", `missing: ${missing.join(", ")}`);
const sample = afterA.split("\n").filter((l) => /^storefront_(upstream_breaker_state|redis_up|catalog_cache_requests_total|orders_total)/.test(l) || l.startsWith("nodejs_eventloop_lag_p99"));
console.log(sample.map((l) => `   ${l}`).join("\n"));
// the storefront logs: every line JSON, for the report
// both streams: the storefront writes warnings and errors to stderr, the rest to stdout
const logsOf = (name) => {
  const out = spawnSync(PODMAN, ["logs", name], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return `${out.stdout ?? ""}\n${out.stderr ?? ""}`.split("\n").filter(Boolean);
};
const logs = logsOf(names.a);
check(logs.every((l) => l.startsWith("{")), "container logs are JSON lines", logs.find((l) => !l.startsWith("{")));
// ADR 143: behind the bare proxy_pass the storefront says once at start and once at run time that every customer is
// nginx to its rate limits, with the fix; behind the recommended config it sees customers' addresses and says nothing
const proxyWarnings = logs.filter((l) => l.includes('"level":"warn"') && l.includes("TRUST_PROXY"));
if (PROXY_MODE === "default") {
  check(
    proxyWarnings.length === 2 &&
      proxyWarnings.some((l) => l.includes("TRUST_PROXY is not set")) &&
      proxyWarnings.some((l) => l.includes("TRUST_PROXY=loopback")) &&
      proxyWarnings.every((l) => l.includes("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;")),
    "behind a bare proxy_pass the storefront says once at start and once at run time that it cannot see customers' addresses, with the nginx line that fixes it",
    proxyWarnings.join("\n") || "no such line",
  );
} else {
  check(proxyWarnings.length === 0, "behind the recommended proxy config the storefront sees customers' addresses (no proxy warning)", proxyWarnings.join("\n"));
}
writeFileSync(join(work, "storefront-a.log"), `${logs.join("\n")}\n`);
writeFileSync(join(work, "storefront-b.log"), `${podman(["logs", names.b])}\n`);

// ── done ─────────────────────────────────────────────────────────────────────────────────────────────
if (process.env.DEPLOY_KEEP === "1") console.log(`\nDEPLOY_KEEP=1: the topology stays up at ${PUBLIC_ORIGIN}`);
else teardown();
console.log(`\n${notes.join("\n")}\ndeploy test: ${failures.length ? `${failures.length} FAILED: ${failures.join("; ")}` : "passed"} in ${secs()}`);
process.exit(failures.length ? 1 : 0);

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────────
/** GET or POST over http or https (trusting the test's own certificate); never throws: status 0 = no answer */
function get(url, init = {}) {
  if (url.startsWith("https:")) {
    return new Promise((resolveGet) => {
      const req = httpsRequest(url, { ca, method: init.method ?? "GET", headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 deploy-test", ...init.headers } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolveGet({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", () => resolveGet({ status: 0, body: "" }));
      req.setTimeout(30_000, () => req.destroy());
      req.end(init.body);
    });
  }
  return fetch(url, { ...init, headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 deploy-test", ...init.headers }, signal: AbortSignal.timeout(30_000) })
    .then(async (r) => ({ status: r.status, body: await r.text() }))
    .catch(() => ({ status: 0, body: "" }));
}
function post(url, json) {
  return get(url, { method: "POST", body: JSON.stringify(json), headers: { "content-type": "application/json" } });
}
async function waitFor(url, what) {
  for (let i = 0; i < 120; i++) {
    if ((await get(url)).status === 200) return;
    await sleep(500);
  }
  check(false, `${what} answers ${url}`);
  for (const name of Object.values(names)) {
    try {
      console.log(`--- logs of ${name}\n${podman(["logs", "--tail", "20", name])}`);
    } catch {
      /* not started */
    }
  }
  teardown();
  process.exit(1);
}
