/**
 * Lighthouse mobile figures for `npm run bench` (DESIGN.md budgets, issue 9 §1): Lighthouse's default config —
 * mobile emulation (moto g power, 4× CPU) with simulated Slow 4G throttling — in Debian Chromium, on a running
 * server. Each page runs `runs` times, interleaved; the run reported is Lighthouse's own median run (closest to
 * the median FCP and TTI), so its scores and metrics belong together.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { loadavg } from "node:os";
import { attributeBlocking, formatAttribution } from "./trace-attribution.mjs";

export const CATEGORIES = [
  ["performance", "performance", 98],
  ["accessibility", "accessibility", 100],
  ["best-practices", "best practices", 100],
  ["seo", "SEO", 100],
];
export const METRICS = [
  ["largest-contentful-paint", "LCP", 1500, (ms) => `${(ms / 1000).toFixed(2)} s`, "≤ 1.5 s"],
  ["total-blocking-time", "TBT", 100, (ms) => `${ms.toFixed(0)} ms`, "≤ 100 ms"],
  ["cumulative-layout-shift", "CLS", 0.05, (v) => v.toFixed(3), "≤ 0.05"],
];

function cookieHeader(jar) {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * A cart with `count` positions in it, as the customer gets one: the add forms of the menu page posted to
 * /cart (same Origin, or the server refuses the POST). Returns the Cookie header that carries the cart.
 */
export async function cartCookie(base, menuPath, ua, count = 2) {
  const html = await (await fetch(base + menuPath, { headers: { "User-Agent": ua } })).text();
  const forms = [...html.matchAll(/data-add-form="(\d+)-(\d+)"/g)].slice(0, count);
  if (forms.length < count) throw new Error(`${menuPath} has ${forms.length} add forms, ${count} wanted`);
  const jar = new Map();
  for (const [, menuId, positionId] of forms) {
    const res = await fetch(`${base}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "User-Agent": ua, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(jar) },
      body: new URLSearchParams({ intent: "add", positionId, menuId, count: "1", redirectTo: "/cart" }),
    });
    if (res.status !== 303) throw new Error(`adding position ${positionId} to the cart answered ${res.status}`);
    // the last Set-Cookie of a name wins, as in a browser
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0];
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }
  const cookie = cookieHeader(jar);
  const cart = await (await fetch(`${base}/cart`, { headers: { "User-Agent": ua, Cookie: cookie } })).text();
  const lines = (cart.match(/data-testid="cart-line"/g) ?? []).length;
  if (lines < count) throw new Error(`the cart page shows ${lines} lines after adding ${count} positions`);
  return cookie;
}

/**
 * Audits that cost points: weighted audits below 1 in a category. For performance, the metrics below 0.9 and
 * the diagnostics below 0.9 that estimate a saving on some metric (not the hidden insight duplicates, nor
 * opportunities whose estimated metric savings are all 0).
 */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const out = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || ["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode)) continue;
    let weak;
    if (categoryId !== "performance") weak = ref.weight > 0 && audit.score < 1;
    else if (ref.group === "metrics") weak = audit.score < 0.9;
    else {
      const savings = Object.values(audit.metricSavings ?? {});
      weak = ref.group !== "hidden" && audit.score < 0.9 && (savings.length === 0 || savings.some((v) => v > 0));
    }
    if (weak) out.push({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? "" });
  }
  return out;
}

/** requests that left the server under test or failed: the bench runs without internet */
function oddRequests(lhr, base) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const origin = new URL(base).origin;
  return items
    .filter((r) => !r.url.startsWith("data:") && (!r.url.startsWith(origin) || !(r.statusCode >= 200 && r.statusCode < 400)))
    .map((r) => ({ url: r.url, status: r.statusCode }));
}

export function summarise(lhr, runs, base, attributions = []) {
  const scores = Object.fromEntries(CATEGORIES.map(([id]) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id].numericValue]));
  const failing = {};
  for (const [id, , budget] of CATEGORIES) {
    const metricMissed = id === "performance" && METRICS.some(([m, , max]) => metrics[m] > max);
    if (scores[id] < budget || metricMissed) failing[id] = failingAudits(lhr, id);
  }
  return {
    url: lhr.finalDisplayedUrl,
    scores,
    metrics,
    performanceRuns: runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)),
    fcpRunsMs: runs.map((r) => Math.round(r.audits["first-contentful-paint"].numericValue)),
    lcpRunsMs: runs.map((r) => Math.round(r.audits["largest-contentful-paint"].numericValue)),
    tbtRunsMs: runs.map((r) => Math.round(r.audits["total-blocking-time"].numericValue)),
    /** per run: whose the blocking time is, from the run's trace (bench/trace-attribution.mjs), and the machine's load */
    tbtAttributionRuns: attributions,
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    failing,
    oddRequests: oddRequests(lhr, base),
    runtimeError: lhr.runtimeError ?? null,
    runWarnings: lhr.runWarnings,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.networkUserAgent,
  };
}

/** A headless Chromium for one Lighthouse run (ADR 125: a fresh one per run); the caller kills it. */
export function launchChromium(chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium") {
  return chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
}

/**
 * pages: [{ key, path, headers? }]. Runs Lighthouse `runs` times per page and returns { [key]: summary } from each
 * page's median run. A run that fails (a trace error such as NO_NAVSTART on a busy machine) is retried up to
 * `maxAttempts` times and counted in `failedRuns`, not fatal to the bench. A run that succeeds is kept whatever its
 * figures: each one's blocking time is attributed from its own trace, the page's own (thread CPU time) beside what
 * the simulation counted (wall time), with the load average (ADR 163) — never retried for looking bad.
 *
 * Every run has a Chromium of its own (ADR 125): in one Chromium shared by the runs, the renderer that loads
 * 127.0.0.1 is reused from run to run, and its navigation commit (no page work in it) grew from 13–47 ms to
 * 120–200 ms of main-thread time, which Lighthouse multiplies by 4 and counts as blocking time after the first
 * paint. A customer's tab does not carry earlier runs' state; a fresh browser is also a first visit's cold start.
 */
export async function lighthouseFigures({
  base,
  pages,
  runs = 3,
  chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  maxAttempts = 4,
  tbtBudgetMs = 100,
}) {
  const lhrs = Object.fromEntries(pages.map((p) => [p.key, []]));
  /** runs that failed with a trace or runtime error (NO_NAVSTART and the like, seen on a busy machine) and were retried */
  const failedRuns = Object.fromEntries(pages.map((p) => [p.key, []]));
  const attributions = Object.fromEntries(pages.map((p) => [p.key, []]));
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(" ");
  for (let i = 0; i < runs; i++) {
    for (const page of pages) {
      for (let attempt = 1; ; attempt++) {
        const loadBefore = load();
        const chrome = await launchChromium(chromePath);
        let result;
        try {
          result = await lighthouse(base + page.path, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            disableFullPageScreenshot: true, // not scored; saves seconds per run
            ...(page.headers ? { extraHeaders: page.headers } : {}),
          }).catch((error) => ({ lhr: null, error }));
        } finally {
          await chrome.kill();
        }
        const failure = !result?.lhr
          ? `no result (${result?.error?.message ?? "unknown"})`
          : result.lhr.runtimeError
            ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`
            : null;
        if (!failure) {
          lhrs[page.key].push(result.lhr);
          const tbt = Math.round(result.lhr.audits["total-blocking-time"].numericValue);
          const fcp = result.lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? 0;
          const attribution = result.artifacts?.Trace ? attributeBlocking(result.artifacts.Trace, fcp, tbtBudgetMs, tbt) : null;
          const entry = { run: i + 1, tbt, performance: Math.round((result.lhr.categories.performance.score ?? 0) * 100), load: `${loadBefore} → ${load()}`, ...(attribution ?? {}) };
          attributions[page.key].push(entry);
          console.error(`Lighthouse ${page.path} run ${i + 1}: performance ${entry.performance}, ${formatAttribution(tbt, attribution)} [load ${entry.load}]`);
          break;
        }
        failedRuns[page.key].push(failure);
        console.error(`Lighthouse on ${page.path}, run ${i + 1}, attempt ${attempt}: ${failure}`);
        if (attempt >= maxAttempts) throw new Error(`Lighthouse on ${page.path} failed ${attempt} times in a row: ${failure}`);
      }
    }
  }
  return Object.fromEntries(
    pages.map((p) => [p.key, { ...summarise(computeMedianRun(lhrs[p.key]), lhrs[p.key], base, attributions[p.key]), failedRuns: failedRuns[p.key] }]),
  );
}
