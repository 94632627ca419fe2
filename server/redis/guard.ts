/**
 * Redis as an accelerator, never a dependency (issue 14 §4, ADR 070). Every store that uses Redis goes
 * through one guard per client: a command runs only while the connection is ready and the breaker is
 * closed, and it is bounded by the client's command timeout; a failed command is answered by the caller's
 * in-process fallback. While Redis is away nothing waits on it: no offline queue, no retries per request, no
 * reconnect delays in a page.
 *
 * One slow command is not an outage (ADR 145): a command that times out while the connection stays ready (an
 * event-loop stall makes the timer fire before the answer is read) falls back alone; only `failuresToOpen` such
 * failures in a row open the breaker for `openMs`. A lost connection is an outage at once (its events).
 */
import { ReplyError, type Redis } from "ioredis";

export type RedisState = "up" | "down";

export interface RedisGuard {
  /** `op` against Redis when it is usable, else (or when `op` fails) `fallback` */
  run<T>(op: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  state(): RedisState;
}

export interface RedisGuardOptions {
  /** how long the breaker stays open once it opened */
  openMs?: number;
  /** failed commands in a row, on a connection that stays ready, that open the breaker (default 3) */
  failuresToOpen?: number;
  now?: () => number;
  /** state changes (telemetry, logs) */
  onChange?: (state: RedisState, reason: string) => void;
}

/** What the guard needs of a client: its connection status and its connect/close events. */
export type GuardedClient = Pick<Redis, "status" | "on">;

export function createRedisGuard(redis: GuardedClient, options: RedisGuardOptions = {}): RedisGuard {
  const openMs = options.openMs ?? 5_000;
  const failuresToOpen = options.failuresToOpen ?? 3;
  const now = options.now ?? Date.now;
  let openUntil = 0;
  let failures = 0;
  let current: RedisState = redis.status === "ready" ? "up" : "down";
  const set = (next: RedisState, reason: string) => {
    if (next === current) return;
    current = next;
    options.onChange?.(next, reason);
  };
  redis.on("ready", () => {
    openUntil = 0;
    failures = 0;
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
        failures = 0;
        set("up", "answered");
        return value;
      } catch (error) {
        // Redis answered, with an error (say OOM at maxmemory under noeviction, ADR 074): this command falls
        // back, the connection is fine and stays in use
        if (error instanceof ReplyError) return fallback();
        failures += 1;
        // a slow answer on a ready connection: this command falls back; a run of them is an outage
        if (redis.status !== "ready" || failures >= failuresToOpen) {
          openUntil = now() + openMs;
          set("down", error instanceof Error ? error.message : String(error));
        }
        return fallback();
      }
    },
    state: () => (usable() ? "up" : "down"),
  };
}
