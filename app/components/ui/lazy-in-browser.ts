import { lazy, type ComponentType } from "react";

/** A component whose code the browser fetches after the first view, with a way to fetch it early. */
export type LazyInBrowser<P> = ComponentType<P> & {
  /** starts the fetch ahead of the first render; a failure is quiet here (the render tries again) */
  preload: () => void;
};

/**
 * The browser's half of "rendered now on the server, fetched later in the browser" (ADR 114), for a
 * component that is seldom on screen (a confirmation, an error popup). The call site writes
 *
 *   const X = import.meta.env.SSR ? XNow : lazyInBrowser(() => import("./X").then((m) => m.X));
 *
 * so the server renders `X` synchronously (a no-JavaScript visitor gets it in the document, never a
 * fallback behind a script), while the browser's build drops the static import and loads the module on
 * demand. Render it inside `<Suspense fallback={null}>` on both sides: the boundary keeps a server-rendered
 * `X` as it is until its module has arrived, then hydrates it.
 *
 * A module that cannot be fetched when it is needed to render (offline twice, or a new deployment renamed the
 * chunk) is what React Router meets with a route module too, and it does the same: it reloads the document, which the
 * server renders whole. A failed `preload` only forgets its attempt.
 */
export function lazyInBrowser<P extends object>(load: () => Promise<ComponentType<P>>): LazyInBrowser<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined; // the next attempt fetches again
      throw error;
    }));
  const component = lazy(() =>
    fetchOnce()
      .catch(() => fetchOnce()) // one retry: a dropped connection, not a missing file
      .then(
        (loaded) => ({ default: loaded }),
        (error: unknown) => {
          console.error("A part of the page could not be loaded; reloading the page.", error);
          window.location.reload();
          return new Promise<never>(() => {});
        },
      ),
  ) as unknown as LazyInBrowser<P>;
  component.preload = () => void fetchOnce().catch(() => {});
  return component;
}
