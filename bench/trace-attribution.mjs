/**
 * Whose is a Lighthouse run's blocking time: the page's or the machine's (issue 37 §4, ADR 163). Lighthouse's
 * default mobile run simulates a 4× slower CPU by multiplying the WALL time of each main-thread task it observed in
 * an unthrottled trace. On the shared 2-core machine a task's wall time also holds the time its thread waited for a
 * core while the browser's other processes, the server and other jobs ran: the page did none of that work. Chromium
 * records each trace event's thread time too (`tdur`: the CPU the thread really spent), so for each run:
 *
 * - `wallBlockingMs`: Σ max(0, 4 × wall − 50) over the page's main-thread tasks after the observed first
 *   contentful paint — close to what the simulation counts as TBT;
 * - `cpuBlockingMs`: the same from each task's thread time — the page's own blocking, what it costs a customer's
 *   phone; the difference is waiting for a core;
 * - `commitMs` / `commitCpuMs`: the navigation's commit-like task before the first paint (no page script in it; its
 *   simulated length moves some runs' TBT, bench/trace-tasks.mjs);
 * - `longTasks`: every task over 12 ms of wall time after the first paint, { at, wall, cpu } in ms (a task whose trace
 *   has no thread time counts its wall time as CPU: never in the machine's favour);
 * - `verdict`: "page" when the page's own blocking (CPU) is over the budget, "machine" when the run's TBT is over
 *   the budget but the page's own blocking is within it, "" when the run is within the budget.
 *
 * Every run is reported with its figures; nothing is retried because of them.
 */

/** the page's main thread: the renderer main thread that parsed the most HTML (not about:blank) */
function mainThread(events) {
  const names = new Map();
  for (const e of events) if (e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args?.name);
  const parsing = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === "ParseHTML" && names.get(key) === "CrRendererMain") parsing.set(key, (parsing.get(key) ?? 0) + (e.dur ?? 0));
  }
  return [...parsing].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * @param {{ traceEvents: any[] }} trace Lighthouse's `artifacts.Trace`
 * @param {number} fcpMs the observed first contentful paint (ms from the navigation start), lhr.audits.metrics
 * @param {number} budgetMs the TBT budget the verdict compares with
 * @param {number} tbtMs the run's TBT
 */
export function attributeBlocking(trace, fcpMs, budgetMs, tbtMs) {
  const events = trace.traceEvents;
  const key = mainThread(events);
  if (!key) return null;
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === key);
  const nav = onMain.find((e) => e.name === "navigationStart") ?? onMain.find((e) => e.name === "ParseHTML");
  const t0 = nav.ts;
  const tasks = onMain
    .filter((e) => e.name === "RunTask" && e.ph === "X" && typeof e.dur === "number")
    // a task without thread time (rare, short) counts its wall time as its own: never in the machine's favour
    .map((e) => ({ at: (e.ts - t0) / 1000, wall: e.dur / 1000, cpu: (typeof e.tdur === "number" ? e.tdur : e.dur) / 1000 }))
    .filter((t) => t.at >= 0);
  const after = tasks.filter((t) => t.at >= fcpMs);
  const blocking = (ms) => Math.max(0, 4 * ms - 50);
  const wallBlockingMs = after.reduce((sum, t) => sum + blocking(t.wall), 0);
  const cpuBlockingMs = after.reduce((sum, t) => sum + blocking(t.cpu), 0);
  const before = tasks.filter((t) => t.at < fcpMs).sort((a, b) => b.wall - a.wall)[0];
  const verdict = tbtMs <= budgetMs ? "" : cpuBlockingMs > budgetMs ? "page" : "machine";
  return {
    wallBlockingMs: Math.round(wallBlockingMs),
    cpuBlockingMs: Math.round(cpuBlockingMs),
    commitMs: before ? Math.round(before.wall) : 0,
    commitCpuMs: before ? Math.round(before.cpu) : 0,
    longTasks: after.filter((t) => t.wall >= 12).map((t) => ({ at: Math.round(t.at), wall: Math.round(t.wall), cpu: Math.round(t.cpu) })),
    verdict,
  };
}

/** "TBT 120 (wall ×4 118, CPU ×4 22, commit 40/9 ms) machine" */
export function formatAttribution(tbtMs, a) {
  if (!a) return `TBT ${tbtMs} (no main thread in the trace)`;
  return `TBT ${tbtMs} (after FCP, ×4: by wall time ${a.wallBlockingMs}, by the page's CPU time ${a.cpuBlockingMs}; commit ${a.commitMs} wall / ${a.commitCpuMs} CPU ms)${a.verdict ? `: ${a.verdict}` : ""}`;
}
