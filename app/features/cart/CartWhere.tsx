import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { SchematicMap } from "~/features/map/SchematicMap";
import type { CartPageView } from "./cart-page.server";

type View = CartPageView;

const REDIRECT = "/cart";
const tab = "flex-1 rounded-full px-3 py-2 text-center text-sm font-medium";

/**
 * Delivery or takeaway, the address or point, and a small map of it, in the cart (spec §2 "Cart: … delivery or
 * takeaway, the address or point with a small map"; issue 36 §6). The switch is the location popup's own: switching
 * to takeaway posts its 'Сохранить' (intent=save) for the city's takeaway — the popup's action picks the point and
 * checks the cart, as it does for the popup — and comes back to the cart; switching to delivery opens the popup on
 * its delivery tab, where the address is given. Plain forms and links: the same without JavaScript. The map is the
 * schematic one (no Maps key needed), its point a link to the popup's map.
 */
export function CartWhere({ view }: { view: View }) {
  const { t } = useTranslation();
  const where = view.where;
  const popup = (extra: Record<string, string> = {}) =>
    `/location?${new URLSearchParams({ ...(where ? { city: String(where.cityId) } : {}), ...extra, redirectTo: REDIRECT })}`;
  const placeText =
    view.method === "DELIVERY"
      ? (view.place?.text ?? t("checkout.noAddress"))
      : view.resto
        ? `${view.resto.name}, ${view.resto.street}`
        : t("checkout.noAddress");
  return (
    <section
      aria-labelledby="checkout-where"
      className="flex flex-col gap-3 rounded-3xl bg-surface p-4 md:p-5"
      data-testid="cart-where"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="checkout-where" className="font-semibold">
          {t(`checkout.method.${view.method}`)}
        </h2>
        <Link to={popup()} className="text-sm underline underline-offset-4">
          {t("checkout.changeLocation")}
        </Link>
      </div>
      {where && where.methods.length > 1 ? (
        <div
          role="group"
          aria-label={t("checkout.methodSwitch")}
          className="flex gap-1 rounded-full bg-bg p-1"
          data-testid="method-switch"
        >
          {where.methods.map((method) =>
            method === view.method ? (
              <span key={method} aria-current="true" className={`${tab} bg-brand text-on-brand`}>
                {t(`checkout.method.${method}`)}
              </span>
            ) : method === "TAKE_AWAY" ? (
              <Form key={method} method="post" action="/location" className="flex flex-1">
                <input type="hidden" name="intent" value="save" />
                <input type="hidden" name="city" value={where.cityId} />
                <input type="hidden" name="method" value="TAKE_AWAY" />
                <input type="hidden" name="redirectTo" value={REDIRECT} />
                <button type="submit" className={`${tab} text-muted hover:text-fg`} data-testid="method-TAKE_AWAY">
                  {t(`checkout.method.${method}`)}
                </button>
              </Form>
            ) : (
              <Link
                key={method}
                to={popup({ method })}
                className={`${tab} text-muted hover:text-fg`}
                data-testid={`method-${method}`}
              >
                {t(`checkout.method.${method}`)}
              </Link>
            ),
          )}
        </div>
      ) : null}
      <p className="text-sm" data-testid="checkout-place">
        {placeText}
      </p>
      {where && (where.map.marker || where.map.point) ? (
        <div data-testid="cart-map">
          <SchematicMap
            compact
            label={t("checkout.map", { place: placeText })}
            bounds={where.map.bounds}
            zones={where.map.zones}
            mode={view.method}
            marker={where.map.marker}
            points={where.map.point ? [where.map.point] : []}
            selectedPointId={where.map.point?.id ?? null}
            pointHref={() => popup({ method: view.method, map: "1" })}
          />
        </div>
      ) : null}
    </section>
  );
}
