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
 */
export const FORM_BODY_LIMIT_BYTES = 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type FormRefusal = { status: 400 | 413 | 415; reason: string };

/** Why `contentType`/`declaredLength` cannot be a form this server reads, or null when it may be. */
export function refuseBeforeReading(contentType: string | null, declaredLength: string | null): FormRefusal | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return { status: 415, reason: type ? `content type ${type.slice(0, 100)}` : "no content type" };
  if (type === "multipart/form-data" && !/;\s*boundary=/i.test(contentType ?? "")) return { status: 400, reason: "multipart without boundary" };
  const length = declaredLength === null ? null : Number(declaredLength);
  if (length !== null && Number.isFinite(length) && length > FORM_BODY_LIMIT_BYTES) return { status: 413, reason: "body too large" };
  return null;
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
    bytes = await readLimited(request);
  } catch (error) {
    throw refusal(request, locale, error instanceof TooLarge ? { status: 413, reason: "body too large" } : { status: 400, reason: "body unreadable" });
  }
  try {
    return await new Response(bytes, { headers: { "Content-Type": contentType! } }).formData();
  } catch {
    throw refusal(request, locale, { status: 400, reason: "form does not parse" });
  }
}

class TooLarge extends Error {}

/** the body, refusing more than FORM_BODY_LIMIT_BYTES even when no Content-Length said so (chunked) */
async function readLimited(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > FORM_BODY_LIMIT_BYTES) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
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

function refusal(request: Request, locale: AppLocale, { status, reason }: FormRefusal) {
  const url = new URL(request.url);
  log("warn", "form refused", { route: url.pathname, status, reason });
  const message = messagesFor(locale).errors.formRejected;
  // a Response (not `data()`): page routes show it on the error page, resource routes send it as it is
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
