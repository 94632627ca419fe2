import { Link, useLocation } from "react-router";
import { StaleNotice } from "~/components/StaleNotice";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Image } from "~/components/ui/Image";
import { PromotionsCarousel } from "~/features/promotions/PromotionsCarousel";
import { RestoStateBadge } from "~/features/restos/RestoStateBadge";
import type { CatalogPageData, CatalogPageWire } from "./catalog-page.server";
import { fromJsonText } from "~/lib/json-text";
import { cachedLdJson, menuLd, restaurantLd } from "./jsonld";
import { MenuSections } from "./MenuSections";
import { ServerJsonLd } from "~/components/ui/ServerJsonLd";
import { inertWhen } from "~/components/ui/inert";

/**
 * The catalog page (spec §2, ADR 010): one combined menu page on desktop; on a phone the mobile home (menus,
 * promotions carousel, resto info) or one menu. When the first HTML was made for a desktop, CSS shows the
 * mobile home instead under 840 px; a phone's HTML is the mobile layout at every width.
 */
export function CatalogPage({ data: wire, layer = null }: { data: CatalogPageWire; layer?: ReactNode }) {
  const { t } = useTranslation();
  // the menus came as their JSON text (ADR 120): the same views for the same text
  const data: CatalogPageData = useMemo(() => ({ ...wire, menus: fromJsonText(wire.menus) }), [wire]);
  const { resto } = data;
  return (
    <>
      {/* under a layer (a position, the age gate, a promotion) the page is inert: Tab and readers stay in the layer */}
      <div className="flex flex-col gap-4 pt-4" {...inertWhen(layer !== null)}>
        <StaleNotice show={data.degraded} />
        {data.added ? <AddedNotice name={data.added} /> : null}
        {!resto ? (
          <div className="py-16 text-center">
            <h1 className="text-2xl font-semibold">{t("location.chooseLocation")}</h1>
          </div>
        ) : data.device === "mobile" ? (
          data.menuId ? (
            <MobileMenu data={data} />
          ) : (
            <MobileHome data={data} />
          )
        ) : data.menuId ? (
          <DesktopMenu data={data} />
        ) : (
          <>
            <div className="md:hidden">
              <MobileHome data={data} />
            </div>
            <div className="hidden md:block">
              <DesktopMenu data={data} />
            </div>
          </>
        )}
        {resto ? <StructuredData data={data} /> : null}
      </div>
      {layer}
    </>
  );
}

type WithResto = CatalogPageData & { resto: NonNullable<CatalogPageData["resto"]> };

function RestoHeading({ data, as = "h1" }: { data: WithResto; as?: "h1" | "p" }) {
  const { t } = useTranslation();
  const Tag = as;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <Tag className="text-3xl font-bold">{data.resto.name}</Tag>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <RestoStateBadge state={data.resto.state} />
        <span>
          {data.location?.method === "DELIVERY" ? t("location.delivery") : t("location.takeAway")} · {data.resto.address}
        </span>
      </p>
    </div>
  );
}

function DesktopMenu({ data }: { data: CatalogPageData }) {
  const { t } = useTranslation();
  if (!data.resto) return null;
  const withResto = data as WithResto;
  return (
    <div className="flex flex-col gap-6">
      <RestoHeading data={withResto} />
      <PromotionsCarousel promotions={data.promotions} />
      {data.menus.length === 0 ? (
        <p className="text-muted">{t("errors.noMenus")}</p>
      ) : (
        <MenuSections menus={data.menus} currency={data.resto.currency} paging={data.paging} />
      )}
    </div>
  );
}

function MobileHome({ data }: { data: CatalogPageData }) {
  const { t } = useTranslation();
  if (!data.resto) return null;
  const resto = data.resto;
  return (
    <div className="flex flex-col gap-6" data-testid="mobile-home">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{resto.name}</h1>
        <OrderingFrom data={data as WithResto} />
      </div>
      <section aria-labelledby="home-menus" className="flex flex-col gap-2">
        <h2 id="home-menus" className="text-xl font-semibold">
          {t("menu.menus")}
        </h2>
        {data.menuList.length === 0 ? <p className="text-muted">{t("errors.noMenus")}</p> : null}
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {data.menuList.map((m) => (
            <li key={m.id}>
              <Link
                to={`/menus/${m.id}`}
                className="flex items-center gap-3 rounded-2xl bg-surface p-3 hover:bg-line"
                data-testid="menu-link"
              >
                <Image src={m.photo} alt="" width={56} height={56} className="size-14 shrink-0 rounded-xl" />
                <span className="flex flex-col">
                  <span className="font-semibold">{m.name}</span>
                  <span className="text-sm text-muted">{t("menu.positions", { count: m.positionCount })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <PromotionsCarousel promotions={data.promotions} />
      <section aria-labelledby="home-resto" className="flex flex-col gap-2 rounded-2xl bg-surface p-4">
        <h2 id="home-resto" className="text-lg font-semibold">
          {t("menu.restoInfo")}
        </h2>
        <RestoStateBadge state={resto.state} />
        <p className="text-sm">{resto.address}</p>
        {resto.phone ? (
          <a href={`tel:${resto.phone.replace(/[^\d+]/g, "")}`} className="text-sm underline underline-offset-4">
            {resto.phone}
          </a>
        ) : null}
        <Link to={`/restos/${resto.id}`} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
          {t("restos.more")}
        </Link>
      </section>
    </div>
  );
}

function MobileMenu({ data }: { data: CatalogPageData }) {
  const { t } = useTranslation();
  const menu = data.menus[0];
  if (!data.resto || !menu) return null;
  return (
    <div className="flex flex-col gap-4">
      <Link to="/" className="inline-flex w-fit items-center gap-1 text-sm text-muted hover:text-fg">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m15 6-6 6 6 6" />
        </svg>
        {t("menu.backToHome")}
      </Link>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{menu.name}</h1>
        <OrderingFrom data={data as WithResto} />
      </div>
      <MenuSections menus={[menu]} currency={data.resto.currency} showMenuTitles={false} paging={data.paging} />
    </div>
  );
}

/**
 * Where the phone's menu orders from (issue 36 §5): the desktop header says it, a phone's has no room, so the page
 * does, under its heading, with the way to change it.
 */
function OrderingFrom({ data }: { data: WithResto }) {
  const { t } = useTranslation();
  const here = useLocation();
  const { resto } = data;
  const text =
    data.location?.method === "DELIVERY"
      ? t("menu.whereDelivery", { name: resto.name })
      : t("menu.whereTakeAway", { name: resto.name, address: resto.address });
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-muted" data-testid="ordering-from">
      <span>{text}</span>
      <Link
        to={`/location?redirectTo=${encodeURIComponent(here.pathname + here.search)}`}
        className="font-medium text-fg underline underline-offset-4"
      >
        {t("menu.whereChange")}
      </Link>
    </p>
  );
}

function AddedNotice({ name }: { name: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("added");
  const rest = params.toString();
  return (
    <div
      role="status"
      // above the cookie consent bar while that is shown (styles.css)
      className="fixed inset-x-4 bottom-[calc(1rem+var(--consent-bar,0px))] z-[2300] mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-fg px-4 py-3 text-bg shadow-2xl"
      data-testid="added-notice"
      data-fixed-bottom=""
      data-inverse=""
    >
      <span className="flex-1 text-sm font-medium">{t("menu.added", { name })}</span>
      <Link to="/cart" className="text-sm font-semibold underline underline-offset-4">
        {t("menu.toCart")}
      </Link>
      <Link
        to={location.pathname + (rest ? `?${rest}` : "")}
        preventScrollReset
        replace
        aria-label={t("menu.dismiss")}
        className="rounded-full p-1"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </Link>
    </div>
  );
}

/** schema.org Restaurant with its menus (only the menus this HTML lists). */
function StructuredData({ data }: { data: CatalogPageData }) {
  const { t } = useTranslation();
  if (!data.resto) return null;
  const { resto, origin } = data;
  // built on the server only, once per catalog views and minute (ADR 108, ADR 110: not in the browser's bundle)
  const json = import.meta.env.SSR
    ? cachedLdJson(resto, data.menus, `${origin}\n${t("menu.other")}`, () => {
        const menus = data.menus.map((m) => ({
          ...m,
          groups: m.groups.map((g) => ({ ...g, name: g.id === 0 ? t("menu.other") : g.name })),
        }));
        return restaurantLd(resto, origin, menus.length ? { hasMenu: menus.map((m) => menuLd(m, resto.currency, origin)) } : {});
      })
    : "";
  return <ServerJsonLd json={json} />;
}
