/**
 * The process's one Redis client and its guard (ADR 070), when REDIS_URL is set. The guard reports the
 * connection as the `redis_up` gauge (1 answers, 0 configured and failing) and one log line per change;
 * `/readyz` shows `redisStatus()`.
 */
import { getConfig, type Config } from "../config";
import { log } from "../log";
import { telemetry } from "../telemetry";
import { createRedisGuard, type RedisGuard } from "./guard";
import { createRedis, type RedisClient } from "./index";

export interface SharedRedis {
  client: RedisClient;
  guard: RedisGuard;
}

const KEY = Symbol.for("storefront.redis.shared");
type Holder = { [KEY]?: SharedRedis | null };

export function getSharedRedis(): SharedRedis | null {
  const holder = globalThis as Holder;
  if (holder[KEY] === undefined) {
    const url = getConfig().env.REDIS_URL;
    holder[KEY] = url ? connect(url) : null;
  }
  return holder[KEY] ?? null;
}

function connect(url: string): SharedRedis {
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
  log("info", "shared state in Redis", { redis: new URL(url).host });
  return { client, guard };
}

/** `off` without REDIS_URL; else whether Redis is answering right now */
export function redisStatus(): "off" | "up" | "down" {
  const shared = getSharedRedis();
  return shared ? shared.guard.state() : "off";
}

/** Keys of one brand: sf:<white-label> */
export function redisPrefix(config: Config = getConfig()): string {
  return `sf:${config.brand.whiteLabel}`;
}

/** Tests only: forget the client (it is disconnected) so the next call reads REDIS_URL again. */
export function resetSharedRedisForTests() {
  const holder = globalThis as Holder;
  holder[KEY]?.client.disconnect();
  delete holder[KEY];
}
