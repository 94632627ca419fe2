#!/usr/bin/env node
/**
 * `node bench/trace-tasks.mjs`: what the main thread's long tasks are while a page loads (issue 17, ADR 109).
 * Runs Lighthouse's default mobile audit (as `npm run bench` does: simulated throttling, so the trace is
 * unthrottled and Lighthouse multiplies each task by 4) on a running server or on one it starts, and prints
 * every main-thread task of the page's renderer over TRACE_MIN_MS (12, about what TBT's 50 ms becomes
 * unthrottled), with what it spends its time in (script evaluation and its URL, function calls, style
 * recalc, layout, parse, GC, paint…), plus the run's TBT and Lighthouse's own long-tasks list.
 *
 * Environment: TRACE_BASE (a running server) or BUILD_DIR (build; a server on TRACE_PORT, 3650, with it), or
 * TRACE_BUILDS=build-before,build to compare builds (a server each from TRACE_PORT on, runs alternated build by
 * build so both see the same machine load, a per-build summary at the end);
 * TRACE_PATH (/menus/501); TRACE_RUNS (1); TRACE_MIN_MS (12); TRACE_CART=1 loads /cart with two positions;
 * TRACE_MARKS=1 prints the page's performance marks (a debugging build's own); TRACE_SHARED_CHROME=1 runs every
 * audit in one Chromium (by default each run has a fresh one, as in `npm run bench`: ADR 125). Each run also prints
 * the observed FCP and LCP, when the first script was requested, the LCP element (ADR 121) and the blocking time of
 * the tasks after the observed first paint (the page's own share of TBT, without the navigation's commit).
 * CHROMIUM_PATH (/usr/bin/chromium).
 */
import { startBenchServer } from "./server.mjs";
import { loadavg } from "node:os";
import lighthouse from "lighthouse";
import { cartCookie, launchChromium } from "./lighthouse.mjs";

const MIN_MS = Number(process.env.TRACE_MIN_MS ?? 12);
const PATH = process.env.TRACE_PATH ?? (process.env.TRACE_CART ? "/cart" : "/menus/501");
const RUNS = Number(process.env.TRACE_RUNS ?? 1);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

async function returningCookie(base) {
  const body = new URLSearchParams({ intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" });
  const res = await fetch(`${base}/location`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const INTERESTING = new Set([
  "EvaluateScript",
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
  "v8.produceModuleCache",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "FireAnimationFrame",
  "FireIdleCallback",
  "RunMicrotasks",
  "UpdateLayoutTree",
  "Layout",
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "MinorGC",
  "MajorGC",
  "V8.GC_SCAVENGER",
  "Paint",
  "PrePaint",
  "Layerize",
  "Decode Image",
  "ImageDecodeTask",
  "HitTest",
  "ScheduleStyleRecalculation",
  "XHRReadyStateChange",
  "ResourceReceivedData",
  "CpuProfiler::StartProfiling",
]);

function label(e) {
  const d = e.args?.data ?? e.args?.beginData ?? {};
  const url = d.url ? ` ${String(d.url).replace(/^https?:\/\/[^/]+/, "")}` : "";
  const fn = d.functionName ? ` ${d.functionName}` : "";
  const type = d.type ? ` (${d.type})` : "";
  const el = e.name === "UpdateLayoutTree" && d.elementCount ? ` ${d.elementCount} elements` : "";
  return `${e.name}${type}${fn}${url}${el}`;
}

function analyse(trace) {
  const events = trace.traceEvents;
  const threadNames = new Map();
  for (const e of events) if (e.name === "thread_name") threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  // the page's main thread: the renderer main thread that parsed the most HTML (not about:blank)
  const parsing = new Map();
  for (const e of events)
    if (e.name === "ParseHTML" && threadNames.get(`${e.pid}:${e.tid}`) === "CrRendererMain")
      parsing.set(`${e.pid}:${e.tid}`, (parsing.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const busiest = [...parsing].sort((a, b) => b[1] - a[1])[0]?.[0];
  const parse = events.find((e) => e.name === "ParseHTML" && `${e.pid}:${e.tid}` === busiest);
  if (!parse) throw new Error("no ParseHTML on a renderer main thread");
  const key = `${parse.pid}:${parse.tid}`;
  const main = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === "X" && typeof e.dur === "number");
  const nav = events.find((e) => e.name === "navigationStart" && `${e.pid}:${e.tid}` === key) ?? parse;
  const t0 = nav.ts;
  const tasks = main.filter((e) => e.name === "RunTask" && e.dur >= MIN_MS * 1000).sort((a, b) => a.ts - b.ts);
  const out = [];
  for (const task of tasks) {
    const inner = main.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && INTERESTING.has(e.name) && e.dur >= 1000,
    );
    // self time per label, nested events subtracted one level (roughly what DevTools shows)
    const rows = inner
      .map((e) => ({
        e,
        self:
          e.dur -
          inner
            .filter(
              (c) =>
                c !== e &&
                c.ts >= e.ts &&
                c.ts + c.dur <= e.ts + e.dur &&
                !inner.some(
                  (m) =>
                    m !== e &&
                    m !== c &&
                    m.ts >= e.ts &&
                    m.ts + m.dur <= e.ts + e.dur &&
                    c.ts >= m.ts &&
                    c.ts + c.dur <= m.ts + m.dur,
                ),
            )
            .reduce((s, c) => s + c.dur, 0),
      }))
      .sort((a, b) => a.e.ts - b.e.ts);
    out.push({
      at: (task.ts - t0) / 1000,
      ms: task.dur / 1000,
      parts: rows.map(
        ({ e, self }) =>
          `${((e.ts - task.ts) / 1000).toFixed(1)}+${(e.dur / 1000).toFixed(1)} (self ${(self / 1000).toFixed(1)}) ${label(e)}`,
      ),
    });
  }
  return out;
}

const port = Number(process.env.TRACE_PORT ?? 3650);
// TRACE_BUILDS=build-before,build: one server per build (TRACE_PORT, +1, …), runs alternated build by build
// (both see the same machine load), and a summary of each build's runs at the end
const builds = process.env.TRACE_BASE ? [null] : (process.env.TRACE_BUILDS ?? process.env.BUILD_DIR ?? "build").split(",");
const servers = [];
for (const [i, build] of builds.entries())
  servers.push(
    build === null ? { base: process.env.TRACE_BASE, stop() {} } : await startBenchServer(port + i, { BUILD_DIR: build }),
  );
let chrome = await launchChromium();
const summary = builds.map(() => []);
try {
  const cookies = [];
  for (const server of servers)
    cookies.push(
      process.env.TRACE_CART
        ? await cartCookie(server.base, "/menus/501", "Mozilla/5.0 (Linux; Android 11) Mobile")
        : await returningCookie(server.base),
    );
  for (let run = 0; run <= RUNS; run++) {
    for (const [b, server] of servers.entries()) {
      if (!process.env.TRACE_SHARED_CHROME) {
        await chrome.kill();
        chrome = await launchChromium();
      }
      const loadBefore = load();
      const result = await lighthouse(server.base + PATH, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        disableFullPageScreenshot: true,
        extraHeaders: { Cookie: cookies[b] },
      });
      if (run === 0) continue; // warms the server and the compiled-script cache, as the bench's interleaved runs do
      const lhr = result.lhr;
      if (lhr.runtimeError || lhr.audits["total-blocking-time"].numericValue === undefined) {
        // a trace error on a busy machine (NO_NAVSTART and the like): reported, not fatal to the comparison
        console.log(
          `\n=== ${PATH}${builds[b] ? ` (${builds[b]})` : ""} run ${run}: failed (${lhr.runtimeError?.code ?? "no TBT"})`,
        );
        summary[b].push("failed");
        continue;
      }
      const performance = Math.round(lhr.categories.performance.score * 100);
      const tbt = lhr.audits["total-blocking-time"].numericValue;
      const loadAfter = load();
      console.log(
        `\n=== ${PATH}${builds[b] ? ` (${builds[b]})` : ""} run ${run}: performance ${performance}, TBT ${tbt.toFixed(0)} ms, LCP ${lhr.audits["largest-contentful-paint"].numericValue.toFixed(0)} ms [load ${loadBefore} → ${loadAfter}]`,
      );
      console.log(
        "Lighthouse long tasks:",
        (lhr.audits["long-tasks"]?.details?.items ?? [])
          .map((i) => `${i.url.replace(/^https?:\/\/[^/]+/, "")}@${i.startTime.toFixed(0)}:${i.duration.toFixed(0)}`)
          .join(", "),
      );
      // what the simulation started from: the observed paints, the LCP element and when the first script was asked for
      const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
      const requests = lhr.audits["network-requests"]?.details?.items ?? [];
      const firstScript = Math.min(
        ...requests.filter((r) => /\.js(\?|$)/.test(r.url)).map((r) => r.networkRequestTime ?? r.startTime),
      );
      const lcpElement = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "?";
      console.log(
        `observed: FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, first script requested at ${firstScript.toFixed(0)} ms; LCP element ${lcpElement.slice(0, 90)}`,
      );
      if (process.env.TRACE_MARKS)
        console.log(
          "marks:",
          (lhr.audits["user-timings"]?.details?.items ?? []).map((i) => `${i.name}@${i.startTime.toFixed(0)}`).join(", "),
        );
      console.log(
        "main-thread work:",
        (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [])
          .map((i) => `${i.group} ${i.duration.toFixed(0)}`)
          .join(", "),
      );
      if (process.env.TRACE_SAVE)
        (await import("node:fs")).writeFileSync(
          `${process.env.TRACE_SAVE}${builds[b] ? `-${builds[b]}` : ""}-${run}.json`,
          JSON.stringify(result.artifacts.Trace),
        );
      const tasks = analyse(result.artifacts.Trace);
      for (const t of tasks) {
        console.log(`task at ${t.at.toFixed(0)} ms: ${t.ms.toFixed(1)} ms`);
        for (const p of t.parts) console.log(`    ${p}`);
      }
      // the page's own share: the observed tasks after the observed first paint, blocking as Lighthouse's 4×
      // simulation counts them. It leaves out the navigation's commit (the renderer creating the page's context,
      // 13–200 ms observed on this machine whatever the page), whose simulated length decides many runs' TBT.
      const fcp = observed.observedFirstContentfulPaint ?? 0;
      const own = tasks.filter((t) => t.at >= fcp).reduce((sum, t) => sum + Math.max(0, 4 * t.ms - 50), 0);
      const commit = tasks.find((t) => t.at < fcp && t.parts.length === 0)?.ms ?? 0;
      console.log(
        `after the first paint: blocking ×4 ${own.toFixed(0)} ms; the commit-like task before it: ${commit.toFixed(0)} ms`,
      );
      summary[b].push(`${performance} / ${tbt.toFixed(0)} ms / own ${own.toFixed(0)} ms [load ${loadBefore.split(" ")[0]}]`);
    }
  }
  console.log(`\n${PATH}: performance / TBT / blocking ×4 after the first paint, per run`);
  for (const [b, runs] of summary.entries()) console.log(`  ${builds[b] ?? process.env.TRACE_BASE}: ${runs.join(", ")}`);
} finally {
  await chrome.kill();
  for (const server of servers) server.stop();
}
