import { Transform, type TransformCallback } from "node:stream";
import { DEFERRED_MODULE_TYPE } from "./defer-scripts";
import { deferModuleScripts } from "./defer-scripts.server";
import { completeLength } from "./utf8-chunks.server";

const EMPTY = Buffer.alloc(0);
const LT = 0x3c;
const GT = 0x3e;
const PRELOAD = Buffer.from("modulepreload");
const MODULE = Buffer.from('type="module"');
const MARKER_END = Buffer.from("-->");

/**
 * The one pass between React's renderer and the response (ADR 108; it replaces the two Transforms of ADRs 043
 * and 080):
 *
 * 1. **Batches.** React writes a flush as many small chunks (2 KB views, one per large string) in one
 *    synchronous run; they are collected and released together after that run (a microtask), so everything
 *    downstream — the web stream, Express, compression, the socket — handles one chunk per flush instead of
 *    dozens (the warm desktop home: ~3 instead of ~60).
 * 2. **Clean bytes** (ADR 043's production bug): NUL bytes are dropped (React 18's encoder can leave zeroed
 *    bytes at the end of a full view, shown as U+FFFD), and a chunk never ends inside a UTF-8 character or
 *    inside a tag (the last `<` without its `>` waits for the next batch).
 * 3. **Inert module scripts** (ADR 080): the bytes around React Router's module preloads and module script go through
 *    `deferModuleScripts`, only that region is decoded; once the module script went by, nothing is looked for.
 * 4. **Cached fragments** (ADR 043, 108): a position grid comes from the fragment cache as a short marker in
 *    React's stream; here the marker is replaced by the fragment's UTF-8 bytes, encoded once when it was
 *    rendered, so neither React nor this pass copies or scans the card HTML of each request again.
 */
export class DocumentStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  private tail: Buffer = EMPTY;
  private deferDone = false;
  private readonly output: Buffer[] | null;

  /**
   * @param fragments the markers this document's fragment renderer handed out, with their bytes
   * @param markerPrefix what every marker starts with (`<!--` and the process's fragment token)
   * @param onEnd given every byte this stream put out, in order, once it ended (the document cache, ADR 127)
   */
  constructor(
    private readonly fragments: ReadonlyMap<string, Buffer> = new Map(),
    private readonly markerPrefix: Buffer | null = null,
    private readonly onEnd: ((output: readonly Buffer[]) => void) | null = null,
  ) {
    // no 'close' event: React's pipe takes a close of its destination for a client gone early and aborts the
    // finished render, throwing away an Error per document; the response side needs only 'end'
    super({ emitClose: false });
    this.output = onEnd ? [] : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.release(false));
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.release(true);
    if (this.output && this.onEnd) this.onEnd(this.output);
    callback();
  }

  /** React calls `flush()` on its destination after each flush of the renderer: release the batch at once. */
  flush() {
    this.release(false);
  }

  private release(end: boolean) {
    this.scheduled = false;
    if (this.pending.length === 0 && !(end && this.tail.length)) return;
    let data = withoutNul(Buffer.concat(this.tail.length ? [this.tail, ...this.pending] : this.pending));
    this.pending = [];
    this.tail = EMPTY;
    if (!end) {
      let cut = completeLength(data);
      const open = cut > 0 ? data.lastIndexOf(LT, cut - 1) : -1;
      if (open !== -1 && data.indexOf(GT, open) === -1) cut = open;
      this.tail = data.subarray(cut);
      data = data.subarray(0, cut);
    }
    if (data.length === 0) return;
    // the output is the batch's bytes with the scripts' region rewritten and the markers replaced: one copy
    const pieces: Buffer[] = [];
    let from = 0;
    if (!this.deferDone) {
      const region = this.scriptsRegion(data);
      if (region) {
        const rewritten = deferModuleScripts(data.toString("utf8", region.start, region.end));
        // the module script comes after the preloads: once it went by, the rest passes through as it is
        if (rewritten.includes(DEFERRED_MODULE_TYPE)) this.deferDone = true;
        this.spliceFragments(data, from, region.start, pieces);
        pieces.push(Buffer.from(rewritten, "utf8"));
        from = region.end;
      }
    }
    this.spliceFragments(data, from, data.length, pieces);
    const [only] = pieces;
    const out = pieces.length === 1 && only ? only : Buffer.concat(pieces);
    this.output?.push(out);
    this.push(out);
  }

  /** Where React Router's module preloads and module script are in `data` (whole tags), or null. */
  private scriptsRegion(data: Buffer): { start: number; end: number } | null {
    const first = minIndex(data.indexOf(PRELOAD), data.indexOf(MODULE));
    if (first === -1) return null;
    const start = Math.max(0, data.lastIndexOf(LT, first));
    const module = data.indexOf(MODULE, first);
    const close = module === -1 ? -1 : data.indexOf(GT, module);
    return { start, end: close === -1 ? data.length : close + 1 };
  }

  /** `data[from, to)` into `pieces`, each fragment marker in it replaced by the fragment's bytes. */
  private spliceFragments(data: Buffer, from: number, to: number, pieces: Buffer[]) {
    const prefix = this.markerPrefix;
    let at = prefix && this.fragments.size ? data.indexOf(prefix, from) : -1;
    while (at !== -1 && at < to && prefix) {
      const close = data.indexOf(MARKER_END, at + prefix.length);
      if (close === -1 || close >= to) break;
      const bytes = this.fragments.get(data.toString("latin1", at, close + MARKER_END.length));
      if (bytes) {
        pieces.push(data.subarray(from, at), bytes);
        from = close + MARKER_END.length;
      }
      at = data.indexOf(prefix, close);
    }
    if (to > from) pieces.push(data.subarray(from, to));
  }
}

function minIndex(a: number, b: number) {
  if (a === -1) return b;
  if (b === -1) return a;
  return Math.min(a, b);
}

/** `data` without its NUL bytes (the same buffer when it has none). */
export function withoutNul(data: Buffer): Buffer {
  let zero = data.indexOf(0);
  if (zero === -1) return data;
  const pieces: Buffer[] = [];
  let from = 0;
  while (zero !== -1) {
    pieces.push(data.subarray(from, zero));
    from = zero + 1;
    zero = data.indexOf(0, from);
  }
  pieces.push(data.subarray(from));
  return Buffer.concat(pieces);
}
