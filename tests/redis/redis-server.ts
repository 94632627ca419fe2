/**
 * Starts a throwaway Debian `redis-server` on a free loopback port for one test file (issue 8). `kill()`,
 * `pause()`/`resume()` and `start()` (same port) let a test take it away mid-run (issue 14 §4, §5).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createRedis, redisReady, type RedisClient } from "~server/redis";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface TestRedis {
  url: string;
  /** a connected client of the test's own */
  client: RedisClient;
  child?: ChildProcess;
  /** SIGKILL, as a crash: resolves once the process is gone */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: a Redis that accepts nothing and answers nothing (a hung host) */
  pause(): void;
  resume(): void;
  /** starts a fresh, empty server on the same port and waits for it to answer */
  start(): Promise<void>;
}

export function redisServerForTests(): TestRedis {
  let port = 0;
  const spawnServer = () => {
    state.child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
  };
  const waitForPing = async () => {
    const probe = createRedis(state.url);
    probe.on("error", () => {});
    try {
      await redisReady(probe, 10_000);
    } finally {
      probe.disconnect();
    }
  };
  const state: TestRedis = {
    url: "",
    client: undefined as unknown as RedisClient,
    async kill() {
      const child = state.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
    pause: () => void state.child?.kill("SIGSTOP"),
    resume: () => void state.child?.kill("SIGCONT"),
    async start() {
      spawnServer();
      await waitForPing();
    },
  };
  beforeAll(async () => {
    if (spawnSync("redis-server", ["--version"]).status !== 0) {
      throw new Error("redis-server is not installed: `apt-get install redis-server` (.ci/run does this)");
    }
    port = await freePort();
    state.url = `redis://127.0.0.1:${port}`;
    spawnServer();
    await waitForPing();
    state.client = createRedis(state.url);
    state.client.on("error", () => {}); // reconnect noise once the server is stopped
    await redisReady(state.client);
  }, 20_000);
  afterAll(async () => {
    state.client?.disconnect();
    state.resume();
    state.child?.kill("SIGKILL");
  });
  return state;
}
