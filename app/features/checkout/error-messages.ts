/**
 * Spec §8 codes → the customer's language: promo code errors (all of them), the order popup errors and the
 * restaurant payment codes. Unknown codes keep the upstream's own message (spec §8 "API failure with JSON body:
 * message is the first entry of errors"), else the generic 'Не удалось выполнить запрос' (ADR 097).
 */
import type ru from "~/i18n/locales/ru/checkout";
import type { Widen } from "~/i18n/locales/types";

type CheckoutTexts = Widen<typeof ru>;
export type OrderPopupMessage = keyof CheckoutTexts["orderErrors"];

/**
 * spec §8 "Order popup" (storefront-spec.md §8, 4th item): "address outside delivery area; items cannot be
 * delivered to the address; amount above maximum (split into several orders); below minimum for delivery; not
 * accepting orders now" — the five messages, by the upstream codes that mean them.
 *
 * The spec names the code of ONE of them: "delivery.order-sum-not-enough.range" (§8 "Preflight first error").
 * It names no code for the other four; for those this table uses the codes of the upstream twin
 * (server/demo/errors.ts, the API contract this storefront is tested against), kept in this one table so that
 * the real upstream's names, once known, change here only. A code missing here is never lost: the popup then
 * shows the upstream's own message (spec §8 API failure rule). "person-order.position-not-found-in-resto" is
 * deliberately absent: the spec gives it its own rule (the cart becomes invalid), and its upstream message names
 * the position, which says more than a generic text.
 */
export const ORDER_POPUP_CODES: Readonly<Record<string, OrderPopupMessage>> = {
  // named by the spec (§8 "Preflight first error: delivery.order-sum-not-enough.range")
  "delivery.order-sum-not-enough.range": "belowMin",
  // not named by the spec: the twin's codes (server/demo/errors.ts)
  "order.address-outside-delivery-area": "outsideArea",
  "order.positions-cannot-be-delivered": "cannotDeliver",
  "order.sum-exceeds-maximum": "aboveMax",
  "resto.not-accepting-orders": "notAccepting",
  "resto.day-off": "notAccepting",
};

/** Codes after which the popup is the day-off one (spec §2 "day-off dialog", §4 "When not accepting orders a day-off message is shown"). */
export const NOT_ACCEPTING_CODES = new Set(
  Object.entries(ORDER_POPUP_CODES)
    .filter(([, message]) => message === "notAccepting")
    .map(([code]) => code),
);

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
  const order = Object.hasOwn(ORDER_POPUP_CODES, code) ? ORDER_POPUP_CODES[code] : undefined;
  return order ? texts.orderErrors[order] : null;
}

/** What the customer reads for an upstream error: the translation of its code, else the server's message. */
export function errorText(
  code: string | null | undefined,
  serverMessage: string | null | undefined,
  texts: CheckoutTexts,
  fallback: string,
): string {
  return knownErrorText(code, texts) ?? (serverMessage?.trim() ? serverMessage.trim() : fallback);
}
