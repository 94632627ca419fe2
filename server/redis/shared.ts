/**
 * The Redis client and its guard (ADR 070), made once by `createServices` when REDIS_URL is set. The guard
 * reports the connection as the `redis_up` gauge (1 answers, 0 configured and failing) and one log line per
 * change; `/readyz` shows its state.
 */
import type { Config } from "../config";
import type { Logger } from "../log";
import { telemetry } from "../telemetry";
import { createRedisGuard, type RedisGuard } from "./guard";
import { createRedis, type RedisClient } from "./index";

export interface SharedRedis {
  client: RedisClient;
  guard: RedisGuard;
  /**
   * The order ledger's own connection (ADR 145): its commands may take up to LEDGER_COMMAND_TIMEOUT_MS, and a
   * failure is never answered in process (fail closed), so it does not go through the guard.
   */
  ledger: RedisClient;
  /** keys of one brand: sf:<white-label> */
  prefix: string;
}

/** A ledger command may wait this long: correctness over speed, and an event-loop stall must not fail it. */
export const LEDGER_COMMAND_TIMEOUT_MS = 2_000;

export function connectSharedRedis(url: string, config: Config, log: Logger): SharedRedis {
  const client = createRedis(url);
  let lastError = "";
  client.on("error", (error: Error) => {
    // reconnect attempts repeat the same error every second: log it once per outage
    if (error.message !== lastError) log("warn", "redis error", { message: error.message });
    lastError = error.message;
  });
  telemetry.set("redis_up", {}, 0);
  const guard = createRedisGuard(client, {
    onChange: (state, reason) => {
      telemetry.set("redis_up", {}, state === "up" ? 1 : 0);
      if (state === "up") lastError = "";
      log(state === "up" ? "info" : "warn", state === "up" ? "redis up" : "redis down: serving from in-process state", { reason });
    },
  });
  const ledger = createRedis(url, { commandTimeoutMs: LEDGER_COMMAND_TIMEOUT_MS });
  ledger.on("error", () => undefined); // the main client logs the outage once
  log("info", "shared state in Redis", { redis: new URL(url).host });
  return { client, guard, ledger, prefix: redisPrefix(config) };
}

/** Keys of one brand: sf:<white-label> */
export function redisPrefix(config: Pick<Config, "brand">): string {
  return `sf:${config.brand.whiteLabel}`;
}
