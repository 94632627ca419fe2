/** The marks the server leaves on React Router's module preloads and module script (ADR 080), shared with the boot script. */
export const DEFERRED_PRELOAD_ATTR = "data-deferred-modulepreload";
export const DEFERRED_MODULE_ATTR = "data-deferred-module";
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
