/**
 * Rollup `manualChunks` for the browser build (ADR 110): our own modules that `app/root.tsx` reaches through
 * static imports are loaded on every page's first view anyway, so they go into one `shell` chunk instead of a
 * dozen sub-kilobyte chunks (each its own request and its own gzip stream: ~1.5 KB gz more for the same code).
 * Anything reached only through a dynamic `import()` (the forms' validation, the map) or only by a route stays
 * where Rollup puts it, so nothing joins the first view that was not in it.
 */
import { fileURLToPath } from "node:url";

const APP = fileURLToPath(new URL("../app/", import.meta.url));
const ROOT = `${APP}root.tsx`;

/** @param {string} id @param {{ getModuleInfo: (id: string) => { importers: readonly string[] } | null }} api */
export function shellChunk(id, { getModuleInfo }) {
  if (!id.startsWith(APP) || id === ROOT || id.includes("?")) return undefined;
  return reachesRoot(id, getModuleInfo, new Set()) ? "shell" : undefined;
}

function reachesRoot(id, getModuleInfo, seen) {
  if (id === ROOT) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  // static importers only: a module behind a dynamic import() must stay out of the first view
  return (getModuleInfo(id)?.importers ?? []).some((importer) => reachesRoot(importer, getModuleInfo, seen));
}
