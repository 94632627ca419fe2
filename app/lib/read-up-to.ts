/**
 * A body read into memory up to a bound, for the two kinds of body the server reads: a customer's form (the request,
 * app/features/forms/bounded-body.server.ts) and a third party's answer (the upstream API and the geocoder,
 * server/read-body.ts). Past the bound, reading stops and the reader is let go as `past` says: a request's body is
 * released, not cancelled (cancelling it destroys the request, and with it the connection the 413 must go back on,
 * ADR 076); an answer's body is cancelled (not awaited: a cancel may wait for the source, which owes us nothing).
 */
export async function readUpTo(
  stream: ReadableStream<Uint8Array>,
  limitBytes: number,
  past: "release" | "cancel",
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      if (past === "release") reader.releaseLock();
      else void reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
