/**
 * Online card payment (issue 15 §9, ADR 099/100): the payment address the upstream's order answer carries is
 * hostile input — it becomes a redirect target for the customer's browser — and the payment status it reports
 * becomes what the success screen says. Pure rules, no I/O.
 */

/** the demo twin's stand-in payment page on the site's own origin (demo mode only) */
export const DEMO_PAYMENT_PATH = "/_demo/pay/";

const MAX_URL_LENGTH = 2048;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;

export interface PaymentUrlRules {
  /**
   * https origins of the brand's payment provider (brand `paymentOrigins`); empty → no external address passes.
   * They are also the CSP form-action sources, so a form's 303 to them is not blocked by the browser.
   */
  allowedOrigins: readonly string[];
  /** demo mode: the site's own origin, whose stand-in payment page is accepted (http allowed, e.g. localhost) */
  demoOrigin?: string | null;
}

/**
 * The payment address when it is safe to send the customer there, else null. Accepted: an https URL on one of
 * the allowed origins, without credentials; in demo mode also the site's own stand-in page. Never a
 * javascript:, data: or any other scheme, a protocol-relative or relative address, control characters or
 * whitespace, or an over-long address.
 */
export function safePaymentUrl(raw: unknown, rules: PaymentUrlRules): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_URL_LENGTH) return null;
  // no whitespace or control characters anywhere (URL parsing would quietly strip some of them)
  if (WHITESPACE_OR_CONTROL.test(raw)) return null;
  // absolute http(s) only, spelled out: no "//host", no "/path", no "javascript:"
  if (!/^https?:\/\/[^/]/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === "https:" && url.hostname && rules.allowedOrigins.some((origin) => sameOrigin(origin, url.origin))) {
    return url.href;
  }
  if (rules.demoOrigin && sameOrigin(rules.demoOrigin, url.origin) && url.pathname.startsWith(DEMO_PAYMENT_PATH)) {
    return url.href;
  }
  return null;
}

function sameOrigin(configured: string, origin: string): boolean {
  try {
    return new URL(configured).origin === origin;
  } catch {
    return false;
  }
}

/** What the success screen says about an online payment. */
export type PaymentState = "awaited" | "paid" | "failed" | "unknown";

const PAID = new Set(["PAID", "SUCCEEDED", "SUCCESS", "COMPLETED"]);
const FAILED = new Set(["FAILED", "DECLINED", "REJECTED", "CANCELED", "CANCELLED", "EXPIRED"]);

/**
 * The upstream's payment status (ADR 099: PENDING | PAID | FAILED, a few synonyms tolerated) as the screen's
 * state. Only the upstream's answer decides "paid"; a status it does not give (null: the call failed) is
 * "unknown", and any other value counts as still awaited.
 */
export function paymentState(status: string | null | undefined): PaymentState {
  if (status === null || status === undefined) return "unknown";
  const value = status.trim().toUpperCase();
  if (PAID.has(value)) return "paid";
  if (FAILED.has(value)) return "failed";
  return "awaited";
}
