/** Starts a throwaway Debian `redis-server` on a free loopback port for one test file (issue 8). */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createRedis, type RedisClient } from "~server/redis";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export function redisServerForTests() {
  const state: { url: string; client: RedisClient; child?: ChildProcess } = {
    url: "",
    client: undefined as unknown as RedisClient,
  };
  beforeAll(async () => {
    if (spawnSync("redis-server", ["--version"]).status !== 0) {
      throw new Error("redis-server is not installed: `apt-get install redis-server` (.ci/run does this)");
    }
    const port = await freePort();
    state.child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    state.url = `redis://127.0.0.1:${port}`;
    state.client = createRedis(state.url);
    state.client.on("error", () => {}); // reconnect noise once the server is stopped
    for (let i = 0; i < 50; i++) {
      try {
        if ((await state.client.ping()) === "PONG") return;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("redis-server did not start");
  }, 20_000);
  afterAll(async () => {
    state.client?.disconnect();
    state.child?.kill("SIGKILL");
  });
  return state;
}
