import { readUpTo } from "~/lib/read-up-to";

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
  const bytes = await readUpTo(request.body, limitBytes, "release");
  if (!bytes) throw new BodyTooLarge();
  return bytes;
}
