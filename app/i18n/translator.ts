/**
 * The translate function the UI renders with, on the server and in the browser (docs/decisions/
 * 009-small-translator.md). It does exactly the subset of i18next our messages use — dotted keys,
 * `{{name}}` interpolation without escaping (React escapes), and plurals by `count` with the CLDR
 * suffixes (_one, _few, _many, _other) from Intl.PluralRules — and a test holds it to i18next's
 * output for every key of every locale. i18next itself (~14 KB gzip) stays out of the browser bundle.
 */
export type TOptions = { count?: number } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;
export interface Translator {
  language: string;
  t: TFunction;
}

type Tree = { readonly [key: string]: string | Tree };

export function lookup(messages: Tree, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return node;
}

const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The one interpolator: fills `{{name}}` (and `{{0}}`) from values; a missing value leaves the placeholder. */
export function interpolate(text: string, values: Readonly<Record<string, unknown>>): string {
  return text.replace(INTERPOLATION, (whole, name: string) => {
    const v = values[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

export function createTranslator(language: string, messages: Tree): Translator {
  const rules = new Intl.PluralRules(language);
  const t: TFunction = (key, options) => {
    let value: string | Tree | undefined;
    if (typeof options?.count === "number") {
      value = lookup(messages, `${key}_${rules.select(options.count)}`);
      if (typeof value !== "string") value = lookup(messages, `${key}_other`);
    }
    if (typeof value !== "string") value = lookup(messages, key);
    if (typeof value !== "string") return key; // i18next answers a missing key with the key
    return options ? interpolate(value, options) : value;
  };
  return { language, t };
}
