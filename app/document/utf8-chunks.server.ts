import { Transform, type TransformCallback } from "node:stream";

/**
 * Passes the streamed HTML through, (1) dropping NUL bytes and (2) never ending a chunk in the middle of
 * a UTF-8 character. The production build's stream carried a stray NUL inside Cyrillic attribute values
 * (e.g. `корзи\0ну`), which browsers show as U+FFFD; NUL is never valid in an HTML document, so it goes.
 * Holding back an incomplete tail until the next chunk costs at most three bytes of delay.
 */
export class Utf8ChunkBoundaries extends Transform {
  private tail: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const clean = chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk;
    const data = this.tail.length ? Buffer.concat([this.tail, clean]) : clean;
    const cut = completeLength(data);
    this.tail = data.subarray(cut);
    if (cut > 0) this.push(data.subarray(0, cut));
    callback();
  }

  override _flush(callback: TransformCallback) {
    if (this.tail.length) this.push(this.tail);
    callback();
  }
}

/** How many leading bytes of `data` form complete UTF-8 characters. */
export function completeLength(data: Uint8Array): number {
  const n = data.length;
  // look back over at most 3 continuation bytes for the start of the last character
  for (let back = 1; back <= Math.min(4, n); back++) {
    const byte = data[n - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return size > back ? n - back : n;
  }
  return n;
}
