/**
 * The form of a schema's message (app/lib/validation.ts): a message key, then its parameters after a `|`, each
 * percent-encoded. Apart from the keys themselves, so that translating a message (app/i18n/validation.ts) does not
 * bring every validation key into the modules a page reaches (ADR 122's message sets are read from them).
 */
export const PARAM_SEPARATOR = "|";

/** Splits a schema message into its key and parameters. */
export function decodeValidationMessage(message: string): { key: string; params: string[] } {
  const [key = "", ...params] = message.split(PARAM_SEPARATOR);
  return {
    key,
    params: params.map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    }),
  };
}
