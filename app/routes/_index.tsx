import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { effectiveLocation } from "~/features/location/location.server";
import { getContext, getState } from "~/services.server";
import { useLoaderData } from "@remix-run/react";
import { CatalogPage } from "~/features/menu/CatalogPage";
import { catalogHeaders, loadCatalogPage } from "~/features/menu/catalog-page.server";
import { rootInfo, seoMeta } from "~/features/menu/seo";
import { getLocale, messagesFor } from "~/root-data.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
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
};

export async function loader({ request }: LoaderFunctionArgs) {
  // spec §4 boot: with no saved city and no default location the location popup comes first
  const { config } = getContext();
  if (!effectiveLocation(await getState(request, "storefront"), config.brand)) throw redirect("/location");
  const page = await loadCatalogPage(request);
  const messages = messagesFor(await getLocale(request));
  const description = page.resto ? messages.menu.seoDescription.replace("{{resto}}", page.resto.name) : "";
  return data({ ...page, description }, { headers: catalogHeaders() });
}

export const headers = () => catalogHeaders();

export default function Home() {
  const page = useLoaderData<typeof loader>();
  return <CatalogPage data={page} />;
}
