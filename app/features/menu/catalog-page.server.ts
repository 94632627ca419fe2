import { interpolate } from "~/i18n/translator";
/**
 * Data of the catalog pages (home, /menus/:menuId, and home under a promotion layer): the effective
 * location's resto, its menus for the chosen delivery method, promotions, and the device the first HTML is
 * for (ADR 010). Desktop gets every menu (one combined page); a phone gets the mobile home (menus list,
 * promotions, resto info) or one menu.
 */
import { data, redirect } from "@remix-run/node";
import { getLocale, messagesFor } from "~/i18n/locale.server";
import { effectiveLocation } from "~/features/location/location.server";
import { locationFirst } from "~/features/location/first-visit.server";
import { toPromotionViews } from "~/features/promotions/promotion-view.server";
import { restoStateNow } from "~/features/restos/resto-view.server";
import { getContext } from "~server/context";
import { getState } from "~server/session";
import { upstreamFailure } from "~server/upstream/errors";
import { deviceOf, DEVICE_VARY_HEADERS } from "./device.server";
import { isAdultConfirmed, toMenuSummaries, toMenuViews } from "./menu-view.server";
import { pageMenus, type MenuPaging } from "./menu-paging";
import { pageUrls } from "~/shell/seo.server";

export async function loadCatalogPage(request: Request, options: { menuId?: number } = {}) {
  const { config, upstream } = getContext();
  const device = deviceOf(request);
  const urls = pageUrls(request, options.menuId ? `/menus/${options.menuId}` : "/");
  const location = effectiveLocation(await getState(request, "storefront"), config.brand);
  const adultConfirmed = await isAdultConfirmed(request);
  const base = { device, location, adultConfirmed, ...urls, menuId: options.menuId ?? null };
  if (!location?.restoId) {
    // spec §2: a menu URL with no restaurant chosen is an unknown path: home (which opens the popup)
    if (options.menuId) throw redirect("/");
    return { ...base, added: null, resto: null, menus: [], paging: null as MenuPaging | null, menuList: [], promotions: [], degraded: false };
  }
  const catalog = await upstream.boot.loadRestoCatalog(location.restoId).catch((error: unknown) => {
    throw upstreamFailure(error);
  });
  {
    const now = upstream.clock.now();
    const menuList = toMenuSummaries(catalog, location.method);
    // spec §2: a menu of another restaurant (or method) is an unknown path here: home, never a dead end
    if (options.menuId && !menuList.some((m) => m.id === options.menuId)) throw redirect("/");
    const all = device === "desktop" || options.menuId;
    const menus = all ? toMenuViews(catalog, location.method, { now, adultConfirmed }) : [];
    const { resto } = catalog;
    const search = new URL(request.url).searchParams;
    // a phone's menu page shows its own menu only; a large menu is served in pages of whole groups (ADR 107)
    const paged = pageMenus(device === "mobile" && options.menuId ? menus.filter((m) => m.id === options.menuId) : menus, search.get("page"), search.get("through"));
    // after an add without JavaScript (or a layer's fetcher) the menu URL names the position that went in
    const addedId = Number(search.get("added"));
    const addedName = addedId
      ? (catalog.menus.flatMap((m) => m.positions).find((p) => p.id === addedId)?.name ?? null)
      : null;
    return {
      added: addedName,
      ...base,
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
      menus: paged.menus,
      paging: paged.paging,
      menuList,
      promotions: toPromotionViews(catalog.promotions),
      degraded: catalog.degraded,
    };
  }
}

export type CatalogPageData = Awaited<ReturnType<typeof loadCatalogPage>>;

export function catalogHeaders() {
  return DEVICE_VARY_HEADERS;
}

/** The home page (desktop: the whole menu); no location yet and no default: the location popup first. */
export async function loadHomePage(request: Request) {
  // spec §4 boot: a first visit (no saved city) opens the location popup first (ADR 090)
  locationFirst(request, await getState(request, "storefront"), getContext().config.brand);
  const page = await loadCatalogPage(request);
  const messages = messagesFor(await getLocale(request));
  const description = page.resto ? interpolate(messages.menu.seoDescription, { resto: page.resto.name }) : "";
  return data({ ...page, description }, { headers: catalogHeaders() });
}
