/**
 * Remix's document handler encodes the routes' loader data for the browser (turbo-stream: the entry context's
 * `serverHandoffStream`) before it calls our entry, and turbo-stream encodes eagerly, when the stream is made. A
 * document answered from the document cache (ADR 127) never reads that stream: its bytes already hold the data.
 * On the warm home that wasted encoding was the largest cost left of a cached answer (ADR 130). This makes the
 * document's stream lazy: the encoding runs at the stream's first read, i.e. when React renders the page.
 *
 * Remix's server runtime calls the function through its module's exports object (`singleFetch.encodeViaTurboStream(…)`)
 * at request time, so replacing the export changes what it calls. `tests/server/lazy-handoff.test.ts` checks
 * that the installed runtime still does; if the export is ever missing, nothing is replaced (and the server logs it).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const LAZY = Symbol.for("storefront.lazyHandoff");

/** A document's state (`{ loaderData, actionData, errors }`), as opposed to a data request's results by route id. */
function isDocumentState(data) {
  return data !== null && typeof data === "object" && "loaderData" in data && "actionData" in data && "errors" in data;
}

/**
 * @param {{ encodeViaTurboStream?: unknown }} [singleFetch] the runtime's module (the installed one by default)
 * @returns {boolean} whether the runtime's encoding is now lazy for documents
 */
export function installLazyHandoff(singleFetch = require("@remix-run/server-runtime/dist/single-fetch.js")) {
  const encode = singleFetch.encodeViaTurboStream;
  if (typeof encode !== "function") return false;
  if (encode[LAZY]) return true;
  const lazy = (...args) => {
    // a data request's response is read at once: nothing to gain
    if (!isDocumentState(args[0])) return encode(...args);
    let reader;
    return new ReadableStream(
      {
        async pull(controller) {
          reader ??= encode(...args).getReader();
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel(reason) {
          return reader?.cancel(reason);
        },
      },
      // no read-ahead: with the default high-water mark the stream would pull (and encode) as soon as it is made
      { highWaterMark: 0 },
    );
  };
  lazy[LAZY] = true;
  singleFetch.encodeViaTurboStream = lazy;
  return true;
}
