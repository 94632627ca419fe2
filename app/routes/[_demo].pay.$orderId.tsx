import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/components/ui/useMoney";
import { demoPaymentAction, demoPaymentLoader } from "~/features/checkout/demo-payment.server";
import { withMessages } from "~/i18n/route-messages.server";

/**
 * Demo only (issue 15 §9, ADR 099): a stand-in for the payment provider's page, where a CARD_ONLINE order of the
 * twin is paid, declined, or left unpaid. Plain forms and a link: it works the same without JavaScript.
 */
export const loader = withMessages("routes/[_demo].pay.$orderId", ({ request, params }: LoaderFunctionArgs) => demoPaymentLoader(request, params.orderId ?? ""));
export const action = ({ request, params }: ActionFunctionArgs) => demoPaymentAction(request, params.orderId ?? "");

export const meta: MetaFunction = () => [{ title: "Demo payment" }, { name: "robots", content: "noindex" }];

export default function DemoPayment() {
  const { number, total, currency, paid, token, backTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = useMoney(currency);
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 py-10" aria-labelledby="demo-pay-title" data-testid="payment-stand-in">
      <h1 id="demo-pay-title" className="text-2xl font-semibold">
        {t("payment.standInTitle", { number })}
      </h1>
      <p className="text-muted">{t("payment.standInIntro")}</p>
      <p className="text-lg font-semibold">{t("payment.standInAmount", { amount: money(total) })}</p>
      {paid ? (
        <p role="status">{t("payment.standInDone")}</p>
      ) : (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="token" value={token} />
          <button type="submit" name="outcome" value="paid" className="rounded-full bg-brand px-5 py-3 font-semibold text-on-brand">
            {t("payment.standInPay")}
          </button>
          <button type="submit" name="outcome" value="failed" className="rounded-full border border-line px-5 py-3 font-semibold">
            {t("payment.standInFail")}
          </button>
        </Form>
      )}
      <a href={backTo} className="text-center underline underline-offset-4">
        {t("payment.standInBack")}
      </a>
    </section>
  );
}
