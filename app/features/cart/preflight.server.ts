/**
 * Server-side preflight (spec §4 "Preflight is recalculated on delivery method change, cart position count
 * change (above 0), person/profile change, and on load if the cart is non-empty"; spec §6, §7; the first-error
 * rules of spec §8). The payload is built here from the cart in the cookie, priced with the cached catalog
 * (`priceLines`) — never from prices the browser sent. Signed in → the personal preflight with the bearer
 * token; anonymous → the general one.
 */
import { priceLines, type CatalogLookup, type PricedCart } from "~/lib/cart";
import { DELIVERY_PRICE_SPECIAL } from "~/lib/constants";
import { defaultPaymentMethod, fallbackPaymentMethod, paymentMethodsFor } from "~/lib/payment";
import { deliveryAddressPayload } from "~/lib/place";
import { messagesFor } from "~/i18n/locale.server";
import { checkoutPerson } from "~/features/checkout/person.server";
import { errorText } from "~/features/checkout/error-messages";
import { isApiError, type PersonAuth, type RestoCatalog } from "~server/upstream";
import type { DeliveryMethod, LatLng, PaymentMethod, PreflightAnswer, PreflightPayload } from "~/lib/model";
import type { RequestContext } from "~server/context";


export function catalogLookup(...catalogs: (RestoCatalog | null | undefined)[]): CatalogLookup {
  const list = catalogs.filter((c): c is RestoCatalog => !!c);
  return {
    position(positionId, menuId) {
      for (const catalog of list) {
        const found = catalog.menus.find((m) => m.menu.id === menuId)?.positions.find((p) => p.id === positionId);
        if (found) return found;
      }
      return null;
    },
    modifierGroups(positionId) {
      for (const catalog of list) {
        const groups = catalog.modifiersByPosition[positionId];
        if (groups) return groups;
      }
      return [];
    },
  };
}

export interface PreflightInput {
  priced: PricedCart;
  restoId: number;
  method: DeliveryMethod;
  payType: PaymentMethod | null;
  promoCode: string | null;
  place: { address: string | null; location: LatLng | null } | null;
}

/** spec §7 payload: deliveryType, payType, promoCode, positions[{count,id,modifiers,name,price,sum}], restoId, address, location. */
export function buildPreflightPayload(input: PreflightInput): PreflightPayload {
  const where =
    input.method === "DELIVERY"
      ? deliveryAddressPayload(input.place?.address, input.place?.location)
      : { address: null, location: null };
  return {
    deliveryType: input.method,
    payType: input.payType,
    promoCode: input.promoCode?.trim() ? input.promoCode.trim() : null,
    restoId: input.restoId,
    address: where.address,
    location: where.location,
    positions: input.priced.lines.map((line) => ({
      id: line.line.positionId,
      count: line.line.count,
      name: line.name,
      price: line.unitPrice,
      sum: line.sum,
      modifiers: line.modifiers.map((m) => ({ id: m.itemId, modifierId: m.modifierId, count: m.count, price: m.price })),
    })),
  };
}

export type PreflightOutcome =
  /** the preflight answered: prices, discounts, promo code, delivery price */
  | { kind: "ok"; answer: PreflightAnswer }
  /** spec §8 first error that passes: the cart stays valid; `message` is shown when not null */
  | { kind: "passed"; code: string; message: string | null; clearPromo: boolean }
  /** spec §8 person-order.position-not-found-in-resto: the cart is invalid */
  | { kind: "invalid"; code: string; message: string }
  /** any other failure: the error UI (the cart is kept) */
  | { kind: "failed"; message: string };

export interface PreflightRuleOptions {
  ignoredCodes: readonly string[];
  texts: ReturnType<typeof messagesFor>;
}

/** spec §8 "Preflight first error" applied to what the preflight call threw. */
export function applyFirstErrorRules(
  error: unknown,
  { ignoredCodes, texts }: PreflightRuleOptions,
): Exclude<PreflightOutcome, { kind: "ok" }> {
  const fallback = texts.errors.requestFailed;
  if (!isApiError(error) || error.kind !== "http" || error.errors.length === 0) {
    return { kind: "failed", message: isApiError(error) && error.kind === "http" ? (error.serverMessage ?? fallback) : fallback };
  }
  const first = error.errors[0]!;
  const code = first.code ?? "";
  const text = errorText(code, first.message, texts.checkout, fallback);
  if (code === "delivery.order-sum-not-enough.range") return { kind: "passed", code, message: null, clearPromo: false };
  if (code === "person-order.position-not-found-in-resto") return { kind: "invalid", code, message: first.message || text };
  if (ignoredCodes.includes(code)) return { kind: "passed", code, message: null, clearPromo: false };
  if (code === "promo-code.invalid-delivery-type") return { kind: "passed", code, message: null, clearPromo: true };
  if (code && first.message) return { kind: "passed", code, message: text, clearPromo: false };
  return { kind: "failed", message: error.serverMessage ?? fallback };
}

export async function runPreflight(
  rc: RequestContext,
  payload: PreflightPayload,
  person: PersonAuth | null,
  options: PreflightRuleOptions,
): Promise<PreflightOutcome> {
  try {
    const answer = await rc.services.upstream.orders.preflight(payload, person);
    return { kind: "ok", answer };
  } catch (error) {
    return applyFirstErrorRules(error, options);
  }
}

/** Sums of a preflight answer: the delivery price line and the discounts of the positions. */
export function readAnswer(answer: PreflightAnswer) {
  const deliveryLine = answer.positions.find((p) => p.specials.includes(DELIVERY_PRICE_SPECIAL)) ?? null;
  const positions = answer.positions.filter((p) => !p.specials.includes(DELIVERY_PRICE_SPECIAL));
  const itemsSum = positions.reduce((n, p) => n + p.sum, 0);
  const payable = positions.reduce((n, p) => n + p.payableAmount, 0);
  return {
    deliveryPrice: deliveryLine ? deliveryLine.payableAmount : null,
    itemsSum,
    discount: itemsSum - payable,
    payable,
  };
}

/** The payment method for a preflight or an order: the saved one when offered, else the default. */
export function choosePaymentMethod(
  saved: PaymentMethod | null | undefined,
  available: readonly PaymentMethod[],
): PaymentMethod | null {
  if (saved && available.includes(saved)) return saved;
  return saved ? fallbackPaymentMethod(saved, available) : defaultPaymentMethod(available);
}

export interface LocationCheck {
  restoId: number;
  method: DeliveryMethod;
  place: { address: string | null; location: LatLng | null } | null;
}

/**
 * Spec §4 "Cart validity: empty cart is valid; otherwise fetch the preflight" for a location the customer is
 * about to save, with the first-error rules of spec §8. The cart is priced with the current resto's catalog
 * (names and prices) and checked against the new resto by the upstream. A failure of the call itself counts
 * as invalid too, with the generic message: the location is not saved on an unknown outcome.
 */
export async function checkCartValidity(
  rc: RequestContext,
  check: LocationCheck,
): Promise<{ valid: true } | { valid: false; message: string }> {
  const state = await rc.session.get("storefront");
  if (state.cart_positions.length === 0) return { valid: true };
  const { config, upstream } = rc.services;
  const texts = messagesFor(rc.locale);
  const currentRestoId = state.resto_id ?? config.brand.defaultLocation?.restoId ?? null;
  try {
    const [current, next, person] = await Promise.all([
      currentRestoId ? upstream.boot.loadRestoCatalog(currentRestoId).catch(() => null) : Promise.resolve(null),
      upstream.boot.loadRestoCatalog(check.restoId),
      checkoutPerson(rc),
    ]);
    const priced = priceLines(state.cart_positions, catalogLookup(current, next));
    if (priced.lines.length === 0) return { valid: true };
    const payType = choosePaymentMethod(state.order_payment_method, paymentMethodsFor(next.resto.payConfig, check.method));
    const payload = buildPreflightPayload({
      priced,
      restoId: check.restoId,
      method: check.method,
      payType,
      promoCode: config.brand.cart.promoCodes ? (state.order_promo_code ?? null) : null,
      place: check.place,
    });
    const outcome = await runPreflight(rc, payload, person?.auth ?? null, {
      ignoredCodes: config.brand.ignoredPreflightCodes,
      texts,
    });
    if (outcome.kind === "invalid") return { valid: false, message: outcome.message };
    if (outcome.kind === "failed") return { valid: false, message: outcome.message };
    return { valid: true };
  } catch {
    return { valid: false, message: texts.errors.requestFailed };
  }
}
