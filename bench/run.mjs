#!/usr/bin/env node
/**
 * `npm run bench`: performance figures of the production build in demo mode, printed beside the
 * budgets of DESIGN.md and written to bench/results.json. Figures, not pass/fail tests: a missed
 * budget is reported and the exit code stays 0 unless the harness itself fails.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

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

/** gzipped bytes of the JavaScript a first view of `path` loads (entry, route modules, preloads). */
async function firstViewJs(base, path, ua) {
  const html = await (await fetch(base + path, { headers: { "User-Agent": ua } })).text();
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
  const result = await autocannon({ url, connections: 10, duration: DURATION, headers: { "user-agent": ua } });
  return result.requests.average;
}

const results = {};
const rows = [];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// ---- warm server ----
const warm = await startServer(3210);
try {
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
  for (let i = 0; i < 3; i++) await fetch(`${warm.base}/`, { headers: { "User-Agent": DESKTOP_UA } });
  const before = await stats(warm.base);
  const views = 20;
  for (let i = 0; i < views; i++) await fetch(`${warm.base}/`, { headers: { "User-Agent": DESKTOP_UA } });
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
} finally {
  warm.stop();
}

// ---- cold server with 100 ms upstream latency ----
const LATENCY = 100;
const cold = await startServer(3211, { DEMO_UPSTREAM_LATENCY_MS: String(LATENCY) });
try {
  const t0 = performance.now();
  const res = await fetch(`${cold.base}/`, { headers: { "User-Agent": DESKTOP_UA } });
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
results.measuredAt = new Date().toISOString();
writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
console.log("\nwritten: bench/results.json");
