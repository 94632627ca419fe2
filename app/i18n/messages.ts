/**
 * The messages a document or a navigation carries (ADR 112): one JSON string per locale (and, per route,
 * per set of namespaces), built once on the server and parsed once in the browser. A turbo-stream of the
 * message tree as an object costs ~1,000 values to encode and ~30 % more bytes than the same tree as one
 * string value; the browser's JSON.parse of the string is faster than turbo-stream's decoding of the object.
 */
export type MessageTree = { readonly [key: string]: string | MessageTree };

/** the loader-data field that carries messages (the root's and, from step 2 on, a route's own) */
export const MESSAGES_FIELD = "i18n";

const parsed = new Map<string, MessageTree>();

/**
 * The message tree of a serialised one, parsed once per distinct string (the same string comes back with
 * every revalidation of the root; a handful of locales × pages at most, so the memo stays small).
 */
export function parseMessages(json: string | undefined | null): MessageTree {
  if (!json) return EMPTY;
  let tree = parsed.get(json);
  if (!tree) {
    try {
      const value: unknown = JSON.parse(json);
      tree = value && typeof value === "object" ? (value as MessageTree) : EMPTY;
    } catch {
      tree = EMPTY;
    }
    if (parsed.size >= 32) parsed.clear();
    parsed.set(json, tree);
  }
  return tree;
}

const EMPTY: MessageTree = Object.freeze({});

/** The messages field of a route's loader data, if it has one (the data of a match is `unknown` to meta). */
export function messagesOfData(data: unknown): string | undefined {
  if (!data || typeof data !== "object") return undefined;
  const value = (data as Record<string, unknown>)[MESSAGES_FIELD];
  return typeof value === "string" ? value : undefined;
}

const merged = new Map<string, MessageTree>();

/**
 * The namespaces of several matches in one tree (top-level namespaces are disjoint, or equal where two
 * matches carry the same one). Memoised by the strings, so a render that sees the same data gets the same
 * object — and the translator built from it is reused.
 */
export function mergeMessages(jsons: readonly string[]): MessageTree {
  if (jsons.length === 0) return EMPTY;
  if (jsons.length === 1) return parseMessages(jsons[0]);
  const key = jsons.join("\u0000");
  let tree = merged.get(key);
  if (!tree) {
    tree = Object.assign({}, ...jsons.map(parseMessages)) as MessageTree;
    if (merged.size >= 32) merged.clear();
    merged.set(key, tree);
  }
  return tree;
}

/** The messages every match of a page carries, merged (root first). */
export function messagesOfMatches(matches: readonly { data?: unknown }[]): MessageTree {
  const jsons: string[] = [];
  for (const m of matches) {
    const json = messagesOfData(m.data);
    if (json) jsons.push(json);
  }
  return mergeMessages(jsons);
}

/**
 * A message by "area.key" from the page's matches, for `meta` functions (they run outside the i18n
 * provider); the fallback when the page's data carries no such message.
 */
export function metaText(matches: readonly { data?: unknown }[], key: string, fallback: string): string {
  let node: string | MessageTree | undefined = messagesOfMatches(matches);
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return fallback;
    node = node[part];
  }
  return typeof node === "string" ? node : fallback;
}
