import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/document/nonce";
import { FragmentCacheContext } from "~/document/fragment-cache";
import { fragmentCache } from "~/document/fragment-cache.server";
import { InlineCssContext } from "~/document/inline-css";
import { inlineCss } from "~/document/inline-css.server";
import { applySecurityHeaders, createNonce } from "~server/security";
import { servicesContext } from "~server/context";
import type { Services } from "~server/services";
import { log } from "~server/log";
import { personalisedCacheControl } from "~/features/forms/cache-control.server";
import { DocumentStream } from "~/document/document-stream.server";
import { errorLogEntry } from "~/document/handle-error.server";

function securityOptions({ config }: Services) {
  return { brand: config.brand, production: config.production, https: Boolean(config.env.PUBLIC_ORIGIN?.startsWith("https://")), demo: config.demo };
}

/** Data requests (single fetch) get the same headers as documents. */
export function handleDataRequest(response: Response, { context }: { context: Readonly<RouterContextProvider> }) {
  applySecurityHeaders(response.headers, { ...securityOptions(context.get(servicesContext)), nonce: createNonce() });
  personalisedCacheControl(response.headers);
  return response;
}

export const streamTimeout = 5_000;

/**
 * server.mjs starts the storefront through the build, so that it and the app share one instance of each module
 * (ADR 137): the configuration checked before it listens, the services, each request's load context, the logger
 * and the Prometheus port (issue 16, ADR 065).
 */
export { ConfigError, loadConfig } from "~server/config";
export { createServices } from "~server/create-services";
export { createLoadContext } from "~server/context";
export { log, withRequestId } from "~server/log";
export { startMetrics } from "~server/metrics";

/**
 * Streams the document. Bots (and crawlers checking SEO) get the whole document at once; browsers
 * get the shell as soon as it is ready.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: Readonly<RouterContextProvider>,
) {
  const services = loadContext.get(servicesContext);
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, { ...securityOptions(services), nonce });
  personalisedCacheControl(responseHeaders);
  const { staticHandlerContext: handled } = routerContext;
  const cached = services.documentCache.lookup({
    method: request.method,
    url: request.url,
    crawler: waitForAll,
    statusCode: responseStatusCode,
    loaderData: handled.loaderData,
    actionData: handled.actionData,
    errors: handled.errors,
  });
  if (cached.kind === "hit") {
    // the same inputs rendered before (ADR 127): its bytes with this request's nonce, no React
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const chunks = cached.body(nonce);
    // a stream of the buffers as they are: a Response made from bytes would copy them once more
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  }
  const store = cached.kind === "miss" ? cached.store : null;
  // the position grids come out of the fragment cache as markers the document stream replaces (ADR 043, 108)
  const fragments = fragmentCache.forDocument();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <FragmentCacheContext.Provider value={fragments.render}>
          <InlineCssContext.Provider value={inlineCss}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </InlineCssContext.Provider>
        </FragmentCacheContext.Provider>
      </NonceProvider>,
      {
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // one pass (ADR 108): batches React's chunks, clean UTF-8, module scripts inert (ADR 080), fragments in
          const keep = store
            ? (output: readonly Buffer[]) => {
                if (failed) return;
                try {
                  store(output, nonce);
                } catch (error) {
                  // the document went out whole; only the cache missed it
                  log("warn", "document cache: not stored", { error: error instanceof Error ? error.message : String(error) });
                }
              }
            : null;
          const body = new DocumentStream(fragments.fragments, fragments.markerPrefix, keep);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          failed = true;
          if (shellRendered) log("error", "render failed", { error: error instanceof Error ? error.stack : String(error) });
        },
        nonce,
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * What React Router would print with console.error (a multi-line stack) as one JSON line (issue 14 §1); nothing for
 * requests the client gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const { level, msg, fields } = errorLogEntry(error);
  log(level, msg, { route: new URL(request.url).pathname, ...fields });
};
