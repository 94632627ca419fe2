import { BodyTooLarge, readBodyLimited } from "./bounded-body.server";
import { log } from "~server/log";
import { messagesFor } from "~/i18n/locale.server";
import type { AppLocale } from "~/i18n/i18n";

/**
 * The one way an action reads its body (issue 14 §1, ADR 076). `request.formData()` throws a TypeError on a
 * JSON, text or empty body and on a broken multipart body, and React Router answers such a throw with a 500 and a
 * multi-line stack. Here those bodies are refused before the action looks at anything: 415 for a body that
 * is not a form, 413 past the size limit, 400 for a form that does not parse — each with the customer's
 * localized "reload and try again" message (the error page for page routes, plain text for resource
 * routes), one JSON log line, and nothing changed (the action has not run yet).
 *
 * Bounded (ADR 142): conform's parser rebuilds a repeated name's array for every field (quadratic: 120 KB of
 * 40,000 `a=` blocked the event loop for seconds) and makes a list as long as the largest index a name says
 * (`modifier[10000000]`: minutes and the heap). So before any parser runs, the raw bytes are scanned once: at most
 * FORM_FIELD_LIMIT fields (url-encoded pairs, multipart parts counted by their boundary), each name at most
 * FORM_NAME_LIMIT_BYTES long and FORM_NAME_DEPTH_LIMIT parts deep, list indices below FORM_FIELD_LIMIT, and no
 * name conform reserves. Past a bound: 413 (too many fields) or 400 (a bad name). Everything here is linear in
 * the body's size.
 */

/**
 * The largest body. The largest form any action accepts is the legacy-storage migration (app/shell/preferences.server.ts:
 * `storage` of at most 32,000 characters, sent url-encoded by a fetcher): at worst 32,000 × 9 bytes (`%E4%B8%AD`
 * for each character of U+0800–U+FFFF) = 288 KB; every other form is a few KB.
 */
export const FORM_BODY_LIMIT_BYTES = 320 * 1024;
/**
 * The most fields (pairs or parts, repeated names each counted). Our largest form is a cart or position add: 6
 * fields and at most CART_MAX_MODIFIERS (30) `modifier` fields — past those the schema refuses it anyway; the
 * checkout form has 14. 200 leaves room for a list form (50 cart lines × 2 fields) and keeps conform's repeated-name
 * work (n²/2 element copies) under a millisecond.
 */
export const FORM_FIELD_LIMIT = 200;
/** The longest name in bytes as sent (percent-encoded or quoted). Ours are at most 14 (`houseConfirmed`). */
export const FORM_NAME_LIMIT_BYTES = 100;
/**
 * The most parts of a name as conform reads it (`a.b[0].c` is 4): 1 + its dots + its opening brackets. Our names
 * are flat (1); 4 leaves room for conform's nested fields. A list index in a name must be below FORM_FIELD_LIMIT:
 * no list of a form can be longer than its fields.
 */
export const FORM_NAME_DEPTH_LIMIT = 4;
/**
 * The names conform 1.x reserves (@conform-to/dom's INTENT and STATE): its parser JSON-parses them and threw a
 * 500 on anything else. None of our forms sends them: conform's `validate`/`reset` buttons are prevented in the
 * browser when a form has its `onValidate` (lazy-form.ts), and no form renders conform's state input.
 */
export const CONFORM_RESERVED_NAMES: readonly string[] = ["__intent__", "__state__"];
/** RFC 2046: a multipart boundary has 1 to 70 characters */
const BOUNDARY_LIMIT = 70;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type FormRefusal = { status: 400 | 413 | 415; reason: string };

const TOO_MANY_FIELDS: FormRefusal = { status: 413, reason: "too many fields" };

/** the boundary parameter of a multipart Content-Type (unquoted), or null when it has none */
function boundaryOf(contentType: string): string | null {
  // as the platform's MIME parser reads it: the first `boundary=`, a quoted string or up to `;` less trailing spaces
  const match = /;\s*boundary=("(?:[^"\\]|\\.)*"?|[^;]*)/i.exec(contentType);
  if (!match) return null;
  const raw = match[1]!;
  return raw.startsWith('"') ? raw.slice(1, raw.endsWith('"') && raw.length > 1 ? -1 : undefined).replace(/\\(.)/g, "$1") : raw.replace(/[\t\n\r ]+$/, "");
}

/** Why `contentType`/`declaredLength` cannot be a form this server reads, or null when it may be. */
export function refuseBeforeReading(contentType: string | null, declaredLength: string | null): FormRefusal | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return { status: 415, reason: type ? `content type ${type.slice(0, 100)}` : "no content type" };
  if (type === "multipart/form-data") {
    const boundary = boundaryOf(contentType!);
    if (boundary === null) return { status: 400, reason: "multipart without boundary" };
    if (boundary.length === 0 || boundary.length > BOUNDARY_LIMIT) return { status: 400, reason: "bad multipart boundary" };
  }
  const length = declaredLength === null ? null : Number(declaredLength);
  if (length !== null && Number.isFinite(length) && length > FORM_BODY_LIMIT_BYTES) return { status: 413, reason: "body too large" };
  return null;
}

/** Why a field's name is refused (conform would read it as a deep path, a huge list or its own control), or null. */
function refuseName(name: string): FormRefusal | null {
  // callers have checked the size in bytes as sent; a decoded name is never longer in UTF-16 units
  if (name.length > FORM_NAME_LIMIT_BYTES) return { status: 400, reason: "name too long" };
  if (CONFORM_RESERVED_NAMES.includes(name)) return { status: 400, reason: "name reserved by conform" };
  let depth = 1;
  for (let i = 0; i < name.length; i++) if (name[i] === "." || name[i] === "[") depth++;
  if (depth > FORM_NAME_DEPTH_LIMIT) return { status: 400, reason: "name too deep" };
  for (const [, index] of name.matchAll(/\[(\d+)\]/g)) {
    if (Number(index) >= FORM_FIELD_LIMIT) return { status: 400, reason: "list index too large" };
  }
  return null;
}

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PLUS = 0x2b;
const PERCENT = 0x25;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const HYPHEN = 0x2d;
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const encoder = new TextEncoder();

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** a url-encoded name as the WHATWG parser decodes it: `+` is a space, `%XX` a byte, then UTF-8 */
function decodeUrlEncoded(raw: Uint8Array): string {
  const out = new Uint8Array(raw.length);
  let length = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]!;
    const high = byte === PERCENT ? hexValue(raw[i + 1]) : -1;
    const low = high === -1 ? -1 : hexValue(raw[i + 2]);
    if (low !== -1) {
      out[length++] = high * 16 + low;
      i += 2;
    } else out[length++] = byte === PLUS ? 0x20 : byte;
  }
  return utf8.decode(out.subarray(0, length));
}

/** one pass over a url-encoded body: its field count and each name, without decoding a value */
function scanUrlEncoded(bytes: Uint8Array): FormRefusal | null {
  let fields = 0;
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(AMPERSAND, start);
    if (end === -1) end = bytes.length;
    // an empty sequence (`&&`) makes no field
    if (end > start) {
      if (++fields > FORM_FIELD_LIMIT) return TOO_MANY_FIELDS;
      // the name ends at the first `=`, looked for only as far as a name may go
      const head = bytes.subarray(start, Math.min(end, start + FORM_NAME_LIMIT_BYTES + 1));
      const equals = head.indexOf(EQUALS);
      const nameLength = equals === -1 ? end - start : equals;
      if (nameLength > FORM_NAME_LIMIT_BYTES) return { status: 400, reason: "name too long" };
      const refused = refuseName(decodeUrlEncoded(bytes.subarray(start, start + nameLength)));
      if (refused) return refused;
    }
    start = end + 1;
  }
  return null;
}

const NAME_PARAMETER = encoder.encode('form-data; name="');
const HEADERS_END = encoder.encode("\r\n\r\n");

/**
 * One pass over a multipart body: every occurrence of the boundary starts a part (the platform's parser ends a
 * part at the next occurrence, so it cannot find more parts than this count), and each part's Content-Disposition
 * name is checked as the platform decodes it (only %0A, %0D and %22 are escapes there).
 */
function scanMultipart(bytes: Uint8Array, boundary: string): FormRefusal | null {
  const delimiter = encoder.encode(boundary);
  let parts = 0;
  let at = indexOfBytes(bytes, delimiter, 0);
  while (at !== -1) {
    const after = at + delimiter.length;
    const next = indexOfBytes(bytes, delimiter, after);
    // `--boundary--` closes the body: not a part
    const closing = bytes[after] === HYPHEN && bytes[after + 1] === HYPHEN;
    if (!closing) {
      if (++parts > FORM_FIELD_LIMIT) return TOO_MANY_FIELDS;
      const refused = scanPartHeaders(bytes.subarray(after, next === -1 ? bytes.length : next));
      if (refused) return refused;
    }
    at = next;
  }
  return null;
}

/** the names in a part's headers (each Content-Disposition's; the last one is the one the parser keeps) */
function scanPartHeaders(part: Uint8Array): FormRefusal | null {
  const end = indexOfBytes(part, HEADERS_END, 0);
  const headers = part.subarray(0, end === -1 ? part.length : end);
  for (let at = indexOfBytes(headers, NAME_PARAMETER, 0); at !== -1; at = indexOfBytes(headers, NAME_PARAMETER, at + 1)) {
    const start = at + NAME_PARAMETER.length;
    let stop = start;
    while (stop < headers.length && headers[stop] !== QUOTE && headers[stop] !== CR && headers[stop] !== LF) {
      if (stop - start >= FORM_NAME_LIMIT_BYTES) return { status: 400, reason: "name too long" };
      stop++;
    }
    const name = utf8
      .decode(headers.subarray(start, stop))
      .replace(/%0A/gi, "\n")
      .replace(/%0D/gi, "\r")
      .replace(/%22/g, '"');
    const refused = refuseName(name);
    if (refused) return refused;
  }
  return null;
}

/** `needle`'s first place in `haystack` from `from`, or -1 (Buffer's native search: linear) */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(needle, from);
}

/** Why this form's raw body is past a bound, or null: one linear pass, before any parser sees it. */
function refuseFormBody(bytes: Uint8Array, contentType: string): FormRefusal | null {
  const boundary = boundaryOf(contentType);
  return contentType.split(";")[0]!.trim().toLowerCase() === "multipart/form-data" && boundary
    ? scanMultipart(bytes, boundary)
    : scanUrlEncoded(bytes);
}

/**
 * The request's form, or a thrown 400/413/415 answer (see above). Call it first in an action, before any state
 * is read or changed, and instead of `request.formData()`.
 */
export async function readForm({ request, locale }: { request: Request; locale: AppLocale }): Promise<FormData> {
  const contentType = request.headers.get("Content-Type");
  const early = refuseBeforeReading(contentType, request.headers.get("Content-Length"));
  if (early) throw refusal(request, locale, early);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyLimited(request, FORM_BODY_LIMIT_BYTES);
  } catch (error) {
    throw refusal(request, locale, error instanceof BodyTooLarge ? { status: 413, reason: "body too large" } : { status: 400, reason: "body unreadable" });
  }
  const bounds = refuseFormBody(bytes, contentType!);
  if (bounds) throw refusal(request, locale, bounds);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType! } }).formData();
  } catch {
    throw refusal(request, locale, { status: 400, reason: "form does not parse" });
  }
  // the parser's own view, in case it ever reads a body differently from the scan (cheap: the scan bounded it)
  let fields = 0;
  for (const name of form.keys()) {
    const refused = ++fields > FORM_FIELD_LIMIT ? TOO_MANY_FIELDS : refuseName(name);
    if (refused) throw refusal(request, locale, refused);
  }
  return form;
}

function refusal(request: Request, locale: AppLocale, { status, reason }: FormRefusal) {
  const url = new URL(request.url);
  log("warn", "form refused", { route: url.pathname, status, reason });
  const message = messagesFor(locale).errors.formRejected;
  // a Response (not `data()`): page routes show it on the error page, resource routes send it as it is
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
