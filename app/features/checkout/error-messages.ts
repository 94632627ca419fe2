/**
 * Spec §8 codes → the customer's language: promo code errors (all of them), the order popup errors and the
 * restaurant payment codes. Unknown codes keep the server's message (itself already the first errors[]
 * message, spec §8), or the generic 'Не удалось выполнить запрос'.
 */
import type ru from "~/i18n/locales/ru/checkout";
import type { Widen } from "~/i18n/locales/types";

type CheckoutTexts = Widen<typeof ru>;

/** Codes after which the day-off dialog is shown instead of an inline message. */
export const NOT_ACCEPTING_CODES = new Set(["resto.not-accepting-orders", "resto.day-off"]);

const ORDER_CODES: Record<string, keyof CheckoutTexts["orderErrors"]> = {
  "order.address-outside-delivery-area": "outsideArea",
  "order.positions-cannot-be-delivered": "cannotDeliver",
  "order.sum-exceeds-maximum": "aboveMax",
  "delivery.order-sum-not-enough.range": "belowMin",
  "resto.not-accepting-orders": "notAccepting",
};

export function isPromoCode(code: string | null | undefined): boolean {
  return !!code && code.startsWith("promo-code.");
}

/** The translated text of a code, or null when the code is not one the storefront knows. */
export function knownErrorText(code: string | null | undefined, texts: CheckoutTexts): string | null {
  if (!code) return null;
  if (code.startsWith("promo-code.")) {
    const key = code.slice("promo-code.".length) as keyof CheckoutTexts["promoErrors"];
    return texts.promoErrors[key] ?? null;
  }
  if (code.startsWith("resto.doesnt-support-")) {
    const key = code.slice("resto.doesnt-support-".length) as keyof CheckoutTexts["restoErrors"];
    return texts.restoErrors[key] ?? null;
  }
  const order = ORDER_CODES[code];
  return order ? texts.orderErrors[order] : null;
}

/** What the customer reads for an upstream error: the translation of its code, else the server's message. */
export function errorText(
  code: string | null | undefined,
  serverMessage: string | null | undefined,
  texts: CheckoutTexts,
  fallback: string,
): string {
  return knownErrorText(code, texts) ?? (serverMessage?.trim() ? serverMessage : fallback);
}
