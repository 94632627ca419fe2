#!/usr/bin/env node
/**
 * `npm run load`: a bounded load run on loopback (issue 9). 50 virtual customers, each with its own
 * cookies, browse the menu, open positions, add to the cart and look at the cart (server-side preflight)
 * for LOAD_SECONDS (default 60). Then the same again while the upstream twin fails mid-run (down, slow,
 * 5xx), and a check that every customer's cart is intact afterwards. Prints requests, errors, p50/p99.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CUSTOMERS = Number(process.env.LOAD_CUSTOMERS ?? 50);
const PORT = Number(process.env.LOAD_PORT ?? 3300);
const base = `http://127.0.0.1:${PORT}`;
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
// positions without modifiers in the demo menu (soups, salads) and one menu
const POSITIONS = [10031, 10032, 10033, 10034, 10035];
const MENU = 501;

if (!existsSync(`${BUILD_DIR}/server/index.js`)) {
  const r = spawnSync("npx", ["react-router", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ["server.mjs"], {
  env: { ...process.env, BUILD_DIR, PORT: String(PORT), NODE_ENV: "production", LOG_LEVEL: "error", DEMO_CONTROLS: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => server.kill("SIGKILL"));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 200) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 100));
}

class Customer {
  cookies = new Map();
  expectedCount = 0;
  constructor(id) {
    this.id = id;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  remember(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }
  async request(path, init = {}) {
    const response = await fetch(base + path, {
      ...init,
      redirect: "manual",
      headers: { "User-Agent": UA, Cookie: this.header(), Origin: base, "Sec-Fetch-Site": "same-origin", ...(init.headers ?? {}) },
    });
    this.remember(response);
    await response.arrayBuffer();
    return response;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run(label, seconds, customers, onTick) {
  const latencies = [];
  let errors = 0;
  let requests = 0;
  const statuses = new Map();
  const until = Date.now() + seconds * 1000;
  async function timed(customer, path, init) {
    const t0 = performance.now();
    try {
      const response = await customer.request(path, init);
      requests++;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) errors++;
      return response;
    } catch {
      requests++;
      errors++;
      return null;
    } finally {
      latencies.push(performance.now() - t0);
    }
  }
  const ticker = onTick ? setInterval(() => onTick(Date.now() - (until - seconds * 1000)), 1000) : null;
  await Promise.all(
    customers.map(async (c, n) => {
      let step = n;
      while (Date.now() < until) {
        const position = POSITIONS[step % POSITIONS.length];
        switch (step++ % 4) {
          case 0:
            await timed(c, "/");
            break;
          case 1:
            await timed(c, `/menus/${MENU}/positions/${position}`);
            break;
          case 2: {
            const body = new URLSearchParams({ intent: "add", positionId: String(position), menuId: String(MENU), count: "1", redirectTo: "/" });
            const r = await timed(c, "/cart", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
            if (r && r.status === 303 && c.expectedCount < 99 * POSITIONS.length) c.expectedCount++;
            break;
          }
          default:
            await timed(c, "/cart");
        }
      }
    }),
  );
  if (ticker) clearInterval(ticker);
  latencies.sort((a, b) => a - b);
  return { label, requests, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: requests / seconds, statuses: Object.fromEntries(statuses) };
}

/** The cart badge count from the home page of each customer: what the server holds in their cookie. */
async function cartCount(c) {
  const response = await fetch(`${base}/`, { headers: { Cookie: c.header(), "User-Agent": UA } });
  const html = await response.text();
  const m = /data-testid="cart-badge"[^>]*>(\d+)</.exec(html);
  return m ? Number(m[1]) : 0;
}

async function scenario(body) {
  await fetch(`${base}/_demo/scenario`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
}

const customers = Array.from({ length: CUSTOMERS }, (_, i) => new Customer(i));
const results = [];
results.push(await run("steady", SECONDS, customers));

// faults mid-run: a third of the time down, a third slow (beyond the 5 s timeout is too long for a
// bounded run: 3 s), a third 5xx — then recovery
const faultSeconds = SECONDS;
const phases = [
  [0.2, { down: true, scope: "all" }],
  [0.4, { latencyMs: 3000, scope: "all" }],
  [0.6, { failStatus: 503, scope: "all" }],
  [0.8, {}],
];
let phase = 0;
results.push(
  await run("faults (down, slow, 5xx)", faultSeconds, customers, (elapsedMs) => {
    while (phase < phases.length && elapsedMs >= phases[phase][0] * faultSeconds * 1000) void scenario(phases[phase++][1]);
  }),
);
await scenario({});

let intact = 0;
const broken = [];
for (const c of customers) {
  const count = await cartCount(c);
  if (count === c.expectedCount) intact++;
  else broken.push({ customer: c.id, expected: c.expectedCount, got: count });
}

console.log(`\n${CUSTOMERS} virtual customers, ${SECONDS} s per run, loopback\n`);
console.log("run                       requests  req/s   5xx/failed  p50 ms   p99 ms   statuses");
for (const r of results) {
  console.log(
    `${r.label.padEnd(25)} ${String(r.requests).padStart(8)}  ${r.rps.toFixed(0).padStart(5)}  ${String(r.errors).padStart(10)}  ${r.p50.toFixed(0).padStart(6)}  ${r.p99.toFixed(0).padStart(7)}   ${JSON.stringify(r.statuses)}`,
  );
}
console.log(`\ncarts intact after the fault run: ${intact} / ${CUSTOMERS}${broken.length ? ` — differing: ${JSON.stringify(broken.slice(0, 5))}` : ""}`);
server.kill("SIGTERM");
process.exit(0);
