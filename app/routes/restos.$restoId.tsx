import type { MetaDescriptor } from "react-router";
import { StaleNotice } from "~/components/StaleNotice";
import { data } from "react-router";
import { Link, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/react";
import { ldJson, restaurantLd } from "~/features/menu/jsonld";
import { ServerJsonLd } from "~/components/ui/ServerJsonLd";
import { rootInfo, seoMeta } from "~/shell/seo";
import { pageUrls } from "~/lib/page-urls";
import { RestoDetails } from "~/features/restos/RestoDetails";
import { loadRestoDetail } from "~/features/restos/restos-page.server";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/restos.$restoId";
import { requestContextOf } from "~/shell/request.server";
import { readPathId } from "~/lib/path-id";

/** spec §2 restos.show 'О заведении'. */
async function pageLoader({ context, params }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const id = readPathId(params.restoId);
  if (id === null) throw data("Not found", { status: 404 });
  const detail = await loadRestoDetail(rc, id);
  return { ...detail, ...pageUrls(rc, `/restos/${id}`) };
}
export const loader = withMessages("routes/restos.$restoId", pageLoader);

export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const { brand, locale } = rootInfo(matches);
  return seoMeta({
    title: [data?.resto.name, brand].filter(Boolean).join(" — "),
    description: [data?.resto.address, data?.resto.description].filter(Boolean).join(". "),
    canonical: data?.canonical,
    origin: data?.origin,
    image: data?.resto.photos[0],
    siteName: brand,
    locale,
    type: "restaurant.restaurant",
  });
}

export default function Resto() {
  const { resto, origin, degraded } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 pt-6">
      <StaleNotice show={degraded} />
      <Link to="/restos" className="w-fit text-sm text-muted hover:text-fg">
        ← {t("restos.allRestos")}
      </Link>
      <div>
        <p className="text-sm uppercase tracking-wide text-muted">{t("restos.detail")}</p>
        <h1 className="text-3xl font-bold">{resto.name}</h1>
      </div>
      <RestoDetails resto={resto} />
      <ServerJsonLd json={import.meta.env.SSR ? ldJson(restaurantLd(resto, origin)) : ""} />
    </div>
  );
}
