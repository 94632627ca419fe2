/**
 * The messages a document carries (ADR 112, 122): message trees as JSON strings, the shell's in the root loader's
 * data and a page's own in its route's, built once per locale on the server and parsed once in the browser. A turbo-stream of the
 * tree as an object walks ~1,000 values per document and is ~25 % more bytes than the same tree as one string.
 */
import { fromJsonText, toJsonText, type JsonText } from "~/lib/json-text";
import { mergeMessages, type MessageTree } from "~/i18n/message-sets";
import { lookup } from "~/i18n/translator";

export type { MessageTree };

const EMPTY: MessageTree = Object.freeze({});

/**
 * The texts the server made, to their trees: a few per locale, kept for the process's life (json-text keeps only
 * its latest texts, and the menus' compete for them), so that the very tree is reused and nothing is parsed.
 */
const known = new Map<string, MessageTree>();

/** The text a server sends for a message tree (through `toJsonText`, ADR 120), remembered with its tree. */
export function messagesText(tree: MessageTree): JsonText<MessageTree> {
  const text = toJsonText(tree);
  known.set(text, tree);
  return text;
}

/**
 * The message tree of a serialised one: on the server the very tree `messagesText` serialised, in the browser the
 * parse of the text through `fromJsonText`, once per distinct string (the root's string comes back unchanged with every revalidation, so
 * the same tree — and the same translator built from it — is reused). Bad input gives an empty tree (keys show),
 * never a throw.
 */
export function parseMessages(json: unknown): MessageTree {
  if (typeof json !== "string" || !json) return EMPTY;
  const seen = known.get(json);
  if (seen) return seen;
  try {
    const value: unknown = fromJsonText(json as JsonText<unknown>);
    return value && typeof value === "object" ? (value as MessageTree) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** the `i18n` strings of a page's matches, the root's first (ADR 122: the shell's, then each route's own) */
export function messagesOfMatches(matches: readonly ({ loaderData?: unknown } | undefined)[]): MessageTree[] {
  const trees: MessageTree[] = [];
  for (const match of matches) {
    const json = (match?.loaderData as { i18n?: unknown } | null | undefined)?.i18n;
    if (typeof json === "string") trees.push(parseMessages(json));
  }
  return trees;
}

/**
 * A message by "area.key" of the page's language, for `meta` functions (they run outside the i18n provider):
 * read from the matches' `i18n` strings (the root's and the routes' own, ADR 122); the fallback when none has it.
 */
export function metaText(matches: readonly ({ id?: string; loaderData?: unknown } | undefined)[], key: string, fallback: string): string {
  const text = lookup(mergeMessages(messagesOfMatches(matches)), key);
  return typeof text === "string" ? text : fallback;
}
