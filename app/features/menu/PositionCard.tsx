import type { TFunction } from "~/i18n/react";
import { Image } from "~/components/ui/Image";
import { formatMeasure } from "~/lib/measure";
import { formatMoney } from "~/lib/money";
import { availabilityText } from "./availability";
import type { PositionCardView } from "./menu-view.server";

export interface PositionCardProps {
  position: PositionCardView;
  currency: string;
  t: TFunction;
  lang: string;
  /** where the cart action sends the customer back to without JavaScript */
  redirectTo: string;
  /** an add of this position is in flight (JavaScript only) */
  busy?: boolean;
  /** "first": the page's likely largest paint (eager, high priority); "eager"; or "lazy" below the fold */
  photo?: "first" | "eager" | "lazy";
}

/**
 * A position card (issue 4 §2): photo (placeholder when missing or failing), name, measure, the
 * extended-cooking label, price and either an add form posting to the cart action, a link to the detail
 * layer (positions with modifiers), or when it is outside its time slots, when it becomes available.
 *
 * Plain links and a plain form, no router hooks: the card is a function of its props, so the server can
 * render a grid of them once and reuse the HTML (ADR 043). With JavaScript, CardGrid turns the links into
 * client navigations and the form into a fetcher submission by delegation. Its links carry no `data-discover`:
 * the grid marks them for React Router's route discovery once the browser is idle (ADR 134).
 */
export function PositionCard({ position, currency, t, lang, redirectTo, busy = false, photo = "lazy" }: PositionCardProps) {
  // React 18 passes the lowercase attribute through as is (it does not know `fetchPriority` yet)
  const priority = photo === "first" ? ({ fetchpriority: "high" } as Record<string, string>) : {};
  const price = formatMoney(position.price, currency, lang);
  const detailUrl = `/menus/${position.menuId}/positions/${position.id}`;
  const measure = formatMeasure(position.measure, t, lang);
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-surface" data-testid="position-card" id={`position-${position.id}`}>
      <a href={detailUrl} data-nav="" className="block" tabIndex={-1} aria-hidden="true">
        <Image src={position.photo} alt="" loading={photo === "lazy" ? "lazy" : "eager"} decoding="async" {...priority} width={320} height={240} className={`aspect-[4/3] w-full ${position.available ? "" : "opacity-60"}`} />
      </a>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h4 className="text-base font-medium leading-snug">
          <a href={detailUrl} data-nav="" className="hover:underline">
            {position.name}
          </a>
        </h4>
        {measure || position.longCooking ? (
          <p className="flex flex-wrap gap-x-2 text-sm text-muted">
            {measure ? <span>{measure}</span> : null}
            {position.longCooking ? <span className="text-brand">{t("menu.extendedCooking")}</span> : null}
          </p>
        ) : null}
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
            <a
              href={detailUrl}
              data-nav=""
              className="rounded-full bg-brand px-3 py-1.5 text-sm font-semibold text-on-brand"
              aria-label={t("menu.chooseNamed", { name: position.name })}
            >
              {t("menu.choose")}
            </a>
          ) : (
            <form method="post" action="/cart" data-add-form={`${position.menuId}-${position.id}`}>
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="positionId" value={position.id} />
              <input type="hidden" name="menuId" value={position.menuId} />
              {/* no count: the cart action adds 1 by default (ADR 107: one element less per card) */}
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button
                type="submit"
                disabled={busy}
                className="rounded-full bg-brand px-3 py-1.5 text-sm font-semibold text-on-brand disabled:opacity-60"
                aria-label={t("menu.addToCartNamed", { name: position.name })}
              >
                {t("menu.addToCart")}
              </button>
            </form>
          )}
        </div>
      </div>
    </li>
  );
}
