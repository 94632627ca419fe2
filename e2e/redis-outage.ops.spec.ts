/**
 * Redis killed under the production server (issue 14 §4): server.mjs with REDIS_URL pointing at a real
 * `redis-server`, which is killed while pages are fetched. Every page keeps answering 200 in well under a
 * second, /readyz stays ready and says `redis: "down"`, and says `up` again once Redis is back.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "./helpers/load-gate";
import { freePort, startServer, type ServerProcess } from "./helpers/server-process";

let server: ServerProcess;
let redis: ChildProcess | null = null;
let redisPort = 0;

function startRedis() {
  redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
}
async function killRedis() {
  const child = redis;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

test.beforeAll(async () => {
  redisPort = await freePort();
  startRedis();
  server = await startServer({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
});
test.afterAll(async () => {
  await server?.stop();
  await killRedis();
});

const PAGES = ["/", "/restos", "/promotions", "/auth", "/cart", "/search?q=пицца"];

async function readyz() {
  const response = await fetch(`${server.base}/readyz`);
  return { status: response.status, body: (await response.json()) as { status: string; redis: string } };
}

async function browse() {
  const slow: string[] = [];
  for (const page of PAGES) {
    const started = performance.now();
    const response = await fetch(`${server.base}${page}`);
    await response.text();
    const ms = performance.now() - started;
    expect(response.status, page).toBe(200);
    if (ms >= 1_000) slow.push(`${page} ${Math.round(ms)} ms`);
  }
  return slow;
}

test("pages stay fast and readiness says Redis is down while it is killed, and up once it is back", async () => {
  test.setTimeout(60_000);
  await expect.poll(async () => (await readyz()).body.redis, { timeout: 10_000 }).toBe("up");
  await browse(); // warm-up: the first render of each page compiles code and fills the catalog cache
  expect(await browse()).toEqual([]);

  await killRedis();
  for (let round = 0; round < 3; round++) expect(await browse(), `round ${round + 1}`).toEqual([]);
  const down = await readyz();
  expect(down.status).toBe(200);
  expect(down.body).toMatchObject({ status: "ready", redis: "down" });

  startRedis();
  await expect.poll(async () => (await readyz()).body.redis, { timeout: 10_000 }).toBe("up");
  expect(await browse()).toEqual([]);
  // one warn line per outage, not one per request or reconnect attempt
  expect(server.logs().match(/"redis down: serving from in-process state"/g)?.length ?? 0).toBe(1);
});
