/** The Redis guard (ADR 070): fallback while the connection is not ready, a breaker after a failure. */
import { EventEmitter } from "node:events";
import { ReplyError } from "ioredis";
import { describe, expect, it } from "vitest";
import { createRedisGuard, type GuardedClient } from "~server/redis/guard";

function fakeClient(status = "ready") {
  const emitter = new EventEmitter() as EventEmitter & { status: string };
  emitter.status = status;
  return emitter;
}

describe("the Redis guard", () => {
  it("answers from the fallback at once while the connection is not ready", async () => {
    const client = fakeClient("reconnecting");
    const guard = createRedisGuard(client as unknown as GuardedClient);
    let called = false;
    expect(await guard.run(async () => ((called = true), "redis"), () => "local")).toBe("local");
    expect(called).toBe(false);
    expect(guard.state()).toBe("down");
  });

  it("one slow command is not an outage: it falls back alone and the next one goes to Redis", async () => {
    const changes: string[] = [];
    const guard = createRedisGuard(fakeClient() as unknown as GuardedClient, { onChange: (s) => changes.push(s) });
    expect(await guard.run(() => Promise.reject(new Error("Command timed out")), () => "local")).toBe("local");
    expect(guard.state()).toBe("up");
    expect(await guard.run(async () => "redis", () => "local")).toBe("redis");
    // two more single timeouts, each after an answer: still no outage
    for (let i = 0; i < 2; i++) {
      expect(await guard.run(() => Promise.reject(new Error("Command timed out")), () => "local")).toBe("local");
      expect(await guard.run(async () => "redis", () => "local")).toBe("redis");
    }
    expect(changes).toEqual([]);
  });

  it("opens for a while after failed commands in a row, then tries Redis again", async () => {
    let now = 0;
    const changes: string[] = [];
    const client = fakeClient();
    const guard = createRedisGuard(client as unknown as GuardedClient, { openMs: 1_000, now: () => now, onChange: (s) => changes.push(s) });
    expect(await guard.run(async () => "redis", () => "local")).toBe("redis");
    for (let i = 0; i < 3; i++) expect(await guard.run(() => Promise.reject(new Error("Command timed out")), () => "local")).toBe("local");
    let calls = 0;
    expect(await guard.run(async () => (++calls, "redis"), () => "local")).toBe("local");
    expect(calls).toBe(0);
    expect(guard.state()).toBe("down");
    now = 1_000;
    expect(await guard.run(async () => (++calls, "redis"), () => "local")).toBe("redis");
    expect(changes).toEqual(["down", "up"]);
  });

  it("a failure on a connection that is no longer ready opens at once", async () => {
    const client = fakeClient();
    const guard = createRedisGuard(client as unknown as GuardedClient);
    const failing = async () => {
      client.status = "reconnecting";
      throw new Error("Connection is closed.");
    };
    expect(await guard.run(failing, () => "local")).toBe("local");
    client.status = "ready"; // ready again, but the breaker stays open for its time
    let called = false;
    expect(await guard.run(async () => ((called = true), "redis"), () => "local")).toBe("local");
    expect(called).toBe(false);
  });

  it("keeps using Redis when it answered with an error (OOM under noeviction): only that command falls back", async () => {
    const guard = createRedisGuard(fakeClient() as unknown as GuardedClient);
    const oom = new ReplyError("OOM command not allowed when used memory > 'maxmemory'.");
    expect(await guard.run(() => Promise.reject(oom), () => "local")).toBe("local");
    expect(guard.state()).toBe("up");
    expect(await guard.run(async () => "redis", () => "local")).toBe("redis");
  });

  it("follows the connection's events", () => {
    const client = fakeClient("connecting");
    const changes: string[] = [];
    const guard = createRedisGuard(client as unknown as GuardedClient, { onChange: (s) => changes.push(s) });
    client.status = "ready";
    client.emit("ready");
    expect(guard.state()).toBe("up");
    client.status = "reconnecting";
    client.emit("close");
    expect(guard.state()).toBe("down");
    expect(changes).toEqual(["up", "down"]);
  });
});
