import { decodeValidationMessage } from "~/lib/validation";
import type { TFunction } from "~/i18n/translator";

/**
 * The text of a schema message (a key from `V`, maybe with parameters: "validation.generic.maxLength|50")
 * in the translator's language; a message that is not a known key comes back unchanged.
 */
export function translateValidation(message: string, t: TFunction): string {
  const { key, params } = decodeValidationMessage(message);
  return t(key, Object.fromEntries(params.map((value, i) => [String(i), value])));
}
