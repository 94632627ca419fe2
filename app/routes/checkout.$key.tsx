import type { HeadersFunction, MetaFunction } from "react-router";
import { useEffect } from "react";
import { Link, useLoaderData, useLocation, useRevalidator } from "react-router";
import { useTranslation } from "~/i18n/react";
import { metaText } from "~/i18n/messages";
import { loadSuccessPage } from "~/features/checkout/checkout.server";
import { useMoney } from "~/components/ui/useMoney";
import { RepeatOrderLink } from "~/features/reorder/RepeatOrders";
import { PaymentStatus } from "~/features/checkout/PaymentStatus";
import { OrderEta } from "~/features/checkout/OrderEta";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/checkout.$key";
import { requestContextOf } from "~/shell/request.server";

/** The success screen (spec §2): the order placed with this checkout key, for the customer who placed it. */
/** personal data (cart, draft, order): never stored by shared caches or the browser's HTTP cache */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = withMessages("routes/checkout.$key", ({ context, params }: Route.LoaderArgs) => loadSuccessPage(requestContextOf(context), params.key ?? ""));

export const meta: MetaFunction = ({ matches, loaderData }) => {
  const status = (loaderData as { status?: string } | undefined)?.status;
  const key = status === "checking" ? "checkout.checkingTitle" : status === "not-placed" ? "checkout.notPlacedTitle" : "checkout.successTitle";
  return [{ title: metaText(matches, key, "Заказ оформлен") }];
};

/** while the outcome is unknown, how often the page asks again (without JavaScript, a refresh of the document) */
const CHECK_EVERY_SECONDS = 5;

export default function CheckoutSuccess() {
  const page = useLoaderData<typeof loader>();
  if (page.status === "checking") return <Checking />;
  if (page.status === "not-placed") return <NotPlaced />;
  return <Placed order={page.order} payment={page.payment} eta={page.eta} />;
}

/** The order's outcome is not known yet (ADR 145): never "send it again"; the page asks again by itself. */
function Checking() {
  const { t } = useTranslation();
  const here = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, CHECK_EVERY_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center" data-testid="order-checking" role="status">
      {/* without JavaScript the document asks again by itself */}
      <noscript>
        <meta httpEquiv="refresh" content={String(CHECK_EVERY_SECONDS)} />
      </noscript>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="64" height="64" fill="none" stroke="var(--color-brand)" strokeWidth="2" className="motion-safe:animate-spin">
        <path d="M12 3a9 9 0 1 0 9 9" />
      </svg>
      <h1 className="text-2xl font-semibold md:text-3xl">{t("checkout.checkingTitle")}</h1>
      <p className="text-muted">{t("checkout.checkingText")}</p>
      <a href={here.pathname} className="rounded-full border border-line px-5 py-2.5 font-semibold" data-testid="order-checking-refresh">
        {t("checkout.checkingRefresh")}
      </a>
    </div>
  );
}

/** The attempt left no order: the cart is kept and can be sent again. */
function NotPlaced() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center" data-testid="order-not-placed">
      <h1 className="text-2xl font-semibold md:text-3xl">{t("checkout.notPlacedTitle")}</h1>
      <p className="text-muted">{t("checkout.notPlacedText")}</p>
      <Link to="/cart" className="rounded-full bg-brand px-5 py-2.5 font-semibold text-on-brand">
        {t("checkout.notPlacedToCart")}
      </Link>
    </div>
  );
}

type PlacedPage = Extract<Awaited<ReturnType<typeof loadSuccessPage>>["data"], { status: "placed" }>;

function Placed({ order, payment, eta }: Pick<PlacedPage, "order" | "payment" | "eta">) {
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
        {/* the number never breaks in two ('№ D-' / '0001', issue 36 §4): it is one unbreakable piece, '№' kept with it */}
        <NumberInText text={t("checkout.successText", { number: NUMBER_SLOT })} number={order.number} />
      </p>
      {order.total !== null ? (
        <p className="font-semibold">{t("checkout.successTotal", { amount: money(order.total) })}</p>
      ) : null}
      {eta ? <OrderEta eta={eta} /> : null}
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

const NUMBER_SLOT = "\u2063#\u2063";

/** A message with the order number in it, the number (and the '№' before it) never broken across lines. */
function NumberInText({ text, number }: { text: string; number: string }) {
  const at = text.indexOf(NUMBER_SLOT);
  if (at < 0) return <>{text}</>;
  const before = text.slice(0, at).replace(/(№|No\.)\s$/, "$1\u00a0");
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{number}</span>
      {text.slice(at + NUMBER_SLOT.length)}
    </>
  );
}
