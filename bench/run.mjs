#!/usr/bin/env node
/**
 * `npm run bench`: performance figures of the production build in demo mode, printed beside the
 * budgets of DESIGN.md and written to bench/results.json. Figures, not pass/fail tests: a missed
 * budget is reported and the exit code stays 0 unless the harness itself fails.
 *
 * Environment: BUILD_DIR; BENCH_BUILD=0 reuses an existing build; BENCH_PORT (3210; the cold server takes
 * the next port); BENCH_SECONDS per throughput reading (8); BENCH_LIGHTHOUSE_RUNS per page (3, median run
 * reported; 0 skips Lighthouse); CHROMIUM_PATH (/usr/bin/chromium) for Lighthouse.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { CATEGORIES, METRICS, cartCookie, lighthouseFigures } from "./lighthouse.mjs";

const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
/** the warm server listens on BENCH_PORT, the cold one on BENCH_PORT + 1 */
const PORT = Number(process.env.BENCH_PORT ?? 3210);
/** Lighthouse runs per page (the median run is reported); 0 skips Lighthouse */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
if (!existsSync(`${BUILD_DIR}/server/index.js`) || process.env.BENCH_BUILD !== "0") {
  const r = spawnSync("npx", ["remix", "vite:build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function startServer(port, extraEnv = {}) {
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, BUILD_DIR, PORT: String(port), NODE_ENV: "production", LOG_LEVEL: "warn", DEMO_CONTROLS: "1", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) return { base, stop: () => child.kill("SIGTERM") };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server on ${port} did not start`);
}

async function stats(base) {
  const r = await fetch(`${base}/_demo/stats`);
  if (!r.ok) throw new Error(`/_demo/stats answered ${r.status}`);
  return r.json();
}

/**
 * A returning customer's cookie (the default location saved): a first visit to home is sent to the location
 * popup first (docs/decisions/090), and the bench measures the menu.
 */
let RETURNING = "";
async function returningCookie(base) {
  const body = new URLSearchParams({ intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" });
  const res = await fetch(`${base}/location`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
  });
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** gzipped bytes of the JavaScript a first view of `path` loads (entry, route modules, preloads). */
async function firstViewJs(base, path, ua) {
  const html = await (await fetch(base + path, { headers: { "User-Agent": ua, Cookie: RETURNING } })).text();
  const urls = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]);
  let bytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return { bytes, files: urls.size, html };
}

async function throughput(url, ua) {
  const result = await autocannon({ url, connections: 10, duration: DURATION, headers: { "user-agent": ua, cookie: RETURNING } });
  return result.requests.average;
}

const results = {};
let harnessFailed = false;
const rows = [];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// ---- warm server ----
const warm = await startServer(PORT);
try {
  RETURNING = await returningCookie(warm.base);
  // home on a desktop is the combined menu page: every menu of the default resto
  const home = await firstViewJs(warm.base, "/", DESKTOP_UA);
  const positions = (home.html.match(/data-testid="position-card"/g) ?? []).length;
  const htmlGz = gzipSync(Buffer.from(home.html), { level: 6 }).length;
  results.homeJsGzipBytes = home.bytes;
  rows.push(["JS, first view of home (gzip)", kb(home.bytes), "≤ 110 KB", home.bytes <= 110 * 1024]);
  // the phone menu route and the cart, when they exist
  for (const [label, path, key] of [["menu page (phone, /menus/501)", "/menus/501", "menuJsGzipBytes"], ["cart (phone)", "/cart", "cartJsGzipBytes"]]) {
    const status = (await fetch(warm.base + path, { headers: { "User-Agent": PHONE_UA }, redirect: "manual" })).status;
    if (status !== 200) {
      rows.push([`JS, first view of ${label}`, `route answered ${status}`, "≤ 110 KB", false]);
      continue;
    }
    const view = await firstViewJs(warm.base, path, PHONE_UA);
    results[key] = view.bytes;
    rows.push([`JS, first view of ${label} (gzip)`, kb(view.bytes), "≤ 110 KB", view.bytes <= 110 * 1024]);
  }
  results.homeHtmlGzipBytes = htmlGz;
  results.homePositions = positions;
  const perPosition = positions ? htmlGz / positions : NaN;
  results.homeHtmlGzipBytesPerPosition = perPosition;
  rows.push([`Home HTML per position (gzip, ${positions} positions)`, `${(perPosition / 1024).toFixed(2)} KB`, "≤ 0.5 KB", perPosition <= 512]);

  // warm page views: count upstream calls
  for (let i = 0; i < 3; i++) await fetch(`${warm.base}/`, { headers: { "User-Agent": DESKTOP_UA, Cookie: RETURNING } });
  const before = await stats(warm.base);
  const views = 20;
  for (let i = 0; i < views; i++) await fetch(`${warm.base}/`, { headers: { "User-Agent": DESKTOP_UA, Cookie: RETURNING } });
  const after = await stats(warm.base);
  const calls = (after.upstreamCalls - before.upstreamCalls) / views;
  results.upstreamCallsPerWarmView = calls;
  rows.push(["Upstream calls per warm home view", calls.toFixed(2), "0", calls === 0]);

  // two readings of "a trivial route": a JSON resource route, and the simplest document page (root layout
  // + a paragraph), which pays the same per-page costs as the menu except the menu itself
  const trivial = await throughput(`${warm.base}/healthz`, DESKTOP_UA);
  const trivialPage = await throughput(`${warm.base}/terms-of-sale`, DESKTOP_UA);
  const page = await throughput(`${warm.base}/`, DESKTOP_UA);
  Object.assign(results, { trivialRps: trivial, trivialPageRps: trivialPage, homeRps: page, homeThroughputRatio: page / trivial, homeThroughputRatioToPage: page / trivialPage });
  rows.push([`Warm home throughput / /healthz (${page.toFixed(0)} / ${trivial.toFixed(0)} req/s)`, (page / trivial).toFixed(2), "≥ 0.5", page / trivial >= 0.5]);
  rows.push([`Warm home throughput / trivial page (${page.toFixed(0)} / ${trivialPage.toFixed(0)} req/s)`, (page / trivialPage).toFixed(2), "≥ 0.5", page / trivialPage >= 0.5]);

  // Lighthouse mobile (default config: phone emulation, simulated Slow 4G) on the same warm server; the
  // emulated phone's user agent gets the mobile home. The cart is a filled one, carried by its cookie.
  if (LIGHTHOUSE_RUNS > 0) {
    try {
      const cookie = await cartCookie(warm.base, "/menus/501", PHONE_UA);
      const pages = [
        { key: "home", path: "/", headers: { Cookie: RETURNING } },
        { key: "menu", path: "/menus/501" },
        { key: "cart", path: "/cart", headers: { Cookie: cookie } },
      ];
      for (const p of pages) await fetch(warm.base + p.path, { headers: { "User-Agent": PHONE_UA, ...p.headers } }); // warm-up
      const started = performance.now();
      const lh = await lighthouseFigures({ base: warm.base, pages, runs: LIGHTHOUSE_RUNS });
      console.error(`Lighthouse: ${LIGHTHOUSE_RUNS * pages.length} runs in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      results.lighthouse = lh;
      for (const { key } of pages) {
        const r = lh[key];
        for (const [id, label, budget] of CATEGORIES) {
          rows.push([`Lighthouse mobile ${key}: ${label}`, String(r.scores[id]), budget === 100 ? "100" : `≥ ${budget}`, r.scores[id] >= budget]);
        }
        for (const [id, label, max, format, budget] of METRICS) {
          rows.push([`Lighthouse mobile ${key}: ${label}`, format(r.metrics[id]), budget, r.metrics[id] <= max]);
        }
      }
    } catch (error) {
      harnessFailed = true;
      console.error(`Lighthouse failed: ${error.stack ?? error}`);
      rows.push(["Lighthouse mobile (home, menu, cart)", "not measured: error", "", false]);
    }
  }
} finally {
  warm.stop();
}

// ---- cold server with 100 ms upstream latency ----
const LATENCY = 100;
const cold = await startServer(PORT + 1, { DEMO_UPSTREAM_LATENCY_MS: String(LATENCY) });
try {
  const t0 = performance.now();
  const res = await fetch(`${cold.base}/`, { headers: { "User-Agent": DESKTOP_UA, Cookie: RETURNING } });
  const reader = res.body.getReader();
  await reader.read();
  const ttfb = performance.now() - t0;
  await reader.cancel();
  results.coldTtfbMs = ttfb;
  results.coldTtfbLatencyMultiple = ttfb / LATENCY;
  rows.push([`Cold home TTFB with ${LATENCY} ms upstream latency`, `${(ttfb / LATENCY).toFixed(2)} × (${ttfb.toFixed(0)} ms)`, "≤ 4 ×", ttfb / LATENCY <= 4]);
} finally {
  cold.stop();
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${"figure".padEnd(width)}  ${"value".padEnd(22)}  ${"budget".padEnd(9)}  met`);
for (const [name, value, budget, met] of rows) console.log(`${name.padEnd(width)}  ${String(value).padEnd(22)}  ${budget.padEnd(9)}  ${met ? "yes" : "NO"}`);

// what to fix: the audits that cost Lighthouse points, and requests that left the server or failed
for (const [key, r] of Object.entries(results.lighthouse ?? {})) {
  const notes = [];
  for (const [category, audits] of Object.entries(r.failing)) {
    const label = CATEGORIES.find(([id]) => id === category)[1];
    for (const a of audits) notes.push(`  ${label}: ${a.id} — ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  }
  if (r.failing.performance && r.lcpElement) notes.push(`  LCP element: ${r.lcpElement}`);
  for (const q of r.oddRequests) notes.push(`  request off the server or failed: ${q.url} → ${q.status}`);
  if (notes.length) {
    const perRun = `performance per run: ${r.performanceRuns.join(", ")}; FCP: ${r.fcpRunsMs.join(", ")} ms; LCP: ${r.lcpRunsMs.join(", ")} ms`;
    console.log(`\nLighthouse ${key} (${r.url}; ${perRun}):\n${notes.join("\n")}`);
  }
}
results.measuredAt = new Date().toISOString();
writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
console.log("\nwritten: bench/results.json");
if (harnessFailed) process.exitCode = 1;
