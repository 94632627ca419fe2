/**
 * Redis as an accelerator, never a dependency (issue 14 §4, ADR 070). Every store that uses Redis goes
 * through one guard per client: a command runs only while the connection is ready and the breaker is
 * closed, and it is bounded by the client's command timeout; any failure opens the breaker for `openMs`
 * and the caller's in-process fallback answers instead. While Redis is away nothing waits on it: no
 * offline queue, no retries per request, no reconnect delays in a page.
 */
import { ReplyError, type Redis } from "ioredis";

export type RedisState = "up" | "down";

export interface RedisGuard {
  /** `op` against Redis when it is usable, else (or when `op` fails) `fallback` */
  run<T>(op: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  state(): RedisState;
}

export interface RedisGuardOptions {
  /** how long the breaker stays open after a failed command */
  openMs?: number;
  now?: () => number;
  /** state changes (telemetry, logs) */
  onChange?: (state: RedisState, reason: string) => void;
}

/** What the guard needs of a client: its connection status and its connect/close events. */
export type GuardedClient = Pick<Redis, "status" | "on">;

export function createRedisGuard(redis: GuardedClient, options: RedisGuardOptions = {}): RedisGuard {
  const openMs = options.openMs ?? 5_000;
  const now = options.now ?? Date.now;
  let openUntil = 0;
  let current: RedisState = redis.status === "ready" ? "up" : "down";
  const set = (next: RedisState, reason: string) => {
    if (next === current) return;
    current = next;
    options.onChange?.(next, reason);
  };
  redis.on("ready", () => {
    openUntil = 0;
    set("up", "connected");
  });
  redis.on("close", () => set("down", "connection closed"));
  redis.on("end", () => set("down", "connection ended"));

  const usable = () => redis.status === "ready" && now() >= openUntil;
  return {
    async run(op, fallback) {
      if (!usable()) return fallback();
      try {
        const value = await op();
        set("up", "answered");
        return value;
      } catch (error) {
        // Redis answered, with an error (say OOM at maxmemory under noeviction, ADR 074): this command falls
        // back, the connection is fine and stays in use
        if (error instanceof ReplyError) return fallback();
        openUntil = now() + openMs;
        set("down", error instanceof Error ? error.message : String(error));
        return fallback();
      }
    },
    state: () => (usable() ? "up" : "down"),
  };
}
