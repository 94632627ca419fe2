import { isRouteErrorResponse } from "react-router";

/**
 * How React Router's `handleError` reports an error in the log (entry.server): a fault of ours is an `error` line
 * with its stack; what a client's request alone causes (an error response with a 4xx status, such as a crafted
 * data request for a route that does not match) is a `warn` line, so that anyone's crafted URL cannot fill the
 * error log an operator is paged on. An error response printed as "[object Object]" before it was named here.
 */
export function errorLogEntry(error: unknown): { level: "error" | "warn"; msg: string; fields: Record<string, unknown> } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" ? error.data.slice(0, 200) : error.statusText;
    return { level: error.status >= 500 ? "error" : "warn", msg: "error response", fields: { status: error.status, detail } };
  }
  return { level: "error", msg: "unhandled error", fields: { error: error instanceof Error ? error.stack : String(error) } };
}
