import type { MetaDescriptor } from "react-router";
import { interpolate } from "~/i18n/translator";
import { data, redirect } from "react-router";
import { useLoaderData, useOutlet } from "react-router";
import { CatalogPage } from "~/features/menu/CatalogPage";
import { catalogHeaders, loadCatalogPage } from "~/features/menu/catalog-page.server";
import { rootInfo, seoMeta } from "~/shell/seo";
import type { NumbersHandle } from "~/shell/layouts";
import { messagesFor } from "~/i18n/locale.server";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/menus.$menuId";
import { requestContextOf } from "~/shell/request.server";
import { readPathId } from "~/lib/path-id";

/** spec §2 menus.show: a phone's menu page; on desktop the combined menu page (ADR 010). */
export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const { brand, locale } = rootInfo(matches);
  const menu = data?.menuList.find((m) => m.id === data.menuId);
  return seoMeta({
    title: [menu?.name, data?.resto?.name, brand].filter(Boolean).join(" — "),
    description: data?.description ?? "",
    canonical: data?.canonical,
    origin: data?.origin,
    image: menu?.photo ?? data?.resto?.photo,
    siteName: brand,
    locale,
    type: "restaurant.menu",
  });
}

async function pageLoader({ context, params }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const menuId = readPathId(params.menuId);
  // spec §2: an unknown path (and a menu of another restaurant, see loadCatalogPage) redirects home
  if (menuId === null) throw redirect("/");
  const page = await loadCatalogPage(rc, { menuId });
  const messages = messagesFor(rc.locale);
  const description = page.resto ? interpolate(messages.menu.seoDescription, { resto: page.resto.name }) : "";
  return data({ ...page, description }, { headers: catalogHeaders() });
}
export const loader = withMessages("routes/menus.$menuId", pageLoader);

// the first page's cards are kept as the server sent them (ADR 106): the hydration formats no price (ADR 117);
// a position or the age gate over the menu is a deeper route: the page is then its own (layouts.ts)
export const handle: NumbersHandle = { hydratesNumbers: false };

export const headers = () => catalogHeaders();

export default function MenuPage() {
  const page = useLoaderData<typeof loader>();
  // a position or the age gate over the menu, when one is open
  return <CatalogPage data={page} layer={useOutlet()} />;
}
