/**
 * The streamed HTML must never end a chunk in the middle of a UTF-8 character (`DocumentStream`, ADR 043/108,
 * holds an incomplete tail back until the next chunk; it also drops the stray NUL bytes React 18's encoder can
 * leave, e.g. `корзи\0ну`, which browsers show as U+FFFD).
 */

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
