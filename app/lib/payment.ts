/**
 * Delivery and payment methods offered by a restaurant (spec §3 "Payment options per delivery method:
 * cardOnline (non-empty string means available), cardUponReceipt, cashUponReceipt"; spec §4 "Delivery offered
 * if any payment option is enabled for delivery; same for takeaway. Payment methods listed only when enabled
 * for the chosen method. Default payment is CARD_ONLINE if offered, else first available", Save: "if the saved
 * payment method is unavailable use the first available or none").
 */
import type { DeliveryMethod, PaymentMethod, PaymentOptions } from "~/lib/model";

/** The resto's `payConfig`; either side may be missing in partial data. */
export interface PayConfig {
  delivery?: Partial<PaymentOptions> | null;
  takeAway?: Partial<PaymentOptions> | null;
}

/** Delivery methods in display order. */
export const DELIVERY_METHODS: readonly DeliveryMethod[] = ["DELIVERY", "TAKE_AWAY"];

function optionsFor(payConfig: PayConfig | null | undefined, method: DeliveryMethod): Partial<PaymentOptions> | null {
  if (!payConfig) return null;
  return (method === "DELIVERY" ? payConfig.delivery : payConfig.takeAway) ?? null;
}

/**
 * spec §4: payment methods enabled for a delivery method, in the order CARD_ONLINE (cardOnline is a non-blank
 * string — whitespace alone does not count), CARD_UPON_RECEIPT, CASH_UPON_RECEIPT (each when true).
 */
export function paymentMethodsFor(payConfig: PayConfig | null | undefined, method: DeliveryMethod): PaymentMethod[] {
  const options = optionsFor(payConfig, method);
  if (!options) return [];
  const methods: PaymentMethod[] = [];
  if (typeof options.cardOnline === "string" && options.cardOnline.trim() !== "") methods.push("CARD_ONLINE");
  if (options.cardUponReceipt === true) methods.push("CARD_UPON_RECEIPT");
  if (options.cashUponReceipt === true) methods.push("CASH_UPON_RECEIPT");
  return methods;
}

/** spec §4: is a delivery method offered (any payment option enabled for it)? */
export function isMethodOffered(payConfig: PayConfig | null | undefined, method: DeliveryMethod): boolean {
  return paymentMethodsFor(payConfig, method).length > 0;
}

/** A restaurant as far as the offered methods go: its payment settings and its menus' kinds. */
export interface RestoOffer {
  payConfig?: PayConfig | null;
  menus: readonly { isDelivery: boolean; isTakeAway: boolean }[];
}

/**
 * spec §4 "Delivery offered if any payment option is enabled for delivery; same for takeaway": the ONE rule for
 * whether a restaurant offers a method, shared by the location popup (which methods and takeaway points it
 * shows) and the cart (`methodsOffered`). A method also needs a menu of its kind — nothing to order otherwise.
 */
export function offersMethod(resto: RestoOffer, method: DeliveryMethod): boolean {
  const hasMenu = resto.menus.some((m) => (method === "DELIVERY" ? m.isDelivery : m.isTakeAway));
  return hasMenu && isMethodOffered(resto.payConfig, method);
}

/** spec §4: the delivery methods a restaurant offers, DELIVERY first (none without a restaurant). */
export function offeredMethods(resto: RestoOffer | null | undefined): DeliveryMethod[] {
  return resto ? DELIVERY_METHODS.filter((m) => offersMethod(resto, m)) : [];
}

/** spec §4: CARD_ONLINE when offered, else the first available, else null. */
export function defaultPaymentMethod(methods: readonly PaymentMethod[]): PaymentMethod | null {
  return methods.includes("CARD_ONLINE") ? "CARD_ONLINE" : (methods[0] ?? null);
}

/** spec §4 Save: the saved method when still available, else the first available, else null. */
export function fallbackPaymentMethod(
  saved: PaymentMethod | null | undefined,
  methods: readonly PaymentMethod[],
): PaymentMethod | null {
  return saved && methods.includes(saved) ? saved : (methods[0] ?? null);
}
