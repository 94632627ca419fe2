import { createContext, useContext, type ReactElement } from "react";

/**
 * Renders `element` to HTML once per `key` and reuses it (server only; ADR 043). The key must name every
 * input the element's markup depends on. On the client there is no provider and the value is null.
 */
export type RenderFragment = (key: string, element: () => ReactElement) => string;

export const FragmentCacheContext = createContext<RenderFragment | null>(null);

export function useFragmentCache(): RenderFragment | null {
  return useContext(FragmentCacheContext);
}

const keysOf = new WeakMap<object, Map<string, string>>();
/** parts kept per object: the page path is among them, and a query string makes any number of those */
const MAX_KEYS_PER_OBJECT = 16;

/**
 * A fragment key: `parts` and the JSON of `data` (ADR 108). The catalog's views are the same objects for
 * every request within a minute, so the key of a grid is built once per positions object and parts, and the
 * same string is handed out again (the server's cache looks it up without serialising or hashing the
 * positions on every request); at most 16 sets of parts per object are kept. `data` must not be changed after
 * it was first used in a key.
 */
export function fragmentKey(parts: readonly unknown[], data: object): string {
  const head = JSON.stringify(parts);
  let keys = keysOf.get(data);
  if (!keys) keysOf.set(data, (keys = new Map()));
  let key = keys.get(head);
  if (key === undefined) {
    key = `${head}${JSON.stringify(data)}`;
    if (keys.size < MAX_KEYS_PER_OBJECT) keys.set(head, key);
  }
  return key;
}
