import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import type { RenderFragment } from "~/document/fragment-cache";

/**
 * The server's cache of rendered fragments (ADR 043): a position grid costs most of a menu page's render,
 * and it is the same HTML for every customer who sees the same positions in the same language. Bounded by
 * size; keys are hashed so that a long key costs a few bytes.
 */
export function createFragmentCache({ maxBytes = 16 * 1024 * 1024 } = {}) {
  const cache = new LRUCache<string, string>({ maxSize: maxBytes, sizeCalculation: (html) => Math.max(1, html.length * 2) });
  let renders = 0;
  const render: RenderFragment = (key, element) => {
    const hashed = createHash("sha1").update(key).digest("base64");
    let html = cache.get(hashed);
    if (html === undefined) {
      renders++;
      html = renderToString(element());
      cache.set(hashed, html);
    }
    return html;
  };
  return { render, stats: () => ({ entries: cache.size, renders }) };
}

export const fragmentCache = createFragmentCache();
