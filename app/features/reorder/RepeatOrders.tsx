import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { formatMoney } from "~/lib/money";
import type { PastOrderSummary, RepeatOrderPage } from "~/features/reorder/history.server";
import { SharedCartView } from "~/features/reorder/SharedCartView";
import { EtaSentence } from "~/features/checkout/OrderEta";

/** 'Повторить заказ' (issue 18 §1): the customer's last orders, each a link to its repeat view. */
export function RepeatOrderList({ orders }: { orders: PastOrderSummary[] }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, i18n.language === "en" ? "en-US" : "ru-RU");
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4 py-6">
      <h1 className="text-2xl font-semibold">{t("reorder.repeatTitle")}</h1>
      {orders.length === 0 ? (
        <>
          <p data-testid="repeat-empty">{t("reorder.repeatEmpty")}</p>
          <Link to="/" className="self-start rounded-full bg-brand px-5 py-2 font-semibold text-on-brand">
            {t("reorder.toMenu")}
          </Link>
        </>
      ) : (
        <>
          <p className="text-muted">{t("reorder.repeatListIntro")}</p>
          <ul className="flex flex-col gap-3">
            {orders.map((order) => (
              <li key={order.orderId} className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="past-order">
                <p className="font-medium">{t("reorder.repeatOrder", { number: order.number, date: order.date })}</p>
                {order.eta ? (
                  <p className="text-sm" data-testid="past-order-eta">
                    <EtaSentence eta={order.eta} messageKey={`reorder.eta.${order.eta.method}`} />
                  </p>
                ) : null}
                <p className="text-sm text-muted">
                  {[order.restoName, order.names.join(", "), order.total !== null ? money(order.total, order.currency) : null].filter(Boolean).join(" · ")}
                </p>
                <Link
                  to={`/orders/${encodeURIComponent(order.orderId)}/repeat`}
                  className="self-start rounded-full bg-brand px-4 py-2 text-sm font-semibold text-on-brand"
                  aria-label={`${t("reorder.repeatOpen")}: ${t("reorder.repeatOrder", { number: order.number, date: order.date })}`}
                >
                  {t("reorder.repeatOpen")}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One past order to repeat: its lines at today's prices (the shared-cart view), with a line about the order. */
export function RepeatOrderView({ page, error }: { page: RepeatOrderPage; error: string | null }) {
  const { t, i18n } = useTranslation();
  const { order } = page;
  const money = (minor: number, currency: string) => formatMoney(minor, currency, i18n.language === "en" ? "en-US" : "ru-RU");
  return (
    <SharedCartView view={page.view} error={error} title={t("reorder.repeatTitle")} invalidText={t("reorder.repeatMissing")}
      otherRestoTexts={{ current: "reorder.repeatOtherResto", none: "reorder.repeatOtherRestoNone" }}
    >
      {order ? (
        <p data-testid="repeat-order">
          {t("reorder.repeatOrder", { number: order.number, date: order.date })}
          {order.total !== null ? <span className="text-muted"> · {t("reorder.repeatThen", { amount: money(order.total, order.currency) })}</span> : null}
        </p>
      ) : null}
    </SharedCartView>
  );
}

/** The success screen's entry: repeat the order just placed (a link; the repeat view has the one form). */
export function RepeatOrderLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/orders/${encodeURIComponent(orderId)}/repeat`} className="rounded-full border border-line px-5 py-2.5 font-semibold hover:bg-surface" data-testid="repeat-order-link">
      {t("reorder.repeat")}
    </Link>
  );
}
