import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/react-i18n";
import { Image } from "~/components/ui/Image";
import { formatMeasure } from "~/lib/measure";
import { formatMoney } from "~/lib/money";
import { availabilityText } from "./availability";
import type { PositionCardView } from "./menu-view.server";

/**
 * A position card (issue 4 §2): photo (placeholder when missing or failing), name, measure, the
 * extended-cooking label, price and either an add form posting to the cart action (a plain form without
 * JavaScript, a fetcher with it), a link to the detail layer (positions with modifiers), or when it is
 * outside its time slots, when it becomes available.
 */
export function PositionCard({ position, currency }: { position: PositionCardView; currency: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const price = formatMoney(position.price, currency, i18n.language);
  const detailUrl = `/menus/${position.menuId}/positions/${position.id}`;
  const measure = formatMeasure(position.measure, t, i18n.language);
  const busy = fetcher.state !== "idle";
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-surface" data-testid="position-card" id={`position-${position.id}`}>
      <Link to={detailUrl} preventScrollReset className="block" tabIndex={-1} aria-hidden="true">
        <Image src={position.photo} alt="" loading="lazy" decoding="async" width={320} height={240} className={`aspect-[4/3] w-full ${position.available ? "" : "opacity-60"}`} />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h4 className="text-base font-medium leading-snug">
          <Link to={detailUrl} preventScrollReset className="hover:underline">
            {position.name}
          </Link>
        </h4>
        <p className="flex flex-wrap gap-x-2 text-sm text-muted">
          {measure ? <span>{measure}</span> : null}
          {position.longCooking ? <span className="text-brand">{t("menu.extendedCooking")}</span> : null}
        </p>
        {position.available ? null : (
          <p className="text-sm font-medium text-brand" data-testid="position-unavailable">
            {availabilityText(t, position.next)}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <span className="whitespace-nowrap text-lg font-semibold" data-testid="position-price">
            {position.hasModifiers ? t("menu.from", { price }) : price}
          </span>
          {!position.available ? null : position.hasModifiers ? (
            <Link
              to={detailUrl}
              preventScrollReset
              className="rounded-full bg-brand px-3 py-1.5 text-sm font-semibold text-on-brand"
              aria-label={t("menu.chooseNamed", { name: position.name })}
            >
              {t("menu.choose")}
            </Link>
          ) : (
            <fetcher.Form method="post" action="/cart" preventScrollReset>
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="positionId" value={position.id} />
              <input type="hidden" name="menuId" value={position.menuId} />
              <input type="hidden" name="count" value="1" />
              <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
              <button
                type="submit"
                disabled={busy}
                className="rounded-full bg-brand px-3 py-1.5 text-sm font-semibold text-on-brand disabled:opacity-60"
                aria-label={t("menu.addToCartNamed", { name: position.name })}
              >
                {t("menu.addToCart")}
              </button>
            </fetcher.Form>
          )}
        </div>
      </div>
    </li>
  );
}
