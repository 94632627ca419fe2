/** The /cart loader: the cart view, the checkout form's key (the order ledger's, ADR 145 and 214) and the no-JS confirmation flag. */
import { newCheckoutKey, openAttemptKey } from "~server/orders/ledger";
import { renewCartId } from "~server/session";
import { moneyPattern } from "~/lib/money-pattern-reader";
import { loadCartView } from "./cart-view.server";
import type { RequestContext } from "~server/context";

export async function loadCartPage(rc: RequestContext) {
  const url = rc.url;
  const [view, locale, person, state] = await Promise.all([loadCartView(rc), rc.locale, rc.person.get(), rc.session.get("storefront")]);
  // a cart of a cookie from before ADR 216 gets its generation here, before its form can be sent
  renewCartId(state, state.cart_positions);
  let headers: Headers;
  try {
    headers = await rc.session.commitHeaders({ "Cache-Control": "private, no-store" });
  } catch {
    headers = new Headers({ "Cache-Control": "private, no-store" });
  }
  return {
    view: {
      ...view,
      // a key per rendered checkout form (server/orders/ledger.ts); the form of an unknown outcome again (ADR 214)
      checkoutKey: openAttemptKey(state.order_attempt, person ? String(person.personId) : null) ?? newCheckoutKey(),
      honeypot: rc.services.honeypot.props(),
      // how the page's language writes the cart's currency, so that the browser formats prices without ICU (ADR 117)
      moneyPattern: moneyPattern(view.currency, locale === "en" ? "en-US" : "ru-RU"),
      confirmClear: url.searchParams.get("confirm") === "clear" && view.lines.length + view.dropped.length > 0,
    },
    headers,
  };
}

export type CartPageView = Awaited<ReturnType<typeof loadCartPage>>["view"];
