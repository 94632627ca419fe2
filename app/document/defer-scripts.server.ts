import { Transform, type TransformCallback } from "node:stream";
import { DEFERRED_MODULE_ATTR, DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_ATTR } from "./defer-scripts";

/**
 * Makes the document's module scripts inert as they stream out (ADR 080): Remix's `<Scripts>` emits
 * `<link rel="modulepreload">` for every module of the first view and an inline `<script type="module">`
 * whose imports start the hydration. The browser's preload scanner starts those ~100 KB of JavaScript as
 * soon as it sees them, which on a fast connection is before the first paint, and Lighthouse's simulation
 * then counts them as blocking the first paint (/work/shared/notes/lighthouse-fcp.md). Here the links lose
 * their `rel` and the module script its JavaScript type, so no script request can start while the document
 * parses; `hydrationBootScript` (rendered after `<Scripts>`) re-creates both after the first paint.
 *
 * Tags are rewritten whole: a chunk that ends inside a tag keeps that tail back until the next chunk. The
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

const LT = 0x3c;
const GT = 0x3e;

/** Streams HTML through `deferModuleScripts`, never cutting a tag (chunks must end on whole UTF-8 characters). */
export class DeferModuleScripts extends Transform {
  private tail: Buffer = Buffer.alloc(0);
  private done = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    let data = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    this.tail = Buffer.alloc(0);
    if (this.done) {
      this.push(data);
      return callback();
    }
    const open = data.lastIndexOf(LT);
    if (open !== -1 && data.indexOf(GT, open) === -1) {
      this.tail = data.subarray(open);
      data = data.subarray(0, open);
    }
    if (data.length) this.push(this.rewrite(data));
    callback();
  }

  override _flush(callback: TransformCallback) {
    if (this.tail.length) this.push(this.rewrite(this.tail));
    callback();
  }

  private rewrite(data: Buffer): Buffer {
    // nothing to rewrite in most chunks: look before decoding
    if (!data.includes("modulepreload") && !data.includes('type="module"')) return data;
    const out = deferModuleScripts(data.toString("utf8"));
    // the module script comes after the preloads: once it went by, the rest passes through as it is
    if (out.includes(DEFERRED_MODULE_TYPE)) this.done = true;
    return Buffer.from(out, "utf8");
  }
}
