/**
 * The messages a document carries (ADR 112): the locale's message tree as one JSON string in the root
 * loader's data, built once per locale on the server and parsed once in the browser. A turbo-stream of the
 * tree as an object walks ~1,000 values per document and is ~25 % more bytes than the same tree as one string.
 */
import { fromJsonText, type JsonText } from "~/lib/json-text";

export type MessageTree = { readonly [key: string]: string | MessageTree };

const EMPTY: MessageTree = Object.freeze({});

/**
 * The message tree of a serialised one, through `fromJsonText` (ADR 120): parsed once per string in the browser
 * (the root's string comes back unchanged with every revalidation, so the same tree — and the same translator
 * built from it — is reused), and on the server the very tree `messagesJsonFor` serialised. Bad input gives an
 * empty tree (keys show), never a throw.
 */
export function parseMessages(json: unknown): MessageTree {
  if (typeof json !== "string" || !json) return EMPTY;
  try {
    const value: unknown = fromJsonText(json as JsonText<unknown>);
    return value && typeof value === "object" ? (value as MessageTree) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/**
 * A message by "area.key" of the page's language, for `meta` functions (they run outside the i18n provider):
 * read from the root match's `i18n` string; the fallback when there is none.
 */
export function metaText(matches: readonly { id?: string; data?: unknown }[], key: string, fallback: string): string {
  const root = matches.find((m) => m.id === "root")?.data as { i18n?: unknown } | undefined;
  let node: string | MessageTree | undefined = parseMessages(root?.i18n);
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return fallback;
    node = node[part];
  }
  return typeof node === "string" ? node : fallback;
}
