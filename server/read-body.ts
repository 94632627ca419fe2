/**
 * A third party's answer read with a bound (the upstream API, the geocoder): the time limit alone would let a fast
 * server send gigabytes into one process's memory and one JSON.parse.
 */
import { readUpTo } from "~/lib/read-up-to";

/** The body's text, or null once it passes `maxBytes` (reading stops there; a Content-Length above it is not read). */
export async function readBodyText(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    // not awaited: a cancel may wait for the source, which owes us nothing
    void response.body?.cancel().catch(() => {});
    return null;
  }
  if (!response.body) return "";
  const bytes = await readUpTo(response.body, maxBytes, "cancel");
  // as Response.text() decodes: UTF-8, a leading byte order mark dropped
  return bytes && new TextDecoder().decode(bytes);
}
