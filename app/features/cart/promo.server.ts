/**
 * POST /cart intent=promo (spec §3, §8): the promo-code form's action. The code is checked by a preflight with
 * it; a promo error keeps the previous code. Answers conform's submission result (ADR 103) with the message
 * beside the code field, 400; success is the cart action's usual answer (JSON for fetchers, else 303).
 *
 * A code is a secret worth guessing: every code submitted counts against the customer's and the address's promo
 * limits before anything else is done (ADR 143). Past them the answer is 429 with the wait beside the code field
 * and Retry-After, and the upstream is not asked — nor is the code stored unchecked (an empty cart stores the code
 * without a preflight, and the cart page would then check it).
 */
import { data } from "react-router";
import { parseTranslated } from "~/features/forms/parse-translated";
import { errorText, isPromoCode } from "~/features/checkout/error-messages";
import { messagesFor, translatorFor } from "~/i18n/locale.server";
import { checkPromoLimit, limitedCustomer, retryWait } from "~server/auth/rate-limit";
import { cartContext, preflightCart } from "./cart-view.server";
import { promoFormSchema } from "./promo";
import type { RequestContext } from "~server/context";

export async function promoAction(
  rc: RequestContext,
  form: FormData,
  answer: { done: () => Promise<Response | ReturnType<typeof data>>; headers: () => Promise<Headers> },
) {
  const locale = rc.locale;
  const texts = messagesFor(locale);
  const submission = parseTranslated(form, promoFormSchema, translatorFor(locale));
  const refuse = async (message?: string, status = 400, extraHeaders: Record<string, string> = {}) => {
    const headers = await answer.headers();
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    return data(submission.reply(message ? { fieldErrors: { code: [message] } } : undefined), { status, headers });
  };
  if (submission.status !== "success") return refuse();
  if (!rc.config.brand.cart.promoCodes) return refuse(texts.errors.requestFailed);
  const state = await rc.session.get("storefront");
  const code = submission.value.code?.toUpperCase() ?? "";
  if (!code) {
    state.order_promo_code = null;
    return answer.done();
  }
  const limit = await checkPromoLimit(rc.services.rateLimits, await limitedCustomer(rc));
  if (!limit.ok) {
    const wait = retryWait(limit.retryAfterSeconds);
    return refuse(rc.t(`cart.promoRateLimited.${wait.unit}`, { count: wait.count }), 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const ctx = await cartContext(rc);
  const { outcome } = await preflightCart(rc, ctx, { promoCode: code });
  if (outcome && outcome.kind !== "ok") {
    const failed = "code" in outcome ? (outcome.code ?? null) : null;
    if (isPromoCode(failed))
      return refuse(outcome.message ?? errorText(failed, null, texts.checkout, texts.errors.requestFailed));
  }
  state.order_promo_code = code;
  return answer.done();
}
