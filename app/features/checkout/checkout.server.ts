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
import { CHECKOUT_KEY_PATTERN, LedgerOwnerMismatch, LedgerUnavailable, openAttemptKey } from "~server/orders/ledger";
import { checkOrderLimit } from "~server/orders/rate-limit";
import { telemetry } from "~server/telemetry";
import { isApiError, type PersonAuth } from "~server/upstream";
import type { DeliveryMethod, Order, OrderPayload, PaymentMethod, PreflightPayload } from "~/lib/model";
import { COMMENT_MAX } from "~/lib/constants";
import { lineFeeds } from "~/lib/validation";
import { errorText, NOT_ACCEPTING_CODES } from "./error-messages";
import { rememberOrder } from "~/features/reorder/history.server";
import { effectiveLocation } from "~/features/location/location.server";
import { checkedPaymentUrl, loadPayment, paymentReturnUrl } from "./online-payment.server";
import type { PlacedOrder } from "./placed-order";
import { etaInputs, etaView, orderEta, type EtaInputs } from "./eta.server";

export { checkoutSchema, PAYMENT_METHODS, type CheckoutInput } from "./checkout-schema";
import type { RequestContext } from "~server/context";

export type CheckoutResult =
  | { kind: "placed"; key: string; order: PlacedOrder; replayed: boolean; paymentUrl: string | null }
  | { kind: "sign-in" }
  /** the outcome is not known yet (ADR 145): the success screen says we are checking, never "send it again" */
  | { kind: "checking"; key: string }
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
  const typedComment = form.get("comment");
  const comment = typeof typedComment === "string" ? lineFeeds(typedComment).trim().slice(0, COMMENT_MAX) : undefined;
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
  const ledger = rc.services.orders;
  const state = await rc.session.get("storefront");
  // while a form this browser sent has no known outcome, any form it sends is that form (ADR 214): a second tab, a Back
  // or a link to the cart cannot make a second order out of one whose answer was lost
  let key = openAttemptKey(state.order_attempt, owner) ?? input.key;
  // what the order's time is computed from (ADR 190): read before the cart goes, from the cached catalog
  const eta =
    state.cart_positions.length === 0
      ? null
      : await etaInputs(rc, {
          method: cart.method,
          restoId: cart.payload?.restoId ?? null,
          deliveryMinutes: cart.deliveryTime,
          preOrderAt: input.preOrderAt || null,
          lines: state.cart_positions,
        }).catch(() => null); // (never the reason an order fails)
  const shown: Shown = { currency: cart.currency, deliveryTime: cart.deliveryTime, eta };
  const find = () => findOrder(rc, person.auth, key, shown);

  try {
    if (state.cart_positions.length === 0) {
      // a refresh or resubmit after the order went through: the cart is already empty
      const known = await ledger.outcome<PlacedOrder>(key, owner, find).catch((error: unknown) => {
        if (error instanceof LedgerUnavailable) return null;
        throw error;
      });
      if (known?.kind === "checking") return { kind: "checking", key: key };
      const placed = (known?.kind === "placed" ? known.value : null) ?? ownLastOrder(state, key, owner);
      // (the success screen, not the payment page again: it says whether the payment is still awaited)
      if (placed) return { kind: "placed", key: key, order: placed, replayed: true, paymentUrl: null };
      return { kind: "error", message: texts.checkout.cartEmpty, dayOff: false, code: null };
    }

    // the cart's first form (ADR 216): a form sent with a cart that was sent before — another tab's, or the cart
    // page reloaded after an answer that never reached the browser — is taken for that one
    if (key === input.key && state.cart_id && CHECKOUT_KEY_PATTERN.test(state.cart_id)) key = await ledger.formOfCart(state.cart_id, owner, key);
    // the browser's own word for this form (ADR 145): an attempt whose outcome it was not told
    const hint = state.order_attempt?.key === key ? { startedAt: state.order_attempt.startedAt } : null;
    const attemptStarted = Date.now();
    const answer = await ledger.place<PlacedOrder>(key, owner, {
      find,
      classify: orderFailure,
      place: async () => {
        // issues 8 and 14 §6: counted only when an attempt would reach the upstream — a replay of a placed form,
        // a double click or a concurrent twin joins the form's one attempt instead
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
          returnUrl: input.paymentMethod === "CARD_ONLINE" ? paymentReturnUrl(rc, key) : null,
          // what the upstream is asked for when this attempt's answer is lost (ADR 145)
          clientOrderKey: key,
        };
        const order = await rc.services.upstream.orders.createOrder(person.auth, payload);
        return placedOrderOf(rc, order, { ...shown, online: input.paymentMethod === "CARD_ONLINE" });
      },
    }, hint);
    if (answer.kind === "checking") {
      telemetry.count("orders_total", { outcome: "unknown", reason: "checking" });
      // the browser keeps its word for the form: asked of the upstream again even if the ledger loses its record
      if (!hint) state.order_attempt = { key: key, startedAt: attemptStarted, owner };
      return { kind: "checking", key: key };
    }
    const { value, replayed } = answer;
    // issue 18 §1: remembered for 'Повторить заказ' (a replay is the same order, remembered once); never throws
    if (!replayed) await rememberOrder(rc, owner, value, cart);
    forgetCart(state, key, owner, value);
    telemetry.count("orders_total", { outcome: replayed ? "replayed" : "placed", reason: replayed ? "duplicate" : "new" });
    const { paymentUrl = null } = value;
    return { kind: "placed", key: key, order: value, replayed, paymentUrl };
  } catch (error) {
    telemetry.count("orders_total", { outcome: "refused", reason: refusalReason(error) });
    // a definite refusal: the form holds no attempt any more (while the ledger cannot answer, it still may)
    if (state.order_attempt?.key === key && !(error instanceof LedgerUnavailable)) state.order_attempt = null;
    if (error instanceof CheckoutStop) return { kind: "error", message: error.message, dayOff: false, code: error.code };
    // the shared ledger cannot answer: nothing is placed that might be a second order (ADR 145)
    if (error instanceof LedgerUnavailable) return { kind: "error", message: texts.checkout.ledgerUnavailable, dayOff: false, code: null };
    // a key of someone else's form: never a 500
    if (error instanceof LedgerOwnerMismatch) return { kind: "error", message: texts.errors.requestFailed, dayOff: false, code: null };
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

/** What the order's answer is shown with: the resto's currency, the zone's time, what its time is computed from. */
interface Shown {
  currency: string;
  deliveryTime: number | null;
  eta: EtaInputs | null;
}

/** What the success screen keeps of an order the upstream answered with. */
function placedOrderOf(rc: RequestContext, order: Order, shown: Shown & { online: boolean }): PlacedOrder {
  return {
    orderId: String(order.id),
    number: order.number ?? String(order.id),
    total: order.total,
    currency: shown.currency,
    deliveryTime: shown.deliveryTime,
    ...(shown.eta ? { eta: orderEta(shown.eta, order, rc.services.upstream.clock.now().getTime()) } : {}),
    ...(shown.online ? { online: true, paymentUrl: checkedPaymentUrl(rc, order.paymentUrl, String(order.id)) } : {}),
  };
}

/** The order placed with this checkout key, asked of the upstream when an attempt's answer was lost (ADR 145). */
async function findOrder(
  rc: RequestContext,
  auth: PersonAuth,
  key: string,
  shown: Shown,
): Promise<PlacedOrder | null> {
  const found = await rc.services.upstream.orders.findByKey(auth, key);
  // a CARD_ONLINE order carries its payment's status
  return found ? placedOrderOf(rc, found, { ...shown, online: found.paymentStatus !== null }) : null;
}

/** the currency of the customer's resto, for an order found upstream after its answer was lost */
async function restoCurrency(rc: RequestContext, state: StorefrontState): Promise<string> {
  const restoId = effectiveLocation(state, rc.config.brand)?.restoId;
  if (!restoId) return "RUB";
  return (await rc.services.upstream.catalog.resto(restoId).catch(() => null))?.value.currency ?? "RUB";
}

/** The order exists: the cart and the one-off parts of the draft go, and the browser keeps the order (ADR 096). */
function forgetCart(state: StorefrontState, key: string, owner: string, order: PlacedOrder) {
  state.order_attempt = null;
  state.cart_positions = [];
  // the next line added starts a new cart (ADR 216)
  delete state.cart_id;
  state.order_promo_code = null;
  state.order_comment = "";
  state.order_pre_order_at = null;
  const { paymentUrl: _url, ...kept } = order;
  state.last_order = { key, owner, ...kept };
}

/**
 * Whether a failed order POST surely placed nothing ("refused": the upstream said no with a 4xx, nothing was sent —
 * the circuit was open, the connection refused —, or our own check stopped it) or may have placed it ("unknown": a
 * timeout, a lost connection, a 5xx, an answer we cannot read: the upstream may have committed it, ADR 145).
 */
export function orderFailure(error: unknown): "refused" | "unknown" {
  if (error instanceof CheckoutStop) return "refused";
  if (!isApiError(error)) return "unknown";
  if (error.kind === "http") return error.status >= 400 && error.status < 500 ? "refused" : "unknown";
  if (error.kind === "network") return error.code === "circuit-open" || refusedConnection(error.cause) ? "refused" : "unknown";
  return "unknown";
}

/** the connection was never made: nothing was sent */
function refusedConnection(cause: unknown): boolean {
  for (let c = cause, depth = 0; c && depth < 4; c = (c as { cause?: unknown }).cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") return true;
  }
  return false;
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
  if (error instanceof LedgerOwnerMismatch) return "key-owner";
  if (error instanceof LedgerUnavailable) return "ledger-unavailable";
  if (isApiError(error)) return error.errors[0]?.code ?? error.code ?? `http-${error.status}`;
  return "error";
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

/**
 * The success screen's data: the order placed with this checkout key; while its outcome is unknown (ADR 145), that
 * we are checking (the page refreshes itself until it is known); when the attempt left no order, that it was not
 * placed and the cart is kept. Anything else — a key of no attempt, another customer's key — back (303) to the cart.
 */
export async function loadSuccessPage(rc: RequestContext, key: string) {
  const noStore = { "Cache-Control": "private, no-store" };
  // a page, not a form: what does not fit is left out and logged (ADR 144), never a 500
  const headers = async (init?: HeadersInit) => (await rc.session.commitWhatFits(init)).headers;
  const toCart = async () => redirect("/cart", { status: 303, headers: await headers() });
  if (!CHECKOUT_KEY_PATTERN.test(key)) throw await toCart();
  const person = await checkoutPerson(rc);
  if (!person) throw await toCart();
  const owner = String(person.auth.personId);
  const state = await rc.session.get("storefront");
  // (an order found here after its answer was lost has no time of its own: what it was computed from is gone)
  const shown: Shown = { currency: await restoCurrency(rc, state), deliveryTime: null, eta: null };
  let known: Awaited<ReturnType<typeof rc.services.orders.outcome<PlacedOrder>>> | null;
  try {
    const hint = state.order_attempt?.key === key ? { startedAt: state.order_attempt.startedAt } : null;
    known = await rc.services.orders.outcome<PlacedOrder>(key, owner, () => findOrder(rc, person.auth, key, shown), hint);
  } catch (error) {
    // the shared ledger is away: the browser's own copy of its last order still shows (ADR 096)
    if (!(error instanceof LedgerUnavailable) && !(error instanceof LedgerOwnerMismatch)) throw error;
    known = null;
  }
  if (known?.kind === "checking") {
    return data({ status: "checking" as const, order: null, payment: null, eta: null }, { headers: await headers(noStore) });
  }
  const placed = (known?.kind === "placed" ? known.value : null) ?? ownLastOrder(state, key, owner);
  if (!placed) {
    if (known?.kind === "none" && known.attempted) {
      // the attempt is over without an order: the form is free again
      if (state.order_attempt?.key === key) state.order_attempt = null;
      return data({ status: "not-placed" as const, order: null, payment: null, eta: null }, { headers: await headers(noStore) });
    }
    throw await toCart();
  }
  // found after the customer was told we were checking: the order exists now, so the cart goes
  if (state.last_order?.key !== key) forgetCart(state, key, owner, placed);
  // paid online: what the upstream says of the payment now (ADR 099), never what the return URL claims
  const status = placed.online ? await loadPayment(rc, person.auth, placed) : null;
  const payment = status ? { state: status.state, payUrl: status.payUrl } : null;
  // when it arrives (ADR 190), in the restaurant's time zone; the status answer's time first when it gives one
  const eta = etaView(placed.eta, rc.services.upstream.clock.now().getTime(), rc.locale, status?.expectedAt);
  const { paymentUrl: _url, eta: _eta, ...order } = placed;
  return data({ status: "placed" as const, order, payment, eta }, { headers: await headers(noStore) });
}
