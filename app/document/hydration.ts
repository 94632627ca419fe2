import { useEffect } from "react";

/**
 * Whether the browser is still hydrating the server's first HTML (ADR 081): true from the first client
 * render until the document's first commit; false on the server and for every later client render.
 * Components whose server markup needs no React on the client (the card grids) keep that markup instead
 * of hydrating it.
 */
let hydrated = false;

export function isHydrating(): boolean {
  return typeof document !== "undefined" && !hydrated;
}

/** Rendered once by the document (root Layout): its effect runs after every child's first render. */
export function useMarkHydrated() {
  useEffect(() => {
    hydrated = true;
  }, []);
}
