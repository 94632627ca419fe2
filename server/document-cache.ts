import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { telemetry } from "./telemetry";

/**
 * The server's cache of whole rendered documents (ADR 127).
 *
 * A document's HTML is a function of what React Router hands the entry — the URL, the status, the routes' loader data
 * (and action data and errors, when there are any) — plus the per-request CSP nonce, and of nothing else: the
 * browser's hydration already demands that a page render the same HTML from the same loader data, and what the
 * entry adds besides (the fragment cache of ADR 043, the inline CSS) is constant for given inputs (ADR 127 lists
 * the audit). So a document whose inputs are exactly those of one rendered before can be answered with that
 * render's bytes, the nonce swapped, without React.
 *
 * - **What is cached:** GET documents with status 200, no action data and no errors, whose loader data is plain
 *   JSON data (strings, finite numbers, booleans, null, arrays, plain objects; `undefined` as a property value
 *   too, which the key names where JSON would drop it). Anything else (a Date, a Map, a promise streamed
 *   later, a class instance) is rendered every time.
 * - **The key** is a SHA-256 of the URL, the crawler flag (a crawler's document is rendered whole before it is
 *   sent) and the loader data (`dataKeyText`). Two requests share an entry only when React would
 *   have been given the same props: a customer's cart, address or name is in the loader data, so a document that
 *   shows them is only ever answered to a request whose loader data shows the same. The loaders still run for
 *   every request (cookies, redirects, headers, upstream calls are unchanged).
 * - **Stored on the second render** of a key (a bounded set remembers the keys seen once), so documents seen
 *   once — a customer's own cart — do not push out the shared ones. Bounded by bytes (`maxBytes`).
 * - **The nonce** of the render that filled an entry is cut out of its bytes (every occurrence: `nonce="…"`
 *   attributes); a hit puts the request's own nonce in its place.
 */

/** What a document is rendered from, as `entry.server.tsx` has it. */
export interface DocumentInputs {
  method: string;
  url: string;
  crawler: boolean;
  statusCode: number;
  loaderData: unknown;
  actionData: unknown;
  errors: unknown;
}

/** The document cache's answer for one request. */
export type DocumentLookup =
  /** not cacheable (see the list above): render as usual */
  | { kind: "skip" }
  /** rendered before: its bytes with this request's nonce, in order (to be sent as they are, one after another) */
  | { kind: "hit"; body: (nonce: string) => Buffer[] }
  /** render; `store` (when the key was seen before) keeps the finished bytes */
  | { kind: "miss"; store: ((bytes: readonly Buffer[], nonce: string) => void) | null };

interface Entry {
  /** the document's bytes between the nonces */
  parts: Buffer[];
  bytes: number;
}

/** `compute` of a string, remembered per string until `maxChars` characters of them are remembered; then forgotten */
function perString(maxChars: number, compute: (text: string) => string): (text: string) => string {
  const known = new Map<string, string>();
  let chars = 0;
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      if (chars > maxChars) {
        known.clear();
        chars = 0;
      }
      value = compute(text);
      known.set(text, value);
      chars += text.length;
    }
    return value;
  };
}

/** long strings (a menu's JSON, a namespace of messages) are keyed by their digest, remembered per string */
const LONG_STRING = 1024;
const digestOf = perString(2_000_000, (text) => createHash("sha256").update(text).digest("base64"));

/** short strings (property names, a card's fields, "desktop") as JSON, remembered: the same come back on every key */
const SHORT_STRING = 64;
const quote = perString(1_000_000, (text) => JSON.stringify(text));

/**
 * A text that names `data` exactly — JSON, except that `undefined` property values are written (`~`) and strings
 * of 1,024 characters or more are their SHA-256 (`#…`) — or null when `data` is not plain JSON data (JSON would
 * not say what React is given). The same long strings come back request after request (the catalog views and
 * message namespaces are shared objects, ADR 108), so their digests are remembered and a key costs a walk.
 */
export function dataKeyText(data: unknown): string | null {
  // one string grown by appending (V8 ropes) and short strings' JSON remembered: half the time of parts joined
  let out = "";
  const write = (value: unknown): boolean => {
    if (value === null) {
      out += "null";
      return true;
    }
    switch (typeof value) {
      case "string":
        out += value.length >= LONG_STRING ? `#${digestOf(value)}` : value.length <= SHORT_STRING ? quote(value) : JSON.stringify(value);
        return true;
      case "boolean":
        out += value ? "true" : "false";
        return true;
      case "number":
        if (!Number.isFinite(value)) return false;
        out += String(value);
        return true;
      case "object": {
        if (Array.isArray(value)) {
          out += "[";
          for (let i = 0; i < value.length; i++) {
            if (i > 0) out += ",";
            if (value[i] === undefined || !write(value[i])) return false;
          }
          out += "]";
          return true;
        }
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) return false;
        out += "{";
        let first = true;
        for (const key of Object.keys(value)) {
          out += first ? quote(key) : `,${quote(key)}`;
          out += ":";
          first = false;
          const child = (value as Record<string, unknown>)[key];
          if (child === undefined) out += "~";
          else if (!write(child)) return false;
        }
        out += "}";
        return true;
      }
      default:
        return false;
    }
  };
  return write(data) ? out : null;
}

export function createDocumentCache({ maxBytes = 32 * 1024 * 1024, seenKeys = 4096 } = {}) {
  const entries = new LRUCache<string, Entry>({ maxSize: Math.max(1, maxBytes), sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  const seenOnce = new LRUCache<string, true>({ max: seenKeys });
  const enabled = maxBytes > 0;

  function keyOf(inputs: DocumentInputs): string | null {
    if (!enabled || inputs.method !== "GET" || inputs.statusCode !== 200 || inputs.actionData != null || inputs.errors != null) return null;
    const data = dataKeyText(inputs.loaderData);
    if (data === null) return null;
    // the status needs no place in the key: only 200 is keyed
    return createHash("sha256").update(`${inputs.url}\n${inputs.crawler ? 1 : 0}\n`).update(data).digest("base64");
  }

  function lookup(inputs: DocumentInputs): DocumentLookup {
    let key: string | null;
    try {
      key = keyOf(inputs);
    } catch {
      key = null; // data too deep to walk, say: rendered as if there were no cache
    }
    if (key === null) {
      telemetry.count("document_cache_requests_total", { result: "skip" });
      return { kind: "skip" };
    }
    const entry = entries.get(key);
    if (entry) {
      telemetry.count("document_cache_requests_total", { result: "hit" });
      return { kind: "hit", body: (nonce) => withNonce(entry, nonce) };
    }
    telemetry.count("document_cache_requests_total", { result: "miss" });
    if (!seenOnce.has(key)) {
      seenOnce.set(key, true);
      return { kind: "miss", store: null };
    }
    return {
      kind: "miss",
      store: (bytes, nonce) => {
        const parts = splitAt(Buffer.concat(bytes), Buffer.from(nonce, "utf8"));
        entries.set(key, { parts, bytes: parts.reduce((sum, part) => sum + part.length, 0) });
        seenOnce.delete(key);
      },
    };
  }

  return { lookup, stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }) };
}

/** A stretch of a document this long between two nonces is sent as the stored bytes themselves, never copied. */
const SENT_AS_STORED = 16 * 1024;

/**
 * The entry's bytes with `nonce` in every place the render's was: the nonces sit in the head and in the scripts at
 * the end, so the long stretch between them (the page's content: on the home, ≈ 200 of 265 KB) goes out as the
 * stored buffer, and only the short stretches around the nonces are copied, into one chunk each.
 */
function withNonce(entry: Entry, nonce: string): Buffer[] {
  const value = Buffer.from(nonce, "utf8");
  const chunks: Buffer[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pending.length > 0) chunks.push(pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  entry.parts.forEach((part, i) => {
    if (i > 0) {
      pending.push(value);
      pendingBytes += value.length;
    }
    if (part.length >= SENT_AS_STORED) {
      flush();
      chunks.push(part);
    } else if (part.length > 0) {
      pending.push(part);
      pendingBytes += part.length;
    }
  });
  flush();
  return chunks;
}

/** `data` cut at every occurrence of `separator` (which is dropped) */
export function splitAt(data: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = data.indexOf(separator); at !== -1; at = data.indexOf(separator, from)) {
    parts.push(data.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(data.subarray(from));
  return parts;
}

export type DocumentCache = ReturnType<typeof createDocumentCache>;
