import { useSyncExternalStore } from "react";

/**
 * Whether this render hydrates the server's first HTML (ADR 081): true in the renders that hydrate, false
 * on the server and in every render React does from scratch on the client (a client navigation, a remount).
 * React answers it itself: during hydration it uses the server snapshot of an external store. Components
 * whose server markup needs no React on the client (the card grids) read it once, on their first render,
 * to keep that markup instead of hydrating it.
 */
const subscribe = () => () => {};

export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => typeof document !== "undefined",
  );
}
