import { Form, Link, useFetcher, useFetchers } from "react-router";
import { Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { lazyInBrowser } from "~/components/ui/lazy-in-browser";
import { JsFlag } from "~/components/ui/JsFlag";
import { useMoney } from "~/components/ui/useMoney";
import { CheckoutForm as CheckoutFormNow } from "~/features/checkout/CheckoutForm";
import { PromoCode as PromoCodeNow } from "./PromoCode";
import { Card } from "./CartCard";
import { CartAddOns } from "./CartAddOns";
import { CartWhere as CartWhereNow } from "./CartWhere";
import { OrderErrorPopup as OrderErrorPopupNow } from "~/features/checkout/OrderErrorPopup";
import { useOrderPending } from "~/features/checkout/use-order-submit";
import { inertWhen } from "~/components/ui/inert";
import type { CartPageView } from "./cart-page.server";
import type { CartActionData } from "./cart-actions.server";
import type { FormResult } from "~/features/forms/form-result";
import { ClearConfirm as ClearConfirmNow } from "./ClearConfirm";
import { cartWrites, isCartWrite } from "~/features/forms/write-queue";
import { useCartWrite } from "~/features/forms/use-cart-write";
import type { MoneyPattern } from "~/lib/money-pattern";

// the two forms drawn by conform's runtime (the checkout, the promo code): the server renders them in place, the
// browser fetches their code and conform's as the cart hydrates and hydrates them when it has arrived (ADR 126)
const CheckoutForm = import.meta.env.SSR
  ? CheckoutFormNow
  : lazyInBrowser(() => import("~/features/checkout/CheckoutForm").then((m) => m.CheckoutForm));
const PromoCode = import.meta.env.SSR ? PromoCodeNow : lazyInBrowser(() => import("./PromoCode").then((m) => m.PromoCode));

// the method switch and the small map (issue 36 §6): plain forms and links, so the server's work before their code;
// the map's code is not in the cart's first view (ADR 126's rule for the forms)
const CartWhere = import.meta.env.SSR ? CartWhereNow : lazyInBrowser(() => import("./CartWhere").then((m) => m.CartWhere));

// the two dialogs over the cart are seldom on screen: the server renders them in place, the browser fetches
// their code (and the Layer's) after the first view (ADR 114)
const ClearConfirm = import.meta.env.SSR
  ? ClearConfirmNow
  : lazyInBrowser(() => import("./ClearConfirm").then((m) => m.ClearConfirm));
const OrderErrorPopup = import.meta.env.SSR
  ? OrderErrorPopupNow
  : lazyInBrowser(() => import("~/features/checkout/OrderErrorPopup").then((m) => m.OrderErrorPopup));

function preloadDialogs() {
  for (const dialog of [ClearConfirm, OrderErrorPopup]) if ("preload" in dialog) dialog.preload();
}

type View = CartPageView;
type Line = View["lines"][number];

const primaryButton =
  "inline-flex items-center justify-center rounded-full bg-brand px-5 py-2.5 font-semibold text-on-brand disabled:opacity-60";
const roundButton =
  "inline-flex size-9 items-center justify-center rounded-full border border-line text-lg leading-none hover:bg-bg disabled:opacity-50";

export function CartScreen({
  view,
  actionData,
  promoResult,
}: {
  view: View;
  actionData: CartActionData | undefined;
  /** the promo-code form's refused POST (without JavaScript; with it the form's fetcher has it) */
  promoResult?: FormResult;
}) {
  const { t } = useTranslation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // the order popup (spec §8) belongs to one answer: closing it hides that answer's popup only
  const [popupClosed, setPopupClosed] = useState<CartActionData | undefined>(undefined);
  const empty = view.lines.length === 0 && view.dropped.length === 0;
  const popup =
    actionData && !actionData.ok && actionData.intent === "checkout" && actionData.popup && popupClosed !== actionData
      ? { kind: actionData.popup, message: actionData.error }
      : null;
  const confirming = confirmOpen || view.confirmClear;
  const orderPending = useOrderPending();
  // issue 36 §2: why the restaurant takes no order now and when it opens ('Откроется в 09:00'), or null while it does
  const closedText = useClosedText(view);
  // cart writes go one at a time (ADR 119): the queue learns when the one on its way was answered
  const writing = useFetchers().some(isCartWrite);
  useEffect(() => cartWrites.observe(writing), [writing]);
  // The dialogs' boundary is left dehydrated while the cart hydrates (its code is fetched later); a new element
  // for it before it has hydrated (a revalidation, any re-render of the cart) is React's error #421 and a client
  // render of the boundary. So its element is the same object until what it shows changes.
  const dialogs = useMemo(
    () => (
      <Suspense fallback={null}>
        {confirming ? (
          <ClearConfirm onCancel={confirmOpen ? () => setConfirmOpen(false) : undefined} onDone={() => setConfirmOpen(false)} />
        ) : null}
        {popup ? (
          <OrderErrorPopup
            kind={popup.kind}
            message={popup.message}
            detail={closedText ?? undefined}
            onClose={() => setPopupClosed(actionData)}
          />
        ) : null}
      </Suspense>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `popup` is rebuilt each render from these
    [confirming, confirmOpen, popup?.kind, popup?.message, actionData, closedText],
  );

  // the forms' boundaries are dehydrated until their code has arrived: the same rule as the dialogs' (ADR 114, 126)
  const checkoutForm = useMemo(
    () => (
      <Suspense fallback={null}>
        <CheckoutForm view={view} actionData={actionData} />
      </Suspense>
    ),
    [view, actionData],
  );
  const where = useMemo(
    () => (
      <Suspense fallback={null}>
        <CartWhere view={view} />
      </Suspense>
    ),
    [view],
  );
  const promoCode = useMemo(
    () =>
      view.promo ? (
        <Suspense fallback={null}>
          <PromoCode promo={view.promo} currency={view.currency} pattern={view.moneyPattern} lastResult={promoResult} />
        </Suspense>
      ) : null,
    [view.promo, view.currency, view.moneyPattern, promoResult],
  );

  return (
    // the dialogs' code is fetched at the customer's first touch of the cart (a pointer down, a focus), before
    // the click or the order that opens one: a visitor who only looks does not download them
    <div className="py-6" onPointerDownCapture={preloadDialogs} onFocusCapture={preloadDialogs}>
      {/* under a dialog the cart is inert: Tab and screen readers stay in the dialog, with or without JavaScript */}
      <div {...inertWhen(Boolean(confirming || popup))}>
        <h1 className="mb-4 text-2xl font-semibold md:text-3xl">{t("cart.title")}</h1>
        {empty ? (
          <EmptyCart />
        ) : (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
            {/* while the order is on its way the cart's fetchers keep still (ADR 085) */}
            <div className="flex flex-col gap-4" {...inertWhen(orderPending)}>
              <section aria-labelledby="cart-lines" className="rounded-3xl bg-surface p-4 md:p-5">
                <h2 id="cart-lines" className="sr-only">
                  {t("cart.lines")}
                </h2>
                <ul className="divide-y divide-line" data-testid="cart-lines">
                  {view.lines.map((line) => (
                    <CartLineItem key={line.key} line={line} currency={view.currency} pattern={view.moneyPattern} />
                  ))}
                </ul>
                {view.dropped.length > 0 ? <DroppedNotice count={view.dropped.length} /> : null}
                <div className="mt-3 flex flex-wrap justify-end gap-1">
                  <Link
                    to="/cart/share"
                    className="rounded-full px-3 py-1.5 text-sm text-muted underline underline-offset-4 hover:text-fg"
                    data-testid="share-cart"
                  >
                    {t("reorder.share")}
                  </Link>
                  <Link
                    to="/cart?confirm=clear"
                    preventScrollReset
                    className="rounded-full px-3 py-1.5 text-sm text-muted underline underline-offset-4 hover:text-fg"
                    onClick={(e) => {
                      e.preventDefault();
                      setConfirmOpen(true);
                    }}
                  >
                    {t("cart.clear")}
                  </Link>
                </div>
              </section>
              {/* issue 39: what the cart lacks, by the brand's rules, one tap each (ADR 185) */}
              <CartAddOns
                addOns={view.addOns}
                currency={view.currency}
                pattern={view.moneyPattern}
                refused={actionData && !actionData.ok && actionData.intent === "add" ? actionData.error : null}
              />
              {view.preflight.message ? (
                <p
                  role="alert"
                  data-testid="preflight-message"
                  className="rounded-2xl border border-danger/60 bg-surface px-4 py-3 text-sm"
                >
                  {view.preflight.invalid ? `${t("cart.cartInvalid")} ${view.preflight.message}` : view.preflight.message}
                </p>
              ) : null}
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                {view.personCount !== null ? <PersonCount count={view.personCount} /> : null}
                {promoCode}
              </div>
            </div>
            <div className="flex flex-col gap-4">
              {closedText ? (
                <p
                  role="status"
                  className="rounded-2xl border border-brand/60 bg-surface px-4 py-3 text-sm"
                  data-testid="day-off-notice"
                >
                  <strong className="block">{t("checkout.dayOffTitle")}</strong>
                  {closedText}
                </p>
              ) : null}
              <Totals view={view} />
              {where}
              {checkoutForm}
            </div>
          </div>
        )}
      </div>

      {dialogs}
    </div>
  );
}

/** The closed restaurant's notice: why ('уже закрыто', 'выходной'; nothing before opening), when it opens, what to do. */
function useClosedText(view: View): string | null {
  const { t } = useTranslation();
  if (!view.closed) return null;
  const { reason, next } = view.closed;
  const opens = !next
    ? ""
    : next.daysAhead === 0
      ? t("restos.opensToday", { time: next.time })
      : next.daysAhead === 1
        ? t("restos.opensTomorrow", { time: next.time })
        : t("restos.opensOn", { day: t(`menu.daysOn.${next.dayOfWeek}`), time: next.time });
  return [
    t(`checkout.closedReason.${reason}`),
    opens ? `${opens}.` : "",
    view.slots.length > 0 ? t("checkout.preOrderInvite") : t("checkout.noPreOrder"),
  ]
    .filter(Boolean)
    .join(" ");
}

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl bg-surface px-6 py-12 text-center" data-testid="cart-empty">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="56"
        height="56"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="text-muted"
      >
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      <p className="text-lg font-semibold">{t("cart.empty")}</p>
      <p className="text-muted">{t("cart.emptyHint")}</p>
      <Link to="/" className={primaryButton}>
        {t("cart.backToMenu")}
      </Link>
    </div>
  );
}

// the cart's prices are written with the pattern the server sent, not Intl: no ICU start-up in the hydration (ADR 117)
function CartLineItem({ line, currency, pattern }: { line: Line; currency: string; pattern: MoneyPattern | null }) {
  const { t } = useTranslation();
  const money = useMoney(currency, pattern);
  const fetcherKey = `cart-line-${line.key}`;
  const fetcher = useFetcher<CartActionData>({ key: fetcherKey });
  // another write on its way (ADR 119): this one waits for its answer, or it would start from the same cookie
  const queueWhileOthersWrite = useCartWrite(fetcherKey, fetcher).onSubmit;
  const pending = fetcher.formData;
  const pendingIntent = pending?.get("intent");
  // optimistic: the count (or the removal) the customer asked for, until the server answers
  const count = pendingIntent === "set-count" ? Number(pending?.get("count")) : pendingIntent === "remove" ? 0 : line.count;
  if (count <= 0) return null;
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 py-3" data-testid="cart-line">
      <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
        <p className="font-medium">{line.name}</p>
        {line.modifiers.length > 0 ? (
          <ul className="mt-1 text-sm text-muted" data-testid="cart-line-modifiers">
            {line.modifiers.map((m) => (
              <li key={m.raw}>{m.count > 1 ? t("cart.modifierCount", { name: m.name, count: m.count }) : m.name}</li>
            ))}
          </ul>
        ) : null}
        <p className="mt-1 text-sm text-muted">{money(line.unitPrice)}</p>
      </div>
      <div className="flex w-full items-center gap-3 sm:w-auto">
        <fetcher.Form
          method="post"
          action="/cart"
          preventScrollReset
          className="mr-auto flex items-center gap-2 sm:mr-0"
          onSubmit={queueWhileOthersWrite}
        >
          <input type="hidden" name="intent" value="set-count" />
          <input type="hidden" name="key" value={line.key} />
          <JsFlag />
          <button
            type="submit"
            name="count"
            value={count - 1}
            className={roundButton}
            aria-label={t("cart.decrease", { name: line.name })}
          >
            −
          </button>
          <output
            className="min-w-6 text-center font-semibold tabular-nums"
            aria-live="polite"
            aria-label={t("cart.count", { name: line.name, count })}
            data-testid="cart-line-count"
          >
            {count}
          </output>
          <button
            type="submit"
            name="count"
            value={count + 1}
            disabled={count >= 99}
            className={roundButton}
            aria-label={t("cart.increase", { name: line.name })}
          >
            +
          </button>
        </fetcher.Form>
        <span className="min-w-20 text-right font-semibold tabular-nums" data-testid="cart-line-sum">
          {money(line.unitPrice * count)}
        </span>
        <fetcher.Form method="post" action="/cart" preventScrollReset onSubmit={queueWhileOthersWrite}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="key" value={line.key} />
          <JsFlag />
          <button
            type="submit"
            className="inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-bg hover:text-fg"
            aria-label={t("cart.remove", { name: line.name })}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

function DroppedNotice({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      action="/cart"
      className="mt-3 flex flex-wrap items-center gap-2 rounded-2xl bg-bg px-3 py-2 text-sm"
      data-testid="cart-dropped"
    >
      <span className="flex-1">{t("cart.unavailable", { name: `×${count}` })}</span>
      <input type="hidden" name="intent" value="remove-unavailable" />
      <button type="submit" className="rounded-full border border-line px-3 py-1">
        {t("cart.removeUnavailable")}
      </button>
    </Form>
  );
}

function PersonCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CartActionData>({ key: "cart-person-count" });
  const write = useCartWrite("cart-person-count", fetcher);
  const pending = fetcher.formData?.get("personCount");
  const shown = pending ? Number(pending) : count;
  return (
    <Card title={t("cart.personCount")} id="person-count">
      <fetcher.Form method="post" action="/cart" preventScrollReset className="flex items-center gap-3" onSubmit={write.onSubmit}>
        <input type="hidden" name="intent" value="person-count" />
        <JsFlag />
        <button
          type="submit"
          name="personCount"
          value={shown - 1}
          disabled={shown <= 1}
          className={roundButton}
          aria-label={t("cart.decreasePersons")}
        >
          −
        </button>
        <output className="min-w-6 text-center font-semibold tabular-nums" aria-live="polite" data-testid="person-count">
          {shown}
        </output>
        <button
          type="submit"
          name="personCount"
          value={shown + 1}
          disabled={shown >= 99}
          className={roundButton}
          aria-label={t("cart.increasePersons")}
        >
          +
        </button>
      </fetcher.Form>
    </Card>
  );
}

function Totals({ view }: { view: View }) {
  const { t } = useTranslation();
  const money = useMoney(view.currency, view.moneyPattern);
  const row = "flex justify-between gap-4";
  return (
    <section aria-label={t("cart.total")} className="rounded-3xl bg-surface p-4 md:p-5" data-testid="cart-totals">
      <dl className="flex flex-col gap-1.5 text-sm">
        <div className={row}>
          <dt className="text-muted">{t("cart.itemsTotal")}</dt>
          <dd className="tabular-nums">{money(view.totals.items)}</dd>
        </div>
        {view.totals.discount > 0 ? (
          <div className={row}>
            <dt className="text-muted">{t("cart.discount")}</dt>
            <dd className="tabular-nums" data-testid="cart-discount">
              −{money(view.totals.discount)}
            </dd>
          </div>
        ) : null}
        {view.method === "DELIVERY" && view.totals.delivery !== null ? (
          <div className={row}>
            <dt className="text-muted">{t("cart.delivery")}</dt>
            <dd className="tabular-nums" data-testid="cart-delivery">
              {view.totals.delivery === 0 ? t("cart.deliveryFree") : money(view.totals.delivery)}
              {view.deliveryTime ? (
                <span className="ml-2 text-muted" data-testid="cart-delivery-time">
                  {t("cart.deliveryTime", { minutes: view.deliveryTime })}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div className={`${row} mt-1 border-t border-line pt-2 text-base font-semibold`}>
          <dt>{t("cart.total")}</dt>
          <dd className="tabular-nums" data-testid="cart-total">
            {money(view.totals.total)}
          </dd>
        </div>
      </dl>
      {view.threshold ? (
        <p className="mt-3 rounded-xl bg-bg px-3 py-2 text-sm" data-testid="cart-threshold">
          {view.threshold.status === "below-min" ? t("cart.minOrder") : t("cart.maxOrder")}: {money(view.threshold.amount)}
        </p>
      ) : null}
      {view.hint ? (
        <p className="mt-3 text-sm text-muted" data-testid="cart-hint">
          {view.hint.kind === "to-free"
            ? t("cart.hintToFree", { amount: money(view.hint.remaining) })
            : t("cart.hintToCheaper", { amount: money(view.hint.remaining), cost: money(view.hint.nextCost) })}
        </p>
      ) : null}
    </section>
  );
}
