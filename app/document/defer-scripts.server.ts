import { DEFERRED_MODULE_ATTR, DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_ATTR } from "./defer-scripts";

/**
 * Makes the document's module scripts inert as they stream out (ADR 080): React Router's `<Scripts>` emits
 * `<link rel="modulepreload">` for every module of the first view and an inline `<script type="module">`
 * whose imports start the hydration. The browser's preload scanner starts those ~100 KB of JavaScript as
 * soon as it sees them, which on a fast connection is before the first paint, and Lighthouse's simulation
 * then counts them as blocking the first paint (ADR 080 has the measurements). Here the links lose
 * their `rel` and the module script its JavaScript type, so no script request can start while the document
 * parses; the boot script (boot.ts, rendered after `<Scripts>`) re-creates both after the first paint.
 *
 * `DocumentStream` (document-stream.server.ts) applies it to the streamed bytes, never across a cut tag. The
 * React attributes are rendered in a fixed order (`rel` first on the links, `type` after the nonce on the
 * script), which is what the patterns match; a page without them passes through untouched.
 */

const PRELOAD = /<link rel="modulepreload" /g;
const MODULE = /<script((?: nonce="[^"]*")?) type="module" async=""/g;

export function deferModuleScripts(html: string): string {
  if (!html.includes("modulepreload") && !html.includes('type="module"')) return html;
  return html
    .replace(PRELOAD, `<link ${DEFERRED_PRELOAD_ATTR}="" `)
    .replace(MODULE, `<script$1 type="${DEFERRED_MODULE_TYPE}" ${DEFERRED_MODULE_ATTR}=""`);
}
