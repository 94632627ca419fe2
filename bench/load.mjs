#!/usr/bin/env node
/**
 * `npm run load` (issue 37 §3, ADR 162): a crowd of distinct customers at a fixed arrival rate, on loopback, bounded in
 * time. Each customer has their own cookies, client address (X-Forwarded-For from the benchmarking range 198.18.0.0/15,
 * which the storefronts trust from loopback, as from a proxy: so the per-address rate limits see many customers), user
 * agent (phone or desktop), city and method (takeaway at a point, or delivery to an address), and walks:
 *
 *   first visit (/, sent to the location popup) → location page → location (save) → home → menu → for each of 1–5 lines: position (its layer
 *   page), add (the cart action) → cart (the server's preflight) → some sign in (the sign-in page, an SMS code: its
 *   request, the code from the demo controls or the twin, its check) and look at the cart again → some of those order
 *   (the checkout form, then the order's page).
 *
 * with a short pause between steps (LOAD_THINK_MS, 100–400 ms). Every request's time is recorded under its step.
 *
 * For each topology the arrival rate (customers per second) is stepped up — ×1.5 from LOAD_START_RATE until a step
 * breaks, then halfway between the last rate that held and the first that broke, LOAD_REFINE_STEPS times (2) — for
 * LOAD_STEP_SECONDS of arrivals each (the customers of a step are waited for, at most 30 s more). A step holds when
 * every step of the walk with ≥ 20 requests has p95 ≤ LOAD_P95_MS (200) and under 1 % errors (5xx, network errors,
 * answers a customer's browser would not take: a refused add or save). The highest rate that held is the topology's
 * figure, with p50/p95/p99 per step at it, the document cache's hit ratio (storefront_document_cache_requests_total
 * from each metrics port) and where the machine's CPU went (each process's CPU time, the load generator's own
 * included, and the rest of the machine's busy time: other jobs on the shared machine, in cores).
 *
 * Topologies (LOAD_TOPOLOGIES, default all): `single` — one container in demo mode (the in-process twin, SMS codes
 * from /_demo/sms, DEMO_CONTROLS=1); `proxy1` and `proxy2` — one and two containers behind a round-robin proxy
 * (bench/round-robin.mjs), sharing one Redis, the twin as an HTTP upstream (bench/topology.mjs). The scaling figure
 * is proxy2 / proxy1 (the same topology but for the second container; the goal is ≥ 1.8), and proxy2 / single.
 *
 * The figures are printed beside the previous run's (bench/load-results.json, gitignored) and written there.
 * Environment: BUILD_DIR, LOAD_TOPOLOGIES, LOAD_START_RATE (4), LOAD_STEP_SECONDS (12), LOAD_P95_MS (200),
 * LOAD_MAX_STEPS (8 per topology), LOAD_REFINE_STEPS (2), LOAD_SIGN_IN_SHARE (0.25), LOAD_ORDER_SHARE (0.6 of those signed in),
 * LOAD_THINK_MS (100-400), LOAD_SEED, LOAD_CPU_PER_CONTAINER (each storefront's CPU limit in cores, ADR 198; unset:
 * uncapped; a capped run writes and compares with bench/load-results.capped.json).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, totalmem } from "node:os";
import { startTopology } from "./topology.mjs";
import { seededRandom } from "../scripts/seeded-random.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const TOPOLOGIES = (process.env.LOAD_TOPOLOGIES ?? "single,proxy1,proxy2").split(",").filter(Boolean);
const START_RATE = Number(process.env.LOAD_START_RATE ?? 4);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 12);
const P95_GOAL_MS = Number(process.env.LOAD_P95_MS ?? 200);
const MAX_STEPS = Number(process.env.LOAD_MAX_STEPS ?? 8);
/** bisections between the last rate that held and the first that broke (each one more step): the figure's resolution */
const REFINE_STEPS = Number(process.env.LOAD_REFINE_STEPS ?? 2);
const SIGN_IN_SHARE = Number(process.env.LOAD_SIGN_IN_SHARE ?? 0.25);
const ORDER_SHARE = Number(process.env.LOAD_ORDER_SHARE ?? 0.6);
const [THINK_MIN, THINK_MAX] = (process.env.LOAD_THINK_MS ?? "100-400").split("-").map(Number);
const SEED = Number(process.env.LOAD_SEED ?? 37);
/**
 * Each storefront's CPU limit in cores (ADR 198), as operators give containers `--cpus`: with it, one container and two
 * get the same share of the machine each, so the scaling figure says whether a second container adds its capacity,
 * on a machine with fewer free cores than containers. Unset: uncapped.
 */
const CPU_PER_CONTAINER = Number(process.env.LOAD_CPU_PER_CONTAINER ?? 0);
const DRAIN_MS = 30_000;
const REQUEST_TIMEOUT_MS = 10_000;
const MIN_SAMPLES = 20;
// a capped run is compared with the previous capped run, an uncapped one with the previous uncapped one
const RESULTS = CPU_PER_CONTAINER ? "bench/load-results.capped.json" : "bench/load-results.json";
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(`${BUILD_DIR}/server/index.js`)) {
  const r = spawnSync("npx", ["react-router", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
/**
 * where customers are: the demo brand's cities, takeaway at a point or delivery to an address in a zone (weights).
 * A delivery address goes as the popup sends it once a suggestion is chosen (resolved: text, street, house and
 * coordinates), so that no topology needs a geocoder (the twin over HTTP has none without a Google key).
 */
const address = (addr, street, house, lat, lng) => ({ addr, street, house, lat: String(lat), lng: String(lng) });
const PLACES = [
  { weight: 4, city: "115", method: "TAKE_AWAY", form: { resto: "173" }, menu: "501" },
  { weight: 3, city: "115", method: "DELIVERY", form: address("Тверская улица, 7, Москва, Россия", "Тверская улица", "7", 55.7575, 37.612), menu: "501" },
  { weight: 1, city: "115", method: "DELIVERY", form: address("Ленинский проспект, 30, Москва, Россия", "Ленинский проспект", "30", 55.708, 37.587), menu: "501" },
  { weight: 2, city: "116", method: "TAKE_AWAY", form: { resto: "176" }, menu: "506" },
  { weight: 1, city: "116", method: "DELIVERY", form: address("улица Баумана, 44, Казань, Россия", "улица Баумана", "44", 55.789, 49.1225), menu: "506" },
  { weight: 1, city: "118", method: "TAKE_AWAY", form: { resto: "177" }, menu: "501" },
];
const STEPS = ["first visit", "location page", "location", "home", "menu", "position", "add", "cart", "sign-in page", "sign-in code", "sign-in check", "order", "order page"];

const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

/** one HTTP request on loopback: { status, location, setCookies, text } (a network error or timeout throws) */
function send(base, path, { method = "GET", form, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const body = form ? new URLSearchParams(form).toString() : null;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { ...headers, ...(body === null ? {} : { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: base }) },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, setCookies: res.headers["set-cookie"] ?? [], text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    if (body !== null) req.write(body);
    req.end();
  });
}

const sealOf = (html) => /<input[^>]*name="from__confirm"[^>]*>/.exec(html)?.[0].match(/value="([^"]+)"/)?.[1] ?? "";
const honeypot = (html) => ({ name__confirm: "", from__confirm: sealOf(html) });
const keyOf = (html) => /<input[^>]*name="key"[^>]*value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? /<input[^>]*value="([0-9a-f-]{36})"[^>]*name="key"/.exec(html)?.[1] ?? "";

/** A step's record: latencies (ms) and what went wrong. */
function newStats() {
  return Object.fromEntries(STEPS.map((s) => [s, { ms: [], errors: 0, refused: 0, statuses: {}, said: {} }]));
}

class Customer {
  cookies = new Map();
  constructor(base, n, random, stats) {
    this.base = base;
    this.random = random;
    this.stats = stats;
    this.ua = random() < 0.6 ? PHONE_UA : DESKTOP_UA;
    // a customer's own address, from the benchmarking range 198.18.0.0/15 (RFC 2544): only ever a header value
    this.address = `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
    this.phone = `+7903${String(SEED % 1000).padStart(3, "0")}${String(n % 10_000).padStart(4, "0")}`;
  }
  think() {
    return sleep(THINK_MIN + this.random() * (THINK_MAX - THINK_MIN));
  }
  /**
   * One timed request under `step`. `expect` says which statuses the customer's browser takes as the step done
   * (others are "refused": counted with the errors); a 5xx, a timeout or a network error is an error.
   */
  async go(step, path, { form, expect = [200] } = {}) {
    const record = this.stats[step];
    const started = performance.now();
    let answer;
    try {
      answer = await send(this.base, path, {
        method: form ? "POST" : "GET",
        form,
        headers: { "user-agent": this.ua, "accept-language": "ru", cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "), "x-forwarded-for": this.address },
      });
    } catch {
      record.ms.push(performance.now() - started);
      record.errors++;
      record.statuses.network = (record.statuses.network ?? 0) + 1;
      return null;
    }
    record.ms.push(performance.now() - started);
    record.statuses[answer.status] = (record.statuses[answer.status] ?? 0) + 1;
    for (const line of answer.setCookies) {
      const pair = line.split(";")[0];
      const at = pair.indexOf("=");
      if (!pair.slice(at + 1) || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (answer.status >= 500) record.errors++;
    else if (!expect.includes(answer.status)) record.refused++;
    return answer;
  }

  async walk(smsCode) {
    const r = this.random;
    let total = 0;
    const drawn = r() * PLACES.reduce((sum, p) => sum + p.weight, 0);
    const pick = PLACES.find((p) => (total += p.weight) > drawn) ?? PLACES[0];
    // a first visit without cookies is sent to the location popup (spec §4 boot, ADR 090)
    const first = await this.go("first visit", "/", { expect: [200, 302] });
    if (!first) return;
    if (first.status === 302 && (await this.go("location page", new URL(first.location ?? "/location", this.base).pathname)) === null) return;
    await this.think();
    const saved = await this.go("location", "/location", { form: { intent: "save", city: pick.city, method: pick.method, ...pick.form }, expect: [303] });
    if (saved?.status !== 303) return;
    await this.think();
    await this.go("home", "/");
    await this.think();
    const menu = await this.go("menu", `/menus/${pick.menu}`);
    if (!menu) return;
    const addable = [...new Set([...menu.text.matchAll(/data-add-form="(\d+)-(\d+)"/g)].map((m) => `${m[1]}-${m[2]}`))];
    const lines = 1 + Math.floor(r() * 5);
    for (let i = 0; i < lines && addable.length; i++) {
      const [menuId, positionId] = addable.splice(Math.floor(r() * addable.length), 1)[0].split("-");
      await this.think();
      await this.go("position", `/menus/${menuId}/positions/${positionId}`);
      await this.think();
      await this.go("add", "/cart", { form: { intent: "add", positionId, menuId, count: String(1 + Math.floor(r() * 2)), redirectTo: `/menus/${menuId}` }, expect: [303] });
    }
    await this.think();
    let cart = await this.go("cart", "/cart");
    if (!cart || r() >= SIGN_IN_SHARE) return;
    // sign in with an SMS code
    await this.think();
    const page = await this.go("sign-in page", "/auth?redirectTo=%2Fcart");
    if (!page) return;
    const sent = await this.go("sign-in code", "/auth", { form: { intent: "request-code", phone: this.phone, redirectTo: "/cart", ...honeypot(page.text) }, expect: [200, 303] });
    if (!sent) return;
    const code = await smsCode(this.phone);
    if (!code) {
      this.stats["sign-in code"].refused++;
      return;
    }
    await this.think();
    const again = await this.go("sign-in page", "/auth?redirectTo=%2Fcart");
    if (!again) return;
    const checked = await this.go("sign-in check", "/auth", { form: { intent: "verify", code, redirectTo: "/cart", ...honeypot(again.text) }, expect: [303] });
    if (checked?.status !== 303) return;
    await this.think();
    cart = await this.go("cart", "/cart");
    if (!cart || r() >= ORDER_SHARE) return;
    const key = keyOf(cart.text);
    if (!key) {
      this.stats.order.refused++;
      return;
    }
    await this.think();
    const fields = { intent: "checkout", key, paymentMethod: "CARD_UPON_RECEIPT", name: "Покупатель", phone: this.phone, email: "", receiptEmail: "", comment: "", preOrderAt: "", ...honeypot(cart.text) };
    // 303: placed; 422: the shop's rules refused it (a delivery below the zone's minimum sum): what the customer is told
    // is listed with the figures, and it is an answer, not a failure
    const placed = await this.go("order", "/cart", { form: fields, expect: [303, 422] });
    if (placed && placed.status !== 303) {
      // what the customer was told instead (the order error popup, a field's message): the report lists it
      const said = /data-testid="order-error-message"[^>]*>([^<]+)/.exec(placed.text)?.[1] ?? /role="alert"[^>]*>([^<]+)/.exec(placed.text)?.[1] ?? `status ${placed.status}`;
      this.stats.order.said[said.trim()] = (this.stats.order.said[said.trim()] ?? 0) + 1;
    }
    if (placed?.status === 303 && placed.location) {
      await this.think();
      await this.go("order page", placed.location);
    }
  }
}

/** the machine's CPU time so far (all cores, ms; Linux /proc/stat): { busy, total } */
function machineCpu() {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy * 10, total: (busy + idle + iowait) * 10 };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
}

/** the document cache's counters, summed over every storefront's metrics port */
async function documentCache(urls) {
  const out = { hit: 0, miss: 0, skip: 0 };
  for (const url of urls) {
    const text = await (await fetch(url)).text();
    for (const m of text.matchAll(/^storefront_document_cache_requests_total\{result="(\w+)"\} (\d+)/gm)) out[m[1]] = (out[m[1]] ?? 0) + Number(m[2]);
  }
  return out;
}

let customerNumber = 0;

/** One step: customers arriving at `rate` per second for STEP_SECONDS, then waited for. */
async function step(topology, rate) {
  const stats = newStats();
  const cacheBefore = await documentCache(topology.metrics);
  const cpuBefore = topology.cpuMs();
  const selfBefore = process.cpuUsage();
  const machineBefore = machineCpu();
  const loadBefore = load();
  const started = performance.now();
  const walks = [];
  let finished = 0;
  const count = Math.max(1, Math.round(rate * STEP_SECONDS));
  for (let i = 0; i < count; i++) {
    // a fixed arrival rate: the i-th customer of the step arrives at i / rate seconds, whatever the others do
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const customer = new Customer(topology.base, customerNumber++, seededRandom(SEED * 1_000_003 + customerNumber), stats);
    walks.push(
      customer
        .walk(topology.smsCode)
        .catch(() => {})
        .finally(() => finished++),
    );
  }
  const arrivalsSeconds = (performance.now() - started) / 1000;
  await Promise.race([Promise.all(walks), sleep(DRAIN_MS)]);
  const unfinished = walks.length - finished;
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = topology.cpuMs();
  const self = process.cpuUsage(selfBefore);
  const cacheAfter = await documentCache(topology.metrics);
  const cache = Object.fromEntries(Object.keys(cacheAfter).map((k) => [k, cacheAfter[k] - (cacheBefore[k] ?? 0)]));
  const cpu = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, (cpuAfter[k] - (cpuBefore[k] ?? 0)) / 1000 / seconds]));
  cpu["load generator"] = (self.user + self.system) / 1e6 / seconds;
  // the rest of the machine's busy cores: other people's jobs on the shared machine, which the storefronts could not use
  const machineAfter = machineCpu();
  const ours = Object.values(cpu).reduce((a, b) => a + b, 0);
  cpu["other processes"] = Math.max(0, (machineAfter.busy - machineBefore.busy) / 1000 / seconds - ours);
  const perStep = {};
  let requests = 0;
  const broken = unfinished > 0 ? [`${unfinished} customers unfinished after ${DRAIN_MS / 1000} s`] : [];
  for (const name of STEPS) {
    const s = stats[name];
    if (!s.ms.length) continue;
    const sorted = [...s.ms].sort((a, b) => a - b);
    requests += sorted.length;
    const figures = { n: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), errors: s.errors, refused: s.refused, statuses: s.statuses, said: s.said };
    perStep[name] = figures;
    if (sorted.length >= MIN_SAMPLES && figures.p95 > P95_GOAL_MS) broken.push(`${name} p95 ${figures.p95.toFixed(0)} ms`);
    if ((s.errors + s.refused) / sorted.length > 0.01 && s.errors + s.refused > 1) broken.push(`${name} ${s.errors} errors, ${s.refused} refused of ${sorted.length}`);
  }
  const lookups = cache.hit + cache.miss + cache.skip;
  // the storefronts' CPU per customer: the same in one container and in two means they scale with the cores they get
  const storefrontCpuMsPerCustomer = ((cpuAfter.storefront ?? 0) - (cpuBefore.storefront ?? 0)) / Math.max(1, count - unfinished);
  return {
    rate,
    customers: count,
    arrivalsSeconds,
    seconds,
    requests,
    requestsPerSecond: requests / seconds,
    perStep,
    held: broken.length === 0,
    broken,
    documentCache: { ...cache, hitRatio: cache.hit / Math.max(1, cache.hit + cache.miss), hitShareOfAll: cache.hit / Math.max(1, lookups) },
    cpuCores: cpu,
    storefrontCpuMsPerCustomer,
    load: `${loadBefore} → ${load()}`,
  };
}

const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : "–");
function printStep(s) {
  const cores = Object.entries(s.cpuCores)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(", ");
  const worst = Object.entries(s.perStep)
    .filter(([, f]) => f.n >= MIN_SAMPLES)
    .sort((a, b) => b[1].p95 - a[1].p95)[0];
  console.error(
    `  ${s.rate.toFixed(1)} customers/s (${s.customers}, ${f0(s.requestsPerSecond)} req/s): ${s.held ? "held" : `broke (${s.broken.join("; ")})`}; worst p95 ${worst ? `${worst[0]} ${f0(worst[1].p95)} ms` : "–"}; document cache hits ${(s.documentCache.hitRatio * 100).toFixed(0)} %; CPU cores: ${cores} [load ${s.load}]`,
  );
}

/** Steps the rate up ×1.5 until a step breaks, then bisects towards it; the highest rate that held. */
async function search(name) {
  const kind = name === "single" ? "single" : "proxied";
  const containers = name === "single" ? 1 : Number(name.replace("proxy", ""));
  console.error(`\n${name}: ${kind === "single" ? "one container (demo mode)" : `${containers} container(s) behind a round-robin proxy, one Redis, the twin over HTTP`}`);
  const topology = await startTopology(kind, { containers, cpuPerContainer: CPU_PER_CONTAINER });
  if (topology.cpuCap) console.error(`  each storefront capped at ${topology.cpuCap}`);
  const steps = [];
  try {
    // warm-up: unmeasured customers, so that the first step does not pay the processes' JIT and cold caches
    await step(topology, START_RATE / 2);
    let rate = START_RATE;
    let lastHeld = null;
    let firstBroken = null;
    while (steps.length < MAX_STEPS) {
      const s = await step(topology, rate);
      steps.push(s);
      printStep(s);
      if (s.held) lastHeld = s;
      else firstBroken = s;
      if (!s.held) break;
      rate = Math.round(rate * 1.5 * 10) / 10;
    }
    // then halve the interval between the last rate that held and the first that broke, REFINE_STEPS times
    for (let r = 0; firstBroken && r < REFINE_STEPS && steps.length < MAX_STEPS + REFINE_STEPS; r++) {
      const between = Math.round(((lastHeld?.rate ?? 0) + firstBroken.rate) * 5) / 10;
      if (!(between > (lastHeld?.rate ?? 0) && between < firstBroken.rate)) break;
      const s = await step(topology, between);
      steps.push(s);
      printStep(s);
      if (s.held) lastHeld = s;
      else firstBroken = s;
    }
    return { name, containers, cpuCap: topology.cpuCap, steps, maxRate: lastHeld?.rate ?? 0, atMax: lastHeld };
  } finally {
    await topology.stop();
  }
}

const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, "utf8")) : null;
const startedAt = new Date();
const loadAtStart = load();
const results = {};
for (const name of TOPOLOGIES) results[name] = await search(name);
agent.destroy();

// ── the report, beside the previous run's figures ─────────────────────────────────────────────────
const was = (name) => previous?.topologies?.[name];
console.log(`\nnpm run load — ${startedAt.toISOString()}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; load ${loadAtStart} → ${load()}`);
console.log(`goal: p95 ≤ ${P95_GOAL_MS} ms for every step; previous run: ${previous?.measuredAt ?? "none"}`);
for (const [name, r] of Object.entries(results)) {
  const before = was(name);
  console.log(`\n${name}${r.cpuCap ? ` (each storefront capped at ${r.cpuCap})` : ""}: highest arrival rate held ${r.maxRate} customers/s${before ? ` (previous run ${before.maxRate})` : ""}${r.atMax ? `, ${f0(r.atMax.requestsPerSecond)} req/s` : ""}`);
  if (!r.atMax) continue;
  const hit = r.atMax.documentCache;
  const beforeHit = before?.atMax?.documentCache;
  console.log(
    `  document cache at that rate: ${(hit.hitRatio * 100).toFixed(1)} % of cacheable look-ups hit (${hit.hit} hit, ${hit.miss} miss, ${hit.skip} not cacheable)${beforeHit ? ` (previous ${(beforeHit.hitRatio * 100).toFixed(1)} %)` : ""}`,
  );
  console.log(`  CPU cores used: ${Object.entries(r.atMax.cpuCores).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", ")} [load ${r.atMax.load}]`);
  console.log(`  storefront CPU per customer: ${f0(r.atMax.storefrontCpuMsPerCustomer)} ms${before?.atMax?.storefrontCpuMsPerCustomer ? ` (previous ${f0(before.atMax.storefrontCpuMsPerCustomer)} ms)` : ""}`);
  const said = r.atMax.perStep.order?.said ?? {};
  if (Object.keys(said).length) console.log(`  orders refused by the shop's rules: ${Object.entries(said).map(([text, n]) => `${n} × "${text}"`).join(", ")}`);
  console.log(`  ${"step".padEnd(14)} ${"n".padStart(6)} ${"p50".padStart(6)} ${"p95".padStart(6)} ${"p99".padStart(6)}  errors  previous p50/p95/p99`);
  for (const [step, f] of Object.entries(r.atMax.perStep)) {
    const p = before?.atMax?.perStep?.[step];
    console.log(
      `  ${step.padEnd(14)} ${String(f.n).padStart(6)} ${f0(f.p50).padStart(6)} ${f0(f.p95).padStart(6)} ${f0(f.p99).padStart(6)}  ${String(f.errors + f.refused).padStart(6)}  ${p ? `${f0(p.p50)}/${f0(p.p95)}/${f0(p.p99)}` : "–"}${f.n < MIN_SAMPLES ? "  (too few to judge)" : ""}`,
    );
  }
}
const ratio = (a, b) => (results[a]?.maxRate && results[b]?.maxRate ? results[a].maxRate / results[b].maxRate : null);
const scaling = { proxy2OverProxy1: ratio("proxy2", "proxy1"), proxy2OverSingle: ratio("proxy2", "single") };
const prevScaling = previous?.scaling ?? {};
if (scaling.proxy2OverProxy1 !== null)
  console.log(`\ntwo containers / one behind the same proxy: ${scaling.proxy2OverProxy1.toFixed(2)} × (goal ≥ 1.8)${prevScaling.proxy2OverProxy1 ? ` (previous ${prevScaling.proxy2OverProxy1.toFixed(2)} ×)` : ""}`);
if (scaling.proxy2OverSingle !== null)
  console.log(`two containers / one in demo mode: ${scaling.proxy2OverSingle.toFixed(2)} ×${prevScaling.proxy2OverSingle ? ` (previous ${prevScaling.proxy2OverSingle.toFixed(2)} ×)` : ""}`);
console.log(`(${cpus().length} cores: the containers, the proxy, the twin, Redis, this load generator and any other job on the machine share them; the CPU lines above say how)`);

const out = { measuredAt: startedAt.toISOString(), cpuPerContainer: CPU_PER_CONTAINER || null, machine: { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.versions.node }, loadAverage: `${loadAtStart} → ${load()}`, seed: SEED, goalP95Ms: P95_GOAL_MS, topologies: results, scaling };
writeFileSync(RESULTS, `${JSON.stringify(out, null, 1)}\n`);
console.log(`\nwritten: ${RESULTS}`);
process.exit(0);
