#!/usr/bin/env node
/**
 * `node bench/cpu-tasks.mjs`: the main thread's tasks of a page load by THREAD time (issue 17, ADR 109), builds
 * compared run by run. Unthrottled Chromium (Pixel 7, returning customer) traces `P` (/menus/501); per load it
 * prints the tasks after the first contentful paint over 12.5 ms of CPU with their two largest parts, the main
 * thread's total CPU, and "blocking ×4" = Σ max(0, 4 × task CPU − 50 ms): Lighthouse's simulated TBT multiplies
 * each observed task by 4, and thread time is far less sensitive to the shared machine's load than wall time.
 * Environment: B (build-before,build: BUILD_DIRs, one server each from PORT0, 3653), N runs (5), P (path).
 */
import fs from "node:fs";
import { startBenchServer } from "./server.mjs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, devices } from "@playwright/test";
const builds = (process.env.B ?? "build-before,build").split(",");
const runs = Number(process.env.N ?? 5);
const path = process.env.P ?? "/menus/501";
let port = Number(process.env.PORT0 ?? 3653);
const servers = [];
for (const b of builds) servers.push(await startBenchServer(port++, { BUILD_DIR: b, LOG_LEVEL: "error" }));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const pixel7 = { ...devices["Pixel 7"] };
delete pixel7.defaultBrowserType;
const tmp = join(tmpdir(), `storefront-cpu-tasks-${process.pid}.json`);
function analyse(file) {
  const ev = JSON.parse(fs.readFileSync(file)).traceEvents;
  const tn = new Map();
  for (const e of ev) if (e.name === "thread_name") tn.set(`${e.pid}:${e.tid}`, e.args.name);
  const cnt = new Map();
  for (const e of ev)
    if (e.name === "ParseHTML" && tn.get(`${e.pid}:${e.tid}`) === "CrRendererMain")
      cnt.set(`${e.pid}:${e.tid}`, (cnt.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const key = [...cnt].sort((a, b) => b[1] - a[1])[0][0];
  const main = ev.filter((e) => `${e.pid}:${e.tid}` === key);
  const fcp = main.find((e) => e.name === "firstContentfulPaint");
  const tasks = main.filter((e) => e.name === "RunTask" && e.ph === "X" && typeof e.tdur === "number");
  const after = tasks.filter((t) => !fcp || t.ts >= fcp.ts);
  const blocking = after.reduce((s, t) => s + Math.max(0, (4 * t.tdur) / 1000 - 50), 0);
  const long = after
    .filter((t) => t.tdur >= 12500)
    .map((t) => {
      const kids = main.filter(
        (e) =>
          e !== t &&
          e.ph === "X" &&
          e.ts >= t.ts &&
          e.ts + e.dur <= t.ts + t.dur &&
          /^(EvaluateScript|v8.evaluateModule|FunctionCall|UpdateLayoutTree|Layout|Paint|ParseHTML|RunMicrotasks|EventDispatch|TimerFire|Document::close|Frame::Detach|WebLocalFrameImpl::createChildframe|IsolatedSVGDocumentHost::IsolatedSVGDocumentHost)$/.test(
            e.name,
          ) &&
          (e.tdur ?? e.dur) >= 2000,
      );
      const top = kids
        .sort((a, b) => (b.tdur ?? b.dur) - (a.tdur ?? a.dur))
        .slice(0, 2)
        .map(
          (e) =>
            `${e.name}${e.args?.data?.functionName ? ":" + e.args.data.functionName : ""}${
              e.args?.data?.url
                ? ":" +
                  String(e.args.data.url)
                    .replace(/^https?:\/\/[^/]+/, "")
                    .slice(0, 30)
                : ""
            } ${((e.tdur ?? e.dur) / 1000).toFixed(0)}`,
        );
      return `${(t.tdur / 1000).toFixed(0)}[${top.join(", ")}]`;
    });
  const total = tasks.reduce((s, t) => s + t.tdur, 0) / 1000;
  return { blocking, longest: Math.max(0, ...after.map((t) => t.tdur / 1000)), total, long };
}
const res = Object.fromEntries(builds.map((b) => [b, []]));
for (let i = 0; i <= runs; i++) {
  for (const [j, b] of builds.entries()) {
    const base = servers[j].base;
    const context = await browser.newContext({ ...pixel7, locale: "ru-RU" });
    await context.request.post(`${base}/location`, {
      form: { intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" },
      maxRedirects: 0,
      headers: { Origin: base },
    });
    const page = await context.newPage();
    if (i > 0)
      await browser.startTracing(page, {
        path: tmp,
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink", "loading", "toplevel"],
      });
    await page.goto(base + path, { waitUntil: "load" });
    await page.waitForTimeout(2500);
    if (i > 0) {
      await browser.stopTracing();
      const a = analyse(tmp);
      res[b].push(a);
      console.log(
        `${b} run ${i}: blocking×4 ${a.blocking.toFixed(0)} ms, longest cpu ${a.longest.toFixed(1)} ms, main-thread cpu ${a.total.toFixed(0)} ms [load ${loadavg()[0].toFixed(1)}]\n    ${a.long.join(" | ")}`,
      );
    }
    await context.close();
  }
}
await browser.close();
for (const s of servers) s.child.kill();
const med = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
for (const b of builds)
  console.log(
    `${b}: blocking×4 median ${med(res[b].map((r) => r.blocking)).toFixed(0)} [${res[b].map((r) => r.blocking.toFixed(0)).join(", ")}], cpu median ${med(res[b].map((r) => r.total)).toFixed(0)}`,
  );
