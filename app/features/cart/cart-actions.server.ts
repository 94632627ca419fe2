/**
 * The /cart action: one action per intent (DESIGN.md). Every intent is a plain form post that answers
 * 303 (JavaScript off) or JSON (fetchers mark themselves with `js=1`); bad input answers 400 with a message
 * in the customer's language and leaves the cart as it was.
 */
import { parseTranslated } from "~/features/forms/parse-translated";
import { data, redirect } from "react-router";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { z } from "zod";
import { CART_MAX_COUNT } from "~/lib/constants";
import { modifierTokensSchema } from "~/lib/cart";
import { messagesFor } from "~/i18n/locale.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseCheckout, saveDraft, submitOrder, PAYMENT_METHODS } from "~/features/checkout/checkout.server";
import { addToCart, clearCartLines, removeCartLine, removeUnavailable, setCartCount, type CartResult } from "./cart.server";
import { cartContext, orderDeliveryTime, orderingPaused, preflightCart } from "./cart-view.server";
import { promoAction } from "./promo.server";
import type { RequestContext } from "~server/context";
import type { StorefrontState } from "~server/session";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    positionId: id,
    menuId: id,
    count: z.coerce.number().int().min(1).max(CART_MAX_COUNT).default(1),
    modifier: modifierTokensSchema,
    redirectTo: z.string().max(2000).optional(),
  }),
  z.object({
    intent: z.literal("set-count"),
    key: z.string().min(1).max(600),
    count: z.coerce.number().int().min(0).max(CART_MAX_COUNT),
  }),
  z.object({ intent: z.literal("remove"), key: z.string().min(1).max(600) }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("remove-unavailable") }),
  z.object({ intent: z.literal("promo-remove") }),
  z.object({ intent: z.literal("person-count"), personCount: z.coerce.number().int().min(1).max(99) }),
  z.object({ intent: z.literal("payment"), paymentMethod: z.enum(PAYMENT_METHODS) }),
  z.object({ intent: z.literal("checkout") }).passthrough(),
]);

export type CartActionData =
  | { ok: true; intent: string; message?: string }
  | {
      ok: false;
      intent: string;
      error: string;
      /**
       * a failed checkout: conform's answer (issue 13 §5) — what was submitted (the re-rendered form shows it,
       * issue 15 §6), the field errors and the form-level message in `formErrors`
       */
      result?: SubmissionResult<string[]>;
      /** a refused order shows in a popup (spec §8 "Order popup"; ADR 097): the day-off one or the order one */
      popup?: "order" | "day-off";
    };

export async function cartAction(rc: RequestContext) {
  const form = await readForm(rc);
  const js = form.get("js") === "1";
  const texts = messagesFor(rc.locale);
  const submission = parseTranslated(form, schema, rc.t);
  const intent = String(form.get("intent") ?? "");

  const fail = async (error: string, extra: Partial<Extract<CartActionData, { ok: false }>> = {}, status = 400) =>
    data<CartActionData>({ ok: false, intent, error, ...extra }, { status, headers: await safeHeaders(rc) });
  const done = async (to = "/cart", committed?: Headers) => {
    // cart changes commit their cookie themselves (commitCart); the rest commit here
    const headers = committed ?? (await rc.session.commitHeaders());
    return js ? data<CartActionData>({ ok: true, intent }, { headers }) : redirect(to, { status: 303, headers });
  };
  const fromCart = async (result: CartResult, to?: string) =>
    result.ok
      ? done(to, result.headers)
      : fail(result.reason === "cookie-too-large" ? texts.errors.cookieTooLarge : texts.errors.requestFailed);

  // the promo-code form is a conform form with its own schema and result shape (promo.server.ts)
  if (intent === "promo") return promoAction(rc, form, { done: () => done(), headers: () => safeHeaders(rc) });
  if (submission.status !== "success") return fail(texts.errors.requestFailed);
  const value = submission.value;

  switch (value.intent) {
    case "add": {
      const result = await addToCart(rc, {
        positionId: value.positionId,
        menuId: value.menuId,
        count: value.count,
        modifiers: value.modifier,
      });
      return fromCart(result, redirectTarget(value.redirectTo, "/cart"));
    }
    case "set-count":
      return fromCart(await setCartCount(rc, value.key, value.count));
    case "remove":
      return fromCart(await removeCartLine(rc, value.key));
    case "clear":
      return fromCart(await clearCartLines(rc));
    case "remove-unavailable":
      return fromCart(await removeUnavailable(rc));
    case "promo-remove": {
      (await rc.session.get("storefront")).order_promo_code = null;
      return done();
    }
    case "person-count": {
      if (!rc.config.brand.cart.personCount) return fail(texts.errors.requestFailed);
      (await rc.session.get("storefront")).order_person_count = value.personCount;
      return done();
    }
    case "payment": {
      (await rc.session.get("storefront")).order_payment_method = value.paymentMethod;
      return done();
    }
    case "checkout": {
      await saveDraft(rc, form);
      // without JavaScript the page behind a failed checkout is rendered from the request's (old) cookie: every
      // answer carries conform's reply — what was submitted, which the form shows (issue 15 §6) — and the
      // message in its formErrors
      const parsed = await parseCheckout(rc, form);
      const refuse = (message: string, status: number, popup?: "order" | "day-off") =>
        fail(message, { result: parsed.reply({ formErrors: [message] }), ...(popup ? { popup } : {}) }, status);
      // the order form carries a honeypot (issue 8 §2): what was typed is kept, nothing is ordered
      if (!rc.services.honeypot.isHuman(form, "checkout")) return refuse(texts.errors.formRejected, 400);
      const ctx = await cartContext(rc);
      // a refusal the customer can act on (try later), not a fault of ours: 409, never a 5xx (ADR 145)
      if (orderingPaused(rc, ctx.catalog)) return refuse(texts.checkout.orderingPaused, 409);
      if (parsed.status !== "success") return refuse(texts.checkout.fixErrors, 400);
      // the cart hands itself to the order: priced here, without a preflight (the order is its own check)
      const { payload, available, priced } = await preflightCart(rc, ctx, { skipPreflight: true });
      const result = await submitOrder(rc, parsed.value, {
        person: ctx.person,
        method: ctx.method,
        currency: ctx.catalog?.resto.currency ?? "RUB",
        deliveryTime: await orderDeliveryTime(rc, ctx, priced.total),
        payload,
        available,
      });
      switch (result.kind) {
        case "sign-in": {
          // what was typed goes to the sign-in and back in the cart cookie; when it does not fit beside the cart
          // (ADR 144) the customer is told here, the form keeps what was typed and the browser its cart
          const { headers, refused } = await rc.session.commitWhatFits();
          if (!refused.includes("storefront")) return redirect(`/auth?redirectTo=${encodeURIComponent("/cart")}`, { status: 303, headers });
          const message = texts.errors.cookieTooLarge;
          return data<CartActionData>({ ok: false, intent, error: message, result: parsed.reply({ formErrors: [message] }) }, { status: 400, headers });
        }
        case "error":
          // the cart stays as it was: only a placed order empties it
          return refuse(result.message, 422, result.dayOff ? "day-off" : "order");
        case "checking":
          // the order's outcome is not known yet (ADR 145): the success screen says we are checking and shows the
          // result when it is known; the cart is kept until then
          return redirect(`/checkout/${result.key}`, { status: 303, headers: await checkingHeaders(rc) });
        case "placed":
          // paid online: on to the payment page (a checked address, ADR 100); with JavaScript React Router turns an
          // address on another origin into a full-page navigation (window.location)
          return redirect(result.paymentUrl ?? `/checkout/${result.key}`, { status: 303, headers: await placedOrderHeaders(rc) });
      }
    }
  }
}

/**
 * The cookies after an order was placed (ADR 144). The emptied cart must reach the browser, or it would offer the
 * same cart again: when the cookie does not fit even so, what was typed goes first (the contact details, filled
 * again from the profile), then the delivery address; never a 500 after the order exists.
 */
function placedOrderHeaders(rc: RequestContext): Promise<Headers> {
  return headersShedding(rc, [(state) => delete state.order_person, (state) => delete state.order_delivery_place]);
}

/**
 * The cookies while the order's outcome is unknown (ADR 214). The browser's attempt must reach it — it makes every
 * later form of this browser that order's form —, and the cart stays (it is what is ordered if the first attempt left
 * no order): when the cookie does not fit, the copy of an earlier order goes first (the ledger has it), then what was
 * typed, then the delivery address.
 */
function checkingHeaders(rc: RequestContext): Promise<Headers> {
  return headersShedding(rc, [(state) => delete state.last_order, (state) => delete state.order_person, (state) => delete state.order_delivery_place]);
}

/** The cookies as they are, or with what `sheds` drop, one after another, until the storefront cookie fits. */
async function headersShedding(rc: RequestContext, sheds: ((state: StorefrontState) => void)[]): Promise<Headers> {
  let commit = await rc.session.commitWhatFits();
  for (const shed of sheds) {
    if (!commit.refused.includes("storefront")) break;
    shed(await rc.session.get("storefront"));
    commit = await rc.session.commitWhatFits(commit.headers);
  }
  return commit.headers;
}

/** Cookie headers when they can be written; an over-large cookie is dropped rather than failing the answer. */
async function safeHeaders(rc: RequestContext): Promise<Headers> {
  try {
    return await rc.session.commitHeaders();
  } catch {
    return new Headers();
  }
}
