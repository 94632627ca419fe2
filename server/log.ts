/** Structured JSON logs, one line per event (issue 8 extends: request ids, upstream timings). */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

let threshold: number = order[(process.env.LOG_LEVEL as Level | undefined) ?? "info"] ?? order.info;
if (process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL) threshold = order.warn;

export function setLogLevel(level: Level | "silent") {
  threshold = order[level];
}

/** The request context server.mjs keeps per request (its id), shared through a global symbol. */
function requestId(): string | undefined {
  const storage = (globalThis as Record<symbol, unknown>)[Symbol.for("storefront.requestContext")] as
    | { getStore(): { requestId?: string } | undefined }
    | undefined;
  return storage?.getStore()?.requestId;
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold) return;
  const id = requestId();
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...(id ? { requestId: id } : {}), ...fields });
  if (level === "error" || level === "warn") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
