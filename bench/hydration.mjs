#!/usr/bin/env node
/**
 * `node bench/hydration.mjs`: how long the main thread is blocked while a menu page loads and hydrates (issue 17,
 * ADR 106). In Debian Chromium with a Pixel-7-like phone (viewport, touch, user agent) and 4× CPU throttling
 * (CDP `Emulation.setCPUThrottlingRate`), as a returning customer (no location popup), it loads `/menus/501` and
 * records every long task (PerformanceObserver 'longtask', registered before the page's first script) from the
 * navigation to 5 s after the `load` event: the longest task, the count, and the blocking time (the sum of each
 * task's time over 50 ms, as TBT). Each run prints the machine's load average: on the shared machine the figures
 * scale with it.
 *
 * Two catalog sizes: the demo's menu and the twin's large-menu scenario (DEMO_LARGE_MENU=1, 1,000 positions).
 * Environment: BUILD_DIR (build), or HYDRATION_BUILDS=a,b to compare builds run by run (interleaved: both see the
 * same machine load); HYDRATION_PORT (3810; one port per build and size from there);
 * HYDRATION_RUNS per size (3); HYDRATION_SIZES ("demo,large"); HYDRATION_SCRIPTS=0 blocks the app's modules (no
 * hydration: the document's own cost); CHROMIUM_PATH (/usr/bin/chromium).
 * `hydrationFigures` is also used by bench/run.mjs on its own servers.
 */
/* global window, document */
import { startBenchServer } from "./server.mjs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { chromium, devices } from "@playwright/test";

const load = () => loadavg().map((n) => n.toFixed(1)).join(" ");
const SETTLE_MS = 5000;

/** what one 'Сохранить' of the demo brand's default location posts (e2e/helpers/returning-customer.ts) */
const DEFAULT_LOCATION = { intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" };

/** Collects the long tasks from the first script of the document on (runs before any page script). */
function observeLongTasks() {
  const w = /** @type {any} */ (window);
  w.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    w.__longTasks = null;
  }
}

/**
 * One measured load of `base + path`: { longestMs, blockingMs, count, totalMs, fcpMs, loadMs, cards, load }.
 * `browser` is a launched Chromium.
 */
async function measureOnce(browser, base, path, { scripts = true } = {}) {
  const pixel7 = { ...devices["Pixel 7"] };
  delete pixel7.defaultBrowserType;
  const context = await browser.newContext({ ...pixel7, locale: "ru-RU" });
  try {
    const saved = await context.request.post(`${base}/location`, { form: DEFAULT_LOCATION, maxRedirects: 0, headers: { Origin: base } });
    if (saved.status() !== 303) throw new Error(`saving the default location answered ${saved.status()}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(observeLongTasks);
    // without the app's modules (the page as the server made it, the inline scripts only): what the document
    // costs the browser by itself, to tell that from the hydration's cost (from DOMContentLoaded: nothing to
    // wait for after it).
    if (!scripts) await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const loadBefore = load();
    await page.goto(base + path, { waitUntil: scripts ? "load" : "domcontentloaded", timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const figures = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      const tasks = w.__longTasks ?? [];
      const nav = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        supported: w.__longTasks !== null,
        longestMs: Math.max(0, ...tasks.map((t) => t.duration)),
        blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
        count: tasks.length,
        totalMs: tasks.reduce((sum, t) => sum + t.duration, 0),
        fcpMs: fcp ? fcp.startTime : null,
        loadMs: nav ? nav.loadEventEnd : null,
        cards: document.querySelectorAll('[data-testid="position-card"]').length,
      };
    });
    if (!figures.supported) throw new Error("this Chromium does not report long tasks");
    return { ...figures, load: `${loadBefore} → ${load()}` };
  } finally {
    await context.close();
  }
}

/** `runs` measured loads of `path` on a running server (a fresh browser context each). */
export async function hydrationFigures({ base, path = "/menus/501", runs = 3, scripts = true, executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }) {
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  try {
    // one unmeasured load warms the server's caches (fragment cache, menus) and the compiled scripts' disk cache
    await measureOnce(browser, base, path, { scripts });
    const out = [];
    for (let i = 0; i < runs; i++) out.push(await measureOnce(browser, base, path, { scripts }));
    return out;
  } finally {
    await browser.close();
  }
}

export function formatRun(r) {
  return `longest ${r.longestMs.toFixed(0)} ms, blocking ${r.blockingMs.toFixed(0)} ms (${r.count} tasks ≥ 50 ms, ${r.totalMs.toFixed(0)} ms), FCP ${r.fcpMs?.toFixed(0)} ms, load ${r.loadMs?.toFixed(0)} ms, ${r.cards} cards [load avg ${r.load}]`;
}


if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.HYDRATION_PORT ?? 3810);
  const runs = Number(process.env.HYDRATION_RUNS ?? 3);
  const sizes = (process.env.HYDRATION_SIZES ?? "demo,large").split(",");
  // HYDRATION_BUILDS=build-before,build compares builds run by run (interleaved, so both see the same load)
  const builds = (process.env.HYDRATION_BUILDS ?? process.env.BUILD_DIR ?? "build").split(",");
  const scripts = process.env.HYDRATION_SCRIPTS !== "0";
  const all = {};
  let next = port;
  for (const size of sizes) {
    const servers = [];
    for (const build of builds) servers.push(await startBenchServer(next++, { BUILD_DIR: build, ...(size === "large" ? { DEMO_LARGE_MENU: "1" } : {}) }));
    try {
      const results = Object.fromEntries(builds.map((b) => [b, []]));
      for (let i = 0; i < runs; i++) {
        for (const [j, build] of builds.entries()) results[build].push(...(await hydrationFigures({ base: servers[j].base, runs: 1, scripts })));
      }
      all[size] = results;
      for (const build of builds) {
        console.log(`\n/menus/501, ${size === "large" ? "large menu (DEMO_LARGE_MENU=1)" : "demo menu"}, build ${build}, Pixel 7, 4× CPU:`);
        for (const r of results[build]) console.log(`  ${formatRun(r)}`);
      }
    } finally {
      for (const server of servers) server.stop();
    }
  }
  if (process.env.HYDRATION_JSON) console.log(JSON.stringify(all));
}
