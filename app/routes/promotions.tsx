import type { MetaDescriptor } from "react-router";
import { interpolate } from "~/i18n/translator";
import { StaleNotice } from "~/components/StaleNotice";
import { data } from "react-router";
import { useLoaderData, useOutlet } from "react-router";
import { useTranslation } from "~/i18n/react";
import { CatalogPage } from "~/features/menu/CatalogPage";
import { catalogHeaders, loadCatalogPage } from "~/features/menu/catalog-page.server";
import { rootInfo, seoMeta } from "~/shell/seo";
import { pageUrls } from "~/lib/page-urls";
import { PromotionList } from "~/features/promotions/PromotionList";
import { loadPromotions } from "~/features/promotions/promotions-page.server";
import { messagesFor } from "~/i18n/locale.server";
import { inertWhen } from "~/components/ui/inert";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/promotions";
import { requestContextOf } from "~/shell/request.server";

/**
 * spec §2 promotions.index 'Акции', and the parent of promotions.show: the detail layer shows over this
 * list, or — when the customer arrived from home (`?from=home`, ADR 011) — over the home page.
 */
async function pageLoader({ context, params }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const fromHome = Boolean(params.promotionId) && rc.url.searchParams.get("from") === "home";
  const messages = messagesFor(rc.locale);
  if (fromHome) {
    const home = await loadCatalogPage(rc);
    return data(
      { kind: "home" as const, home, list: null, ...pageUrls(rc, "/promotions"), description: "" },
      { headers: catalogHeaders() },
    );
  }
  const list = await loadPromotions(rc);
  const description = list.restoName ? interpolate(messages.promotions.seoDescription, { resto: list.restoName }) : "";
  return data(
    { kind: "list" as const, home: null, list, ...pageUrls(rc, "/promotions"), description },
    { headers: catalogHeaders() },
  );
}
export const loader = withMessages("routes/promotions", pageLoader);

export const headers = () => catalogHeaders();

export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const { brand, locale, text } = rootInfo(matches);
  const title = text("promotions.title", "Акции");
  return seoMeta({
    title: `${title} — ${brand}`,
    description: data?.description ?? "",
    canonical: data?.canonical,
    origin: data?.origin,
    image: data?.list?.promotions[0]?.photo,
    siteName: brand,
    locale,
  });
}

export default function Promotions() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // the promotion layer, when one is open: the list or home behind it is inert
  const layer = useOutlet();
  if (page.kind === "home" && page.home) {
    return <CatalogPage data={page.home} layer={layer} />;
  }
  return (
    <>
      <div className="flex flex-col gap-4 pt-6" {...inertWhen(layer !== null)}>
        <StaleNotice show={Boolean(page.list?.degraded)} />
        <h1 className="text-3xl font-bold">{t("promotions.title")}</h1>
        <PromotionList promotions={page.list?.promotions ?? []} />
      </div>
      {layer}
    </>
  );
}
