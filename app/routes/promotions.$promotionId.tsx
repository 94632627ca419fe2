import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { LayerError } from "~/components/ui/LayerError";
import { rootInfo, seoMeta } from "~/shell/seo";
import { pageUrls } from "~/shell/seo.server";
import { PromotionLayer } from "~/features/promotions/PromotionDetail";
import { loadPromotions } from "~/features/promotions/promotions-page.server";
import type { LayerHandle } from "~/shell/layouts";

/** spec §2 promotions.show: the promotion as a layer over the list, or over home (`?from=home`, ADR 011). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.promotionId);
  const { promotions } = await loadPromotions(request);
  const promotion = Number.isSafeInteger(id) ? promotions.find((p) => p.id === id) : undefined;
  if (!promotion) throw data("Not found", { status: 404 });
  const fromHome = new URL(request.url).searchParams.get("from") === "home";
  return { promotion, closeTo: fromHome ? "/" : "/promotions", ...pageUrls(request, `/promotions/${promotion.id}`) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
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
};

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
