import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import type { RenderFragment } from "~/document/fragment-cache";

/**
 * The server's cache of rendered fragments (ADR 043): a position grid costs most of a menu page's render,
 * and it is the same HTML for every customer who sees the same positions in the same language. Bounded by
 * size, the keys counted too. Keys are kept whole (ADR 108): a grid's key is the same string object on every
 * request within a minute (`fragmentKey`), whose hash V8 keeps, so a look-up neither hashes nor copies it.
 *
 * A fragment is kept as its UTF-8 bytes (ADR 108). A document does not hand them to React: `forDocument()`
 * gives the document a renderer that answers with a short marker (an HTML comment with this process's
 * random token, which no page content can contain: React escapes `<` in text and attributes, and every raw
 * HTML the app writes is our own), and the map from each marker to its bytes, which `DocumentStream` splices
 * into the response. So each request pays neither React's copy nor the UTF-8 encoding of the card HTML.
 */
export function createFragmentCache({ maxBytes = 16 * 1024 * 1024 } = {}) {
  const cache = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (bytes, key) => Math.max(1, bytes.length + key.length * 2) });
  let renders = 0;
  const token = `frag-${randomBytes(6).toString("hex")}:`;
  const markerPrefix = Buffer.from(`<!--${token}`, "latin1");

  function bytesOf(key: string, element: () => ReturnType<Parameters<RenderFragment>[1]>): Buffer {
    let bytes = cache.get(key);
    if (bytes === undefined) {
      renders++;
      bytes = Buffer.from(renderToString(element()), "utf8");
      cache.set(key, bytes);
    }
    return bytes;
  }

  /** The fragment's HTML itself (for a render that does not go through `DocumentStream`). */
  const render: RenderFragment = (key, element) => bytesOf(key, element).toString("utf8");

  /** One document's renderer: markers in React's stream, their bytes for `DocumentStream`. */
  function forDocument() {
    const fragments = new Map<string, Buffer>();
    const renderMarker: RenderFragment = (key, element) => {
      const marker = `<!--${token}${fragments.size}-->`;
      fragments.set(marker, bytesOf(key, element));
      return marker;
    };
    return { render: renderMarker, fragments, markerPrefix };
  }

  return { render, forDocument, stats: () => ({ entries: cache.size, renders }) };
}

export const fragmentCache = createFragmentCache();
