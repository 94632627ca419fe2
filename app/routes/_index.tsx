import type { MetaDescriptor } from "react-router";
import { useLoaderData } from "react-router";
import { CatalogPage } from "~/features/menu/CatalogPage";
import { catalogHeaders, loadHomePage } from "~/features/menu/catalog-page.server";
import { rootInfo, seoMeta } from "~/shell/seo";
import type { NumbersHandle } from "~/shell/layouts";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/_index";
import { requestContextOf } from "~/shell/request.server";

export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const { brand, locale } = rootInfo(matches);
  const title = data?.resto ? `${data.resto.name} — ${brand}` : brand;
  return seoMeta({
    title,
    description: data?.description ?? "",
    canonical: data?.canonical,
    origin: data?.origin,
    image: data?.resto?.photo,
    siteName: brand,
    locale,
    type: "restaurant.menu",
  });
}

// the first page's cards are kept as the server sent them (ADR 106): the hydration formats no price (ADR 117)
export const handle: NumbersHandle = { hydratesNumbers: false };

export const loader = withMessages("routes/_index", ({ context }: Route.LoaderArgs) => loadHomePage(requestContextOf(context)));

export const headers = () => catalogHeaders();

export default function Home() {
  const page = useLoaderData<typeof loader>();
  return <CatalogPage data={page} />;
}
