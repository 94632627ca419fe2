import { interpolate } from "~/i18n/translator";
import { data, redirect } from "react-router";
/**
 * Order submission (spec §6 "Ordering requires sign-in", §7 POST /api/v1/persons/{personId}/orders with the
 * bearer token, §8 order, promo and resto errors). Idempotent per checkout form: the form carries a key made
 * when the cart page rendered; every submission with that key — a double click, two concurrent requests, a
 * refresh after the POST, a resubmit from history — gets the one order the first created (server/orders).
 */
import { type StorefrontState } from "~server/session";
import { messagesFor } from "~/i18n/locale.server";
import { checkoutPerson, type CheckoutPerson } from "./person.server";
import { parseCheckoutForm, PAYMENT_METHODS, type CheckoutInput } from "./checkout-schema";
import { IDEMPOTENCY_KEY_PATTERN, IdempotencyInProgress, IdempotencyOwnerMismatch } from "~server/orders/idempotency";
import { checkOrderLimit } from "~server/orders/rate-limit";
import { telemetry } from "~server/telemetry";
import { isApiError } from "~server/upstream";
import type { DeliveryMethod, OrderPayload, PaymentMethod, PreflightPayload } from "~/lib/model";
import { errorText, NOT_ACCEPTING_CODES } from "./error-messages";
import { rememberOrder } from "~/features/reorder/history.server";
import { checkedPaymentUrl, loadPayment, paymentReturnUrl } from "./online-payment.server";
import type { PlacedOrder } from "./placed-order";

export { checkoutSchema, PAYMENT_METHODS, type CheckoutInput } from "./checkout-schema";
import type { RequestContext } from "~server/context";

export type CheckoutResult =
  | { kind: "placed"; key: string; order: PlacedOrder; replayed: boolean; paymentUrl: string | null }
  | { kind: "sign-in" }
  /** a refused order: its message shows in the order popup (spec §8 "Order popup"), the day-off one for `dayOff` */
  | { kind: "error"; message: string; dayOff: boolean; code: string | null };

/**
 * Reads and checks the checkout form with the schema the browser uses too (checkout-schema.ts); the messages
 * are in the customer's language. The submission's `reply()` is the action's answer (issue 13 §5).
 */
export async function parseCheckout(rc: RequestContext, formData: FormData) {
  return parseCheckoutForm(formData, rc.t);
}

/** Stores what the customer typed, so that an error or a sign-in round trip does not lose it. */
export async function saveDraft(rc: RequestContext, form: FormData) {
  const state = await rc.session.get("storefront");
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, max) : undefined;
  };
  state.order_person = {
    name: text("name", 50) ?? state.order_person?.name,
    phone: text("phone", 40) ?? state.order_person?.phone,
    email: text("email", 200) ?? state.order_person?.email,
    receiptEmail: text("receiptEmail", 200) ?? state.order_person?.receiptEmail,
  };
  const comment = text("comment", 100);
  if (comment !== undefined) state.order_comment = comment;
  const payment = form.get("paymentMethod");
  if (typeof payment === "string" && (PAYMENT_METHODS as readonly string[]).includes(payment)) {
    state.order_payment_method = payment as (typeof PAYMENT_METHODS)[number];
  }
  const preOrderAt = text("preOrderAt", 40);
  if (preOrderAt !== undefined) state.order_pre_order_at = preOrderAt || null;
}

/**
 * The cart as the order needs it, handed over by the cart's action (the cart feature prices it; checkout
 * never reaches back into the cart): who orders, how, the priced cart's preflight payload and the payment
 * methods on offer.
 */
export interface OrderCart {
  person: CheckoutPerson | null;
  method: DeliveryMethod;
  currency: string;
  /** the delivery zone's time in minutes (delivery), shown on the success screen */
  deliveryTime: number | null;
  /** null for an empty (or unpriceable) cart */
  payload: PreflightPayload | null;
  available: readonly PaymentMethod[];
}

export async function submitOrder(rc: RequestContext, input: CheckoutInput, cart: OrderCart): Promise<CheckoutResult> {
  const texts = messagesFor(rc.locale);
  const person = cart.person;
  if (!person) return { kind: "sign-in" };
  const owner = String(person.auth.personId);
  const idempotent = rc.services.orders;
  const state = await rc.session.get("storefront");

  if (state.cart_positions.length === 0) {
    // a refresh or resubmit after the order went through: the cart is already empty
    const placed = (await idempotent.lookup<PlacedOrder>(input.key, owner)) ?? ownLastOrder(state, input.key, owner);
    // (the success screen, not the payment page again: it says whether the payment is still awaited)
    if (placed) return { kind: "placed", key: input.key, order: placed, replayed: true, paymentUrl: null };
    return { kind: "error", message: texts.checkout.cartEmpty, dayOff: false, code: null };
  }

  try {
    const { value, replayed } = await idempotent.run<PlacedOrder>(input.key, owner, async () => {
      // issues 8 and 14 §6: counted inside the run, so only a submission that reaches the upstream counts —
      // a replay of a placed form, a double click or a concurrent twin joins this run instead
      const limit = await checkOrderLimit(rc.services.rateLimits, owner, rc.clientAddress);
      if (!limit.ok) {
        throw new CheckoutStop(interpolate(texts.checkout.tooManyOrders, { seconds: limit.retryAfterSeconds }), "rate-limited");
      }
      const preflightPayload = cart.payload;
      if (!preflightPayload) throw new CheckoutStop(texts.checkout.cartEmpty);
      if (!cart.available.includes(input.paymentMethod)) throw new CheckoutStop(texts.checkout.noPaymentMethods);
      const place = cart.method === "DELIVERY" ? (state.order_delivery_place ?? null) : null;
      const payload: OrderPayload = {
        ...preflightPayload,
        payType: input.paymentMethod,
        comment: input.comment || null,
        personCount: rc.config.brand.cart.personCount ? (state.order_person_count ?? input.personCount ?? 1) : null,
        preOrderAt: input.preOrderAt || null,
        person: { name: input.name, phone: input.phone, email: input.email || null },
        receiptEmail: input.receiptEmail || null,
        apartment: place?.apartment || null,
        entrance: place?.entrance || null,
        floor: place?.floor || null,
        intercom: place?.intercom || null,
        returnUrl: input.paymentMethod === "CARD_ONLINE" ? paymentReturnUrl(rc, input.key) : null,
      };
      const order = await rc.services.upstream.orders.createOrder(person.auth, payload);
      const online = input.paymentMethod === "CARD_ONLINE";
      return {
        orderId: String(order.id),
        number: order.number ?? String(order.id),
        total: order.total,
        currency: cart.currency,
        deliveryTime: cart.deliveryTime,
        ...(online ? { online, paymentUrl: checkedPaymentUrl(rc, order.paymentUrl, String(order.id)) } : {}),
      };
    });
    // issue 18 §1: remembered for 'Повторить заказ' (a replay is the same order, remembered once); never throws
    if (!replayed) await rememberOrder(rc, owner, value, cart);
    // the order exists: the cart and the one-off parts of the draft go
    state.cart_positions = [];
    state.order_promo_code = null;
    state.order_comment = "";
    state.order_pre_order_at = null;
    const { paymentUrl = null, ...kept } = value;
    state.last_order = { key: input.key, owner, ...kept };
    telemetry.count("orders_total", { outcome: replayed ? "replayed" : "placed", reason: replayed ? "duplicate" : "new" });
    return { kind: "placed", key: input.key, order: value, replayed, paymentUrl };
  } catch (error) {
    telemetry.count("orders_total", { outcome: "refused", reason: refusalReason(error) });
    if (error instanceof CheckoutStop) return { kind: "error", message: error.message, dayOff: false, code: error.code };
    // a key of someone else's form, or a twin submission another server has not finished: never a 500
    if (error instanceof IdempotencyOwnerMismatch || error instanceof IdempotencyInProgress) {
      return { kind: "error", message: texts.errors.requestFailed, dayOff: false, code: null };
    }
    if (isApiError(error)) {
      const first = error.errors[0];
      const code = first?.code ?? error.code ?? null;
      if (code && NOT_ACCEPTING_CODES.has(code))
        return { kind: "error", message: texts.checkout.dayOffTitle, dayOff: true, code };
      return {
        kind: "error",
        message: errorText(code, first?.message ?? null, texts.checkout, texts.errors.requestFailed),
        dayOff: false,
        code,
      };
    }
    throw error;
  }
}

class CheckoutStop extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

function refusalReason(error: unknown): string {
  if (error instanceof CheckoutStop) return error.code ?? "cart";
  if (error instanceof IdempotencyOwnerMismatch) return "key-owner";
  if (error instanceof IdempotencyInProgress) return "in-progress";
  if (isApiError(error)) return error.errors[0]?.code ?? error.code ?? `http-${error.status}`;
  return "error";
}

/** The placed order behind a success URL, for its owner only. */
export async function placedOrder(rc: RequestContext, key: string): Promise<PlacedOrder | null> {
  return (await ownPlacedOrder(rc, key))?.order ?? null;
}

async function ownPlacedOrder(rc: RequestContext, key: string): Promise<{ order: PlacedOrder; person: CheckoutPerson } | null> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return null;
  const person = await checkoutPerson(rc);
  if (!person) return null;
  const owner = String(person.auth.personId);
  const stored = await rc.services.orders.lookup<PlacedOrder>(key, owner);
  const order = stored ?? ownLastOrder(await rc.session.get("storefront"), key, owner);
  return order ? { order, person } : null;
}

/**
 * The browser's own copy of the order it placed last (ADR 096): the store of the container that placed it may
 * not be this one's while Redis is away, and the redirect after the order may land on the other container.
 */
function ownLastOrder(state: StorefrontState, key: string, owner: string): PlacedOrder | null {
  const last = state.last_order;
  if (!last || last.key !== key || last.owner !== owner) return null;
  const { key: _key, owner: _owner, ...order } = last;
  return order;
}

/** The success screen's data: the order placed with this checkout key, else back (303) to the cart. */
export async function loadSuccessPage(rc: RequestContext, key: string) {
  const placed = await ownPlacedOrder(rc, key);
  if (!placed) throw redirect("/cart", { status: 303, headers: await rc.session.commitHeaders() });
  // paid online: what the upstream says of the payment now (ADR 099), never what the return URL claims
  const payment = placed.order.online ? await loadPayment(rc, placed.person.auth, placed.order) : null;
  const { paymentUrl: _url, ...order } = placed.order;
  return data({ order, payment }, { headers: await rc.session.commitHeaders({ "Cache-Control": "private, no-store" }) });
}
