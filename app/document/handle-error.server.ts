import { isRouteErrorResponse } from "@remix-run/react";

/**
 * How Remix's `handleError` reports an error in the log (entry.server): a fault of ours is an `error` line with
 * its stack; what a client's request alone causes is a `warn` line, so that anyone's crafted URL cannot fill the
 * error log an operator is paged on. Remix hands `handleError` two such things on its own: the answer for an
 * unknown `?_data` route (an ErrorResponse, 403, which printed as "[object Object]") and its warning that a
 * single-fetch app got a `?_data` request (an old client or a scanner; the page is served all the same).
 */
export function errorLogEntry(error: unknown): { level: "error" | "warn"; msg: string; fields: Record<string, unknown> } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" ? error.data.slice(0, 200) : error.statusText;
    return { level: error.status >= 500 ? "error" : "warn", msg: "error response", fields: { status: error.status, detail } };
  }
  if (error instanceof Error && error.message.includes("should not be making ?_data requests")) {
    return { level: "warn", msg: "legacy ?_data request", fields: {} };
  }
  return { level: "error", msg: "unhandled error", fields: { error: error instanceof Error ? error.stack : String(error) } };
}
