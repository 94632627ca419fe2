import type { MetaDescriptor } from "react-router";
import { data } from "react-router";
import { useLoaderData, useSearchParams } from "react-router";
import { LayerError } from "~/components/ui/LayerError";
import { rootInfo, seoMeta } from "~/shell/seo";
import { pageUrls } from "~/lib/page-urls";
import { PromotionLayer } from "~/features/promotions/PromotionDetail";
import { loadPromotions } from "~/features/promotions/promotions-page.server";
import type { LayerHandle } from "~/shell/layouts";
import type { Route } from "./+types/promotions.$promotionId";
import { requestContextOf } from "~/shell/request.server";
import { readPathId } from "~/lib/path-id";

/** spec §2 promotions.show: the promotion as a layer over the list, or over home (`?from=home`, ADR 011). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const id = readPathId(params.promotionId);
  const { promotions } = await loadPromotions(rc);
  const promotion = id === null ? undefined : promotions.find((p) => p.id === id);
  if (!promotion) throw data("Not found", { status: 404 });
  const fromHome = rc.url.searchParams.get("from") === "home";
  return { promotion, closeTo: fromHome ? "/" : "/promotions", ...pageUrls(rc, `/promotions/${promotion.id}`) };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const { brand, locale } = rootInfo(matches);
  return seoMeta({
    title: [data?.promotion.title, brand].filter(Boolean).join(" — "),
    description: data?.promotion.description ?? "",
    canonical: data?.canonical,
    origin: data?.origin,
    image: data?.promotion.photo,
    siteName: brand,
    locale,
    type: "article",
  });
}

export const handle: LayerHandle = { layer: true };

export default function PromotionRoute() {
  const { promotion, closeTo } = useLoaderData<typeof loader>();
  return <PromotionLayer key={promotion.id} promotion={promotion} closeTo={closeTo} />;
}

/** a failing promotion layer fails inside the layer; the list (or home) stays behind it (issue 13 §6) */
export function ErrorBoundary() {
  const [params] = useSearchParams();
  return <LayerError closeTo={params.get("from") === "home" ? "/" : "/promotions"} />;
}
