import { data } from "@remix-run/node";
import { isApiError } from "~server/upstream/errors";
import { log } from "~/services.server";

/**
 * An upstream failure while loading a page becomes the error layout with the spec's message
 * (§8: the first errors[].message, or the network/unknown fallbacks) and a 503, never a crash.
 */
export function upstreamFailure(error: unknown) {
  if (isApiError(error)) {
    log("warn", "upstream failure", { status: error.status, code: error.code, message: error.message });
    return data(error.message, { status: error.status === 404 ? 404 : 503 });
  }
  log("error", "unexpected loader failure", { error: error instanceof Error ? error.stack : String(error) });
  return data("Неизвестная ошибка", { status: 500 });
}
