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
