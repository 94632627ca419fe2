import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { PaymentState } from "~/lib/online-payment";

const TITLES = {
  awaited: "payment.awaitedTitle",
  paid: "payment.paidTitle",
  failed: "payment.failedTitle",
  unknown: "payment.unknownTitle",
} as const;
const TEXTS = {
  awaited: "payment.awaitedText",
  paid: "payment.paidText",
  failed: "payment.failedText",
  unknown: "payment.unknownText",
} as const;

/**
 * The success screen's word on an online payment (issue 15 §9, ADR 099): what the upstream says now, and a way
 * (back) to the payment page while it is not paid. The payment page is another site: a plain link, a full load.
 */
export function PaymentStatus({ payment }: { payment: { state: PaymentState; payUrl: string | null } }) {
  const { t } = useTranslation();
  const { state, payUrl } = payment;
  const tone = state === "paid" ? "border-brand" : state === "failed" ? "border-danger" : "border-line";
  return (
    <section
      role="status"
      aria-labelledby="payment-status-title"
      data-testid="payment-status"
      data-state={state}
      className={`flex w-full flex-col items-center gap-3 rounded-2xl border-2 ${tone} px-4 py-4`}
    >
      <h2 id="payment-status-title" className="text-xl font-semibold">
        {t(TITLES[state])}
      </h2>
      <p className="text-muted">{t(TEXTS[state])}</p>
      {payUrl && state !== "paid" ? (
        <a href={payUrl} data-testid="payment-pay" className="rounded-full bg-brand px-5 py-2.5 font-semibold text-on-brand">
          {t(state === "failed" ? "payment.payAgain" : "payment.pay")}
        </a>
      ) : null}
      {state === "awaited" || state === "unknown" ? (
        <Link to="." replace data-testid="payment-refresh" className="underline underline-offset-4">
          {t("payment.refresh")}
        </Link>
      ) : null}
    </section>
  );
}
