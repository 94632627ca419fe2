/** The /cart loader: the cart view, a fresh checkout idempotency key and the no-JS confirmation flag. */
import { commitHeaders } from "~server/session";
import { honeypotFor } from "~server/honeypot-context";
import { newIdempotencyKey } from "~server/orders/idempotency";
import { getLocale } from "~/i18n/locale.server";
import { moneyPattern } from "~/lib/money-pattern-reader";
import { loadCartView } from "./cart-view.server";

export async function loadCartPage(request: Request) {
  const url = new URL(request.url);
  const [view, locale] = await Promise.all([loadCartView(request), getLocale(request)]);
  let headers: Headers;
  try {
    headers = await commitHeaders(request, { "Cache-Control": "private, no-store" });
  } catch {
    headers = new Headers({ "Cache-Control": "private, no-store" });
  }
  return {
    view: {
      ...view,
      // a key per rendered checkout form (server/orders/idempotency.ts)
      checkoutKey: newIdempotencyKey(),
      honeypot: honeypotFor(),
      // how the page's language writes the cart's currency, so that the browser formats prices without ICU (ADR 117)
      moneyPattern: moneyPattern(view.currency, locale === "en" ? "en-US" : "ru-RU"),
      confirmClear: url.searchParams.get("confirm") === "clear" && view.lines.length + view.dropped.length > 0,
    },
    headers,
  };
}

export type CartPageView = Awaited<ReturnType<typeof loadCartPage>>["view"];
