/** The marks the server leaves on Remix's module preloads and module script (ADR 080), shared with the boot script. */
export const DEFERRED_PRELOAD_ATTR = "data-deferred-modulepreload";
export const DEFERRED_MODULE_ATTR = "data-deferred-module";
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
/** the global the boot script defines and the client entry calls once `hydrateRoot` ran (ADR 080) */
export const HYDRATION_STARTED = "__hydrationStarted";

/** Tells the boot script that the hydration has started: the document's load event may fire now. */
export function hydrationStarted() {
  const release = (window as unknown as Record<string, unknown>)[HYDRATION_STARTED];
  if (typeof release === "function") release();
}
