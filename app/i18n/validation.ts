import { decodeValidationMessage } from "~/lib/validation-message";
import type { TFunction } from "~/i18n/translator";

/** what a message that is no key of ours becomes: the form's own "the request failed", in the shell's messages */
const UNTRANSLATABLE = "errors.requestFailed";

/**
 * The text of a schema message (a key from `V`, maybe with parameters: a maximum length's key, then `|50`)
 * in the translator's language. A message that is not a key of the catalog — the parser's own English about a
 * forged field («Invalid enum value…», «Required»), a key missing from a locale — is never shown as it is: the
 * customer reads the form's «request failed» text in their language instead.
 */
export function translateValidation(message: string, t: TFunction): string {
  const { key, params } = decodeValidationMessage(message);
  const text = t(key, Object.fromEntries(params.map((value, i) => [String(i), value])));
  // the translator answers a missing key with the key itself (i18next's way)
  return text === key ? t(UNTRANSLATABLE) : text;
}
