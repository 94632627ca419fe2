/**
 * Structured JSON logs, one line per event, stamped with the request id of the request they belong to.
 * The level comes from the configuration (`LOG_LEVEL`), set once by `createServices`; `server.mjs` runs each
 * request inside `withRequestId`, so every line a request causes, down to the upstream client, carries its id.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type Level = "debug" | "info" | "warn" | "error";
export type Logger = (level: Level, msg: string, fields?: Record<string, unknown>) => void;
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

let threshold: number = order.info;

export function setLogLevel(level: Level | "silent") {
  threshold = order[level];
}

const requests = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of the request with this id. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requests.run({ requestId }, fn);
}

export const log: Logger = (level, msg, fields = {}) => {
  if (order[level] < threshold) return;
  const id = requests.getStore()?.requestId;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...(id ? { requestId: id } : {}), ...fields });
  if (level === "error" || level === "warn") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};
