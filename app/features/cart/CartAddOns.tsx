import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { JsFlag } from "~/components/ui/JsFlag";
import { useMoney } from "~/components/ui/useMoney";
import { useCartWrite } from "~/features/forms/use-cart-write";
import type { MoneyPattern } from "~/lib/money-pattern";
import type { AddOnView } from "./add-ons.server";
import type { CartActionData } from "./cart-actions.server";

/**
 * Issue 39 (ADR 185): under the cart's lines, the positions the cart lacks by the brand's rules, each added with one
 * tap. A plain form posting the menu cards' `intent=add` to the cart action: without JavaScript its 303 comes back
 * to the cart; with it a fetcher (in the cart writes' queue, ADR 119) and the cart revalidates in place.
 */
export function CartAddOns({
  addOns,
  currency,
  pattern,
  refused,
}: {
  addOns: readonly AddOnView[];
  currency: string;
  pattern: MoneyPattern | null;
  /** a refused add's message, without JavaScript (the cart action's answer); with it each item's fetcher has its own */
  refused?: string | null;
}) {
  const { t } = useTranslation();
  if (addOns.length === 0) return null;
  return (
    <section aria-labelledby="cart-add-ons" className="rounded-3xl bg-surface p-4 md:p-5" data-testid="cart-add-ons">
      <h2 id="cart-add-ons" className="mb-3 text-lg font-semibold">
        {t("cart.addOns.title")}
      </h2>
      {refused ? <AddRefused message={refused} /> : null}
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {addOns.map((addOn) => (
          <AddOnItem key={`${addOn.menuId}-${addOn.positionId}`} addOn={addOn} currency={currency} pattern={pattern} />
        ))}
      </ul>
    </section>
  );
}

function AddRefused({ message }: { message: string }) {
  return (
    <p role="alert" className="mb-2 mt-1 text-sm" data-testid="add-on-refused">
      {message}
    </p>
  );
}

/**
 * The position's photo, decorative (the name is beside it). A plain `<img data-photo>`: a photo that fails to load is
 * covered by styles.css's placeholder without a script (ADR 152), so the cart's first view does not load the Image
 * component for it; a missing photo is the same placeholder drawn here.
 */
function Thumb({ src }: { src: string | null }) {
  const box = "size-14 shrink-0 rounded-xl bg-surface";
  if (src) return <img src={src} alt="" width={56} height={56} loading="lazy" decoding="async" data-photo="" className={`${box} object-cover`} />;
  return (
    <span aria-hidden="true" className={`${box} flex items-center justify-center text-muted`} data-placeholder="">
      <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="1.6" />
        <path d="m4 17 5-5 4 4 3-3 4 4" />
      </svg>
    </span>
  );
}

function AddOnItem({ addOn, currency, pattern }: { addOn: AddOnView; currency: string; pattern: MoneyPattern | null }) {
  const { t } = useTranslation();
  const money = useMoney(currency, pattern);
  const fetcherKey = `cart-add-on-${addOn.menuId}-${addOn.positionId}`;
  const fetcher = useFetcher<CartActionData>({ key: fetcherKey });
  const write = useCartWrite(fetcherKey, fetcher);
  const pending = fetcher.state !== "idle";
  const refused = !pending && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-2xl bg-bg p-2" data-testid="add-on">
      <Thumb src={addOn.photo} />
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm font-medium leading-snug">{addOn.name}</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="text-sm tabular-nums">{money(addOn.price)}</span>
          <fetcher.Form method="post" action="/cart" preventScrollReset onSubmit={write.onSubmit}>
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="positionId" value={addOn.positionId} />
            <input type="hidden" name="menuId" value={addOn.menuId} />
            <JsFlag />
            <button
              type="submit"
              disabled={pending}
              aria-busy={pending || undefined}
              className="rounded-full bg-brand px-3 py-1.5 text-sm font-semibold text-on-brand disabled:opacity-60"
              aria-label={t(pending ? "cart.addOns.addingNamed" : "cart.addOns.addNamed", { name: addOn.name })}
              data-testid="add-on-add"
            >
              {pending ? t("cart.addOns.adding") : t("cart.addOns.add")}
            </button>
          </fetcher.Form>
        </div>
        {refused ? <AddRefused message={refused} /> : null}
      </div>
    </li>
  );
}
