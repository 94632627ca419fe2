/**
 * Paying online (issue 15 §9, ADR 099/100): the return address sent with a CARD_ONLINE order, the check of the
 * payment address the order answer carries, and the payment status the success screen shows — asked of the
 * upstream, never taken from the return URL's query.
 */
import { log } from "~server/log";
import type { PersonAuth } from "~server/upstream";
import { paymentState, safePaymentUrl, type PaymentState } from "~/lib/online-payment";
import type { RequestContext } from "~server/context";

/** The success screen's payment block: what to say, and where to pay (when still possible and safe). */
export interface PaymentView {
  state: PaymentState;
  payUrl: string | null;
}

/** The success screen of this checkout key, where the payment provider brings the customer back. */
export function paymentReturnUrl(rc: RequestContext, key: string): string {
  // ADR 077: the request URL is on the site's public origin
  return new URL(`/checkout/${encodeURIComponent(key)}`, rc.url.origin).href;
}

/** The order answer's payment address if it is safe to send the customer there (ADR 100), else null (logged). */
export function checkedPaymentUrl(rc: RequestContext, raw: unknown, orderId: string): string | null {
  if (raw === null || raw === undefined) return null;
  const { config } = rc.services;
  const url = safePaymentUrl(raw, {
    allowedOrigins: config.brand.paymentOrigins,
    demoOrigin: config.demo ? rc.url.origin : null,
  });
  if (!url) {
    let origin = "unparseable";
    try {
      origin = new URL(String(raw)).origin;
    } catch {
      /* kept as "unparseable" */
    }
    // the address itself may carry a payment token: only its origin goes to the log
    log("warn", "payment address refused", { orderId, origin });
  }
  return url;
}

/**
 * The payment of a CARD_ONLINE order as the upstream reports it now (GET the order, ADR 099). A failed call is
 * "unknown" — never "paid" — and keeps the address the order answer gave, so the customer can still pay. Also the
 * answer's expected time, when it gives one (ADR 190).
 */
export async function loadPayment(
  rc: RequestContext,
  auth: PersonAuth,
  order: { orderId: string; paymentUrl?: string | null },
): Promise<PaymentView & { expectedAt: string | null }> {
  try {
    const now = await rc.services.upstream.orders.order(auth, order.orderId);
    const state = paymentState(now.paymentStatus);
    const payUrl = state === "paid" ? null : (checkedPaymentUrl(rc, now.paymentUrl, order.orderId) ?? order.paymentUrl ?? null);
    // the same answer may say when the order arrives (ADR 190)
    return { state, payUrl, expectedAt: now.expectedAt };
  } catch (error) {
    log("warn", "payment status unavailable", { orderId: order.orderId, error: error instanceof Error ? error.message : String(error) });
    return { state: "unknown", payUrl: order.paymentUrl ?? null, expectedAt: null };
  }
}
