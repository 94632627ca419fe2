import type { HeadersFunction, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/react";
import { metaText } from "~/i18n/messages";
import { loadSuccessPage } from "~/features/checkout/checkout.server";
import { useMoney } from "~/components/ui/useMoney";
import { RepeatOrderLink } from "~/features/reorder/RepeatOrders";
import { PaymentStatus } from "~/features/checkout/PaymentStatus";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/checkout.$key";
import { requestContextOf } from "~/shell/request.server";

/** The success screen (spec §2): the order placed with this checkout key, for the customer who placed it. */
/** personal data (cart, draft, order): never stored by shared caches or the browser's HTTP cache */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = withMessages("routes/checkout.$key", ({ context, params }: Route.LoaderArgs) => loadSuccessPage(requestContextOf(context), params.key ?? ""));

export const meta: MetaFunction = ({ matches }) => {
  return [{ title: metaText(matches, "checkout.successTitle", "Заказ оформлен") }];
};

export default function CheckoutSuccess() {
  const { order, payment } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = useMoney(order.currency);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center" data-testid="order-success">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="64" height="64" fill="none" stroke="var(--color-brand)" strokeWidth="2">
        <circle cx="12" cy="12" r="10" />
        <path d="m7 12.5 3.2 3.2L17 9" />
      </svg>
      <h1 className="text-2xl font-semibold md:text-3xl">{t("checkout.successTitle")}</h1>
      <p className="text-muted" data-testid="order-number">
        {t("checkout.successText", { number: order.number })}
      </p>
      {order.total !== null ? (
        <p className="font-semibold">{t("checkout.successTotal", { amount: money(order.total) })}</p>
      ) : null}
      {order.deliveryTime ? (
        <p className="text-muted" data-testid="order-delivery-time">
          {t("checkout.successDeliveryTime", { minutes: order.deliveryTime })}
        </p>
      ) : null}
      {payment ? <PaymentStatus payment={payment} /> : null}
      <Link to="/" className="rounded-full bg-brand px-5 py-2.5 font-semibold text-on-brand">
        {t("checkout.successToMenu")}
      </Link>
      <RepeatOrderLink orderId={order.orderId} />
    </div>
  );
}
