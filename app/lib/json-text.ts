/**
 * A loader value sent as its own JSON text (ADR 120): the catalog pages' menus, and the messages (ADR 112).
 *
 * turbo-stream walks a value and writes each of its parts in its own notation, on every request; for the menus
 * of a catalog page (hundreds of positions, the same views for a whole minute, ADR 108) that walk was the
 * home's largest render cost left. A `JsonText<T>` is the value's `JSON.stringify`, made once per value object
 * (the views are memoised, so once per catalog and minute) and sent as one string, which turbo-stream copies
 * as it is.
 *
 * `fromJsonText` gives the value back: on the server the very object that was encoded (so caches keyed by its
 * identity, the card grid's fragment key and the JSON-LD, keep working and nothing is parsed), in the browser
 * the parse of the text, once per distinct text (the same page's data keeps its objects across renders and
 * revalidations that bring the same menus).
 *
 * Only for plain JSON data (no Date, Map, undefined-valued keys that matter, or prototypes): what goes in is
 * what `JSON.parse` gives back.
 */
declare const jsonOf: unique symbol;
export type JsonText<T> = string & { readonly [jsonOf]?: T };

/** texts made in this process (the server), to the value they were made from */
const madeFrom = new Map<string, unknown>();
/** values to their text (the server: a memoised view is stringified once) */
const textOf = new WeakMap<object, string>();
/** parsed texts, the latest few (the browser: a page's data and a fetcher's pages) */
const parsed = new Map<string, unknown>();
const KEEP = 16;

function remember(map: Map<string, unknown>, text: string, value: unknown) {
  map.delete(text);
  map.set(text, value);
  // the oldest first: a Map iterates in insertion order
  while (map.size > KEEP) map.delete(map.keys().next().value as string);
}

export function toJsonText<T extends object>(value: T): JsonText<T> {
  let text = textOf.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    textOf.set(value, text);
  }
  remember(madeFrom, text, value);
  return text as JsonText<T>;
}

export function fromJsonText<T>(text: JsonText<T>): T {
  if (import.meta.env.SSR && madeFrom.has(text)) return madeFrom.get(text) as T;
  if (parsed.has(text)) return parsed.get(text) as T;
  const value = JSON.parse(text) as T;
  remember(parsed, text, value);
  return value;
}
