/**
 * Rollup `manualChunks` for the browser build (ADR 110): our own modules that `app/root.tsx` reaches through
 * static imports are loaded on every page's first view anyway, so they go into one `shell` chunk instead of a
 * dozen sub-kilobyte chunks (each its own request and its own gzip stream: ~1.5 KB gz more for the same code).
 * Anything reached only through a dynamic `import()` (the forms' validation, the map, the legacy migration) or
 * only by a route stays where Rollup puts it, so nothing joins the first view that was not in it — except the few
 * modules of `ALWAYS`.
 */
import { fileURLToPath } from "node:url";

const APP = fileURLToPath(new URL("../app/", import.meta.url));
const ROOT = `${APP}root.tsx`;
/**
 * Small modules the home and the menu load at their first view and other routes share (ADR 195): the SEO helpers,
 * images, the restaurant's state badge, availability, the server-built JSON-LD, the stale notice and measures. Left
 * to Rollup each was a chunk of its own, 0.1–0.6 KB gzip, and each its own gzip stream: one `catalog` chunk is
 * 0.9 KB less on home and menu. A page that uses one of them loads all (at most ≈ 1.7 KB gzip; the terms page
 * 1.2 KB more than it needs).
 */
const CATALOG = new Set(
  [
    "shell/seo.ts",
    "components/ui/Image.tsx",
    "components/ui/ServerJsonLd.tsx",
    "components/StaleNotice.tsx",
    "features/restos/RestoStateBadge.tsx",
    "features/menu/availability.ts",
    "lib/measure.ts",
  ].map((path) => `${APP}${path}`),
);
/**
 * Modules that the home, the menu and the cart each load at the first view although the root does not reach them
 * (ADR 118): alone each would be one more sub-kilobyte chunk and gzip stream on nearly every first view
 * (~60–100 B gz apiece). The business constants and money formatting serve every page with a price, the queue of
 * cart writes (ADR 119) the menus and the cart; remix-utils' useHydrated serves the cart, the checkout, sign-in and
 * the position layer.
 */
const ALWAYS = new Set([
  `${APP}lib/constants.ts`,
  `${APP}lib/money.ts`,
  `${APP}features/forms/write-queue.ts`,
  fileURLToPath(new URL("../node_modules/remix-utils/build/react/use-hydrated.js", import.meta.url)),
]);

/**
 * The framework every first view loads — React, React DOM and its scheduler, React Router and its DOM entry — in the
 * same chunk as the frame (ADR 136): one gzip stream instead of three. Left to Rollup, React DOM and the router's
 * DOM entry came as chunks of their own once React Router 7's client entry imported them directly.
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//;

/** @param {string} id @param {{ getModuleInfo: (id: string) => { importers: readonly string[] } | null }} api */
export function shellChunk(id, { getModuleInfo }) {
  // the root route's own code as well (ADR 195): every page loads it with the frame; its route chunk is then a
  // two-line re-export (0.1 KB) instead of 1.7 KB in a gzip stream of its own
  if (ALWAYS.has(id) || FRAMEWORK.test(id) || id === ROOT) return "shell";
  if (CATALOG.has(id)) return "catalog";
  if (!id.startsWith(APP) || id.includes("?")) return undefined;
  return reachesRoot(id, getModuleInfo, new Set()) ? "shell" : undefined;
}

function reachesRoot(id, getModuleInfo, seen) {
  if (id === ROOT) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  // static importers only: a module behind a dynamic import() must stay out of the first view
  return (getModuleInfo(id)?.importers ?? []).some((importer) => reachesRoot(importer, getModuleInfo, seen));
}
