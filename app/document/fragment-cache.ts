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

const jsonOf = new WeakMap<object, string>();

/**
 * A fragment key: `parts` and the JSON of `data`, which is serialised once per object (ADR 108: the catalog's
 * views are the same objects for every request within a minute, so a grid's positions are not serialised
 * again on every request). `data` must not be changed after it was first used in a key.
 */
export function fragmentKey(parts: readonly unknown[], data: object): string {
  let json = jsonOf.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    jsonOf.set(data, json);
  }
  return `${JSON.stringify(parts)}${json}`;
}
