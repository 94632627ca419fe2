import { interpolate } from "~/i18n/translator";
/**
 * Data of the catalog pages (home, /menus/:menuId, and home under a promotion layer): the effective
 * location's resto, its menus for the chosen delivery method, promotions, and the device the first HTML is
 * for (ADR 010). Desktop gets every menu (one combined page); a phone gets the mobile home (menus list,
 * promotions, resto info) or one menu.
 */
import { data, redirect } from "react-router";
import { messagesFor } from "~/i18n/locale.server";
import { effectiveLocation } from "~/features/location/location.server";
import { locationFirst } from "~/features/location/first-visit.server";
import { toPromotionViews } from "~/features/promotions/promotion-view.server";
import { restoStateNow } from "~/features/restos/resto-view.server";
import { upstreamFailure } from "~server/upstream/errors";
import { deviceOf, DEVICE_VARY_HEADERS } from "./device.server";
import { isAdultConfirmed, toMenuSummaries, toMenuViews, type MenuView } from "./menu-view.server";
import { pageMenus, type MenuPaging } from "./menu-paging";
import { pageUrls } from "~/lib/page-urls";
import { shared } from "~/lib/shared-value";
import { createMinuteMemo } from "~/lib/minute-memo";
import { toJsonText, type JsonText } from "~/lib/json-text";
import type { DeliveryMethod } from "~/lib/model";
import type { RestoCatalog } from "~server/upstream";
import type { RequestContext } from "~server/context";

const NONE: MenuView[] = [];
const NO_MENUS: JsonText<MenuView[]> = toJsonText(NONE);

export async function loadCatalogPage(rc: RequestContext, options: { menuId?: number } = {}) {
  const { config, upstream } = rc.services;
  const device = deviceOf(rc.request);
  const urls = pageUrls(rc, options.menuId ? `/menus/${options.menuId}` : "/");
  const location = effectiveLocation(await rc.session.get("storefront"), config.brand);
  const adultConfirmed = await isAdultConfirmed(rc);
  const base = { device, location, adultConfirmed, ...urls, menuId: options.menuId ?? null };
  if (!location?.restoId) {
    // spec §2: a menu URL with no restaurant chosen is an unknown path: home (which opens the popup)
    if (options.menuId) throw redirect("/");
    return { ...base, added: null, resto: null, menus: NO_MENUS, paging: null as MenuPaging | null, menuList: [], promotions: [], degraded: false };
  }
  const catalog = await upstream.boot.loadRestoCatalog(location.restoId).catch((error: unknown) => {
    throw upstreamFailure(error);
  });
  const now = upstream.clock.now();
  const views = catalogViews(catalog, location.method, now, adultConfirmed);
  // spec §2: a menu of another restaurant (or method) is an unknown path here: home, never a dead end
  if (options.menuId && !views.menuList.some((m) => m.id === options.menuId)) throw redirect("/");
  const all = device === "desktop" || options.menuId;
  // after an add without JavaScript (or a layer's fetcher) the menu URL names the position that went in
  const search = rc.url.searchParams;
  const addedId = Number(search.get("added"));
  const addedName = addedId ? (catalog.menus.flatMap((m) => m.positions).find((p) => p.id === addedId)?.name ?? null) : null;
  // a phone's menu page shows its own menu only; a large menu is served in pages of whole groups (ADR 107)
  const menus = !all ? NONE : device === "mobile" && options.menuId ? phoneMenu(catalog, location.method, now, adultConfirmed, options.menuId) : views.menus;
  const paged = pagedViews(menus, search.get("page"), search.get("through"));
  return {
    added: addedName,
    ...base,
    resto: views.resto,
    // one JSON string, made once per menus object (ADR 120): turbo-stream copies it instead of walking the menus
    menus: toJsonText(paged.menus),
    paging: paged.paging,
    menuList: views.menuList,
    promotions: views.promotions,
    degraded: catalog.degraded,
  };
}

const memo = createMinuteMemo<RestoCatalog, ReturnType<typeof buildCatalogViews>>();

/**
 * The views of a catalog for a delivery method and age confirmation, the same objects for every request of the
 * same catalog within one minute of the clock (ADR 108: built once, and caches further down key on them).
 */
function catalogViews(catalog: RestoCatalog, method: DeliveryMethod, now: Date, adultConfirmed: boolean) {
  return memo(catalog, now, `${method}|${adultConfirmed}`, () => buildCatalogViews(catalog, method, now, adultConfirmed));
}

type PagedViews = ReturnType<typeof pageMenus>;

const pagesOf = new WeakMap<MenuView[], Map<string, PagedViews>>();
/** the ranges kept per menus object; past it they are forgotten and made again (the range is the URL's, anyone's) */
const RANGES_KEPT = 32;

/**
 * The page of `menus` a URL's `?page=` and `?through=` ask for, the same objects for the same menus and
 * parameters (ADR 133): `menus` is a view shared for a minute (ADR 108), so its pages are made once, and with them
 * their JSON text (ADR 120, made once per object), not on every request (a large menu's page was a new array per
 * request: its text stringified and the document key's digest of it taken again each time).
 */
function pagedViews(menus: MenuView[], page: string | null, through: string | null): PagedViews {
  let ranges = pagesOf.get(menus);
  if (!ranges) {
    ranges = new Map();
    pagesOf.set(menus, ranges);
  }
  const key = JSON.stringify([page, through]);
  let paged = ranges.get(key);
  if (!paged) {
    if (ranges.size >= RANGES_KEPT) ranges.clear();
    paged = shared(pageMenus(menus, page, through));
    ranges.set(key, paged);
  }
  return paged;
}

const phoneMenus = createMinuteMemo<RestoCatalog, MenuView[]>();

/** A phone's menu page: its own menu only (the same array within the minute, like the views it comes from). */
function phoneMenu(catalog: RestoCatalog, method: DeliveryMethod, now: Date, adultConfirmed: boolean, menuId: number) {
  return phoneMenus(catalog, now, `${method}|${adultConfirmed}|${menuId}`, () =>
    catalogViews(catalog, method, now, adultConfirmed).menus.filter((m) => m.id === menuId),
  );
}

function buildCatalogViews(catalog: RestoCatalog, method: DeliveryMethod, now: Date, adultConfirmed: boolean) {
  const { resto } = catalog;
  return {
    menuList: toMenuSummaries(catalog, method),
    menus: toMenuViews(catalog, method, { now, adultConfirmed }),
    resto: {
      id: resto.id,
      name: resto.name,
      currency: resto.currency,
      address: resto.address,
      street: resto.street,
      phone: resto.phones[0]?.value ?? null,
      photo: resto.photos[0]?.url ?? null,
      openingHours: resto.openingHours,
      timezone: resto.timezone,
      state: restoStateNow(resto, now),
    },
    promotions: toPromotionViews(catalog.promotions),
  };
}

/** what the loaders send: the menus as their JSON text (ADR 120) */
export type CatalogPageWire = Awaited<ReturnType<typeof loadCatalogPage>>;
/** what the page renders: the menus as views again (`fromJsonText`) */
export type CatalogPageData = Omit<CatalogPageWire, "menus"> & { menus: MenuView[] };

export function catalogHeaders() {
  return DEVICE_VARY_HEADERS;
}

/** The home page (desktop: the whole menu); no location yet and no default: the location popup first. */
export async function loadHomePage(rc: RequestContext) {
  // spec §4 boot: a first visit (no saved city) opens the location popup first (ADR 090)
  locationFirst(rc, await rc.session.get("storefront"), rc.config.brand);
  const page = await loadCatalogPage(rc);
  const messages = messagesFor(rc.locale);
  const description = page.resto ? interpolate(messages.menu.seoDescription, { resto: page.resto.name }) : "";
  return data({ ...page, description }, { headers: catalogHeaders() });
}
