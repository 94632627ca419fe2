/**
 * A `fetch` answered by msw handlers without patching any global (DESIGN.md "Wiring": remix-serve
 * replaces globalThis.fetch after the build is imported, so the upstream client gets this one as a
 * dependency in demo mode). Behaves like fetch: a handler's `HttpResponse.error()` and an aborted
 * signal reject; a request no handler answers gets a 404 with an errors body.
 */
import { getResponse, HttpResponse, type HttpHandler } from "msw";
import { demoError, errorBody } from "./errors";

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** Rejects as soon as the signal aborts (the twin's latency scenario must not outlive a timeout). */
function whenAborted(signal: AbortSignal | null): { promise: Promise<never>; dispose: () => void } {
  if (!signal) return { promise: new Promise<never>(() => {}), dispose: () => {} };
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

async function answer(handlers: HttpHandler[], request: Request): Promise<Response> {
  let response: Response | undefined;
  try {
    response = await getResponse(handlers, request);
  } catch (error) {
    const failure = demoError(
      "demo.internal-error",
      `Ошибка двойника: ${error instanceof Error ? error.message : String(error)}`,
    );
    return HttpResponse.json(errorBody(failure), { status: failure.status });
  }
  if (!response) {
    const missing = demoError("demo.no-handler", `Нет такого метода: ${request.method} ${new URL(request.url).pathname}`);
    return HttpResponse.json(errorBody(missing), { status: missing.status });
  }
  // HttpResponse.error(): a network failure, which fetch reports by rejecting
  if (response.type === "error") throw new TypeError("Failed to fetch", { cause: new Error("demo upstream is down") });
  return response;
}

export function createDemoFetch(handlers: HttpHandler[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw abortReason(request.signal);
    const aborted = whenAborted(request.signal);
    try {
      return await Promise.race([answer(handlers, request), aborted.promise]);
    } finally {
      aborted.dispose();
    }
  };
}
