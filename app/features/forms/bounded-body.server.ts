/** Thrown when a body passes its limit. */
export class BodyTooLarge extends Error {}

/**
 * A request's body, refusing more than `limitBytes` even when no Content-Length said so (chunked). Past the limit the
 * body is left as it is, not cancelled: cancelling it destroys the request under server.mjs, and with it the
 * connection, so the client got no answer at all; server.mjs reads and drops the rest after the 413 (ADR 076).
 * The one bounded reader of the actions' forms (read-form.server.ts) and the field-data beacon (vitals.server.ts).
 */
export async function readBodyLimited(request: Request, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      reader.releaseLock();
      throw new BodyTooLarge();
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
