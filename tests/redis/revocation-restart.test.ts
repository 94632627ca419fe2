/**
 * A sign-out outlives Redis going away (issue 7 of the two-container test; ADR 144): a revocation made while
 * Redis is down reaches Redis as soon as it is back, with no request asking; Redis run as the deploy topology
 * runs it (append-only file) keeps it through a restart; and a Redis restarted without persistence gets it back
 * from the container that signed the customer out, so a copied cookie stays signed out on every container.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signOutAction } from "~/features/auth/sign-out.server";
import { newSessionId } from "~server/auth/revocation";
import { createRedis, redisReady } from "~server/redis";
import type { Services } from "~server/services";
import { freshPhone, Jar, post, request, settle } from "../auth/helpers";
import { contextOf, servicesWith, twinOf } from "../context";
import { redisServerForTests } from "./redis-server";

const redis = redisServerForTests();

const opened: Services[] = [];
/** one storefront container of the demo brand, on the test's Redis */
async function container(url = redis.url): Promise<Services> {
  const s = servicesWith({ REDIS_URL: url, LOG_LEVEL: "silent" });
  opened.push(s);
  await redisReady(s.redis!.client, 10_000);
  return s;
}
afterAll(async () => {
  for (const s of opened) await s.close();
});

/** Polls `check` every 50 ms until it is true or `ms` pass; whether it became true. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const revokedKey = (s: Services, id: string) => `${s.redis!.prefix}:revoked:${id}`;

describe("a revocation made while Redis is down", () => {
  it("reaches Redis when it comes back, without any further request", async () => {
    const a = await container();
    await redis.kill();
    expect(await eventually(async () => a.redis!.client.status !== "ready")).toBe(true);
    const id = newSessionId();
    await a.revocations.revoke(id);
    // still refused here meanwhile, from the process's own list
    expect(await a.revocations.isRevoked(id)).toBe(true);
    await redis.start();
    // nothing calls the container from here on: the write must happen on its own
    expect(await eventually(async () => (await redis.client.exists(revokedKey(a, id))) === 1)).toBe(true);
    expect(await redis.client.pttl(revokedKey(a, id))).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
  }, 30_000);
});

describe("a copied sign-in cookie after Redis restarts without persistence", () => {
  it("stays signed out on another container while the container that revoked it runs", async () => {
    const [a, b] = [await container(), await container()];
    const jar = new Jar();
    const phone = freshPhone();
    expect((await post(jar, { intent: "request-code", phone }, "ru", { services: a })).status).toBe(303);
    expect((await post(jar, { intent: "verify", code: twinOf(a).store.peekSmsCode(phone)! }, "ru", { services: a })).status).toBe(303);
    const stolen = new Jar();
    stolen.take(new Headers(jar.header().split("; ").map((pair) => ["Set-Cookie", pair] as [string, string])));
    const sessionId = (await (await contextOf(request("/", jar), { services: a })).session.get("auth")).session_id!;
    expect(sessionId).toBeTruthy();

    const signOut = await settle(
      async () => signOutAction(await contextOf(request("/auth/sign-out", jar, { form: { intent: "sign-out" } }), { services: a })),
      jar,
    );
    expect(signOut.status).toBe(303);
    expect(await redis.client.exists(revokedKey(a, sessionId))).toBe(1);

    // Redis restarts empty (no persistence): the marker is gone; b never saw the sign-out
    await redis.client.set("marker", "1");
    await redis.kill();
    await redis.start();
    expect(await eventually(async () => redis.client.status === "ready")).toBe(true);
    expect(await redis.client.exists("marker")).toBe(0);
    // the copy, on the container that never saw the sign-out: signed out (a wrote back what it holds as soon as its
    // connection was ready again)
    const signedOutAtB = async () => (await (await contextOf(request("/", stolen), { services: b })).person.get()) === null;
    expect(await eventually(signedOutAtB)).toBe(true);
    expect(await redis.client.exists(revokedKey(a, sessionId))).toBe(1);
    expect(await signedOutAtB()).toBe(true);
  }, 40_000);
});

// ── Redis as operators run it: with the append-only file of docker-compose.yml ─────────────────────────────

/** docker-compose.yml's Redis command: what the example tells operators to run */
function composeRedisArgs(): string[] {
  const compose = readFileSync("docker-compose.yml", "utf8");
  const redisBlock = compose.slice(compose.indexOf("\n  redis:"));
  const command = /command:\s*(\[[^\]]*\])/.exec(redisBlock)?.[1];
  if (!command) throw new Error("docker-compose.yml: no command for redis");
  return (JSON.parse(command) as string[]).slice(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

describe("Redis with the deploy topology's persistence", () => {
  let dir = "";
  let port = 0;
  let child: ChildProcess | null = null;
  const url = () => `redis://127.0.0.1:${port}`;

  async function startPersistent() {
    const args = composeRedisArgs();
    // the data directory is the container's volume; here a directory of the test's own
    const dirAt = args.indexOf("--dir");
    if (dirAt >= 0) args.splice(dirAt, 2);
    child = spawn("redis-server", [...args, "--dir", dir, "--port", String(port), "--bind", "127.0.0.1"], { stdio: "ignore" });
    const probe = createRedis(url());
    probe.on("error", () => {});
    try {
      await redisReady(probe, 10_000);
    } finally {
      probe.disconnect();
    }
  }

  /** `docker restart`: SIGTERM, then the same data directory again */
  async function restart() {
    const exited = new Promise((r) => child!.once("exit", r));
    child!.kill("SIGTERM");
    await exited;
    await startPersistent();
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sf-redis-aof-"));
    port = await freePort();
    await startPersistent();
  }, 20_000);
  afterAll(() => {
    child?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs Redis append-only in the example and the deploy test", () => {
    const args = composeRedisArgs();
    expect(args[args.indexOf("--appendonly") + 1]).toBe("yes");
    expect(args).toContain("--dir");
    expect(readFileSync("deploy/run.mjs", "utf8")).toMatch(/"--appendonly", "yes"/);
  });

  it("keeps a revocation through a restart, for a container that never saw it", async () => {
    const a = await container(url());
    const id = newSessionId();
    await a.revocations.revoke(id);
    await a.close();
    await restart();
    // a container started after the restart: its own list is empty, Redis is all it has
    const c = await container(url());
    expect(await c.revocations.isRevoked(id)).toBe(true);
    expect(await c.revocations.isRevoked(newSessionId())).toBe(false);
  }, 30_000);
});
