import type { MetaDescriptor } from "react-router";
import { StaleNotice } from "~/components/StaleNotice";
import { Link, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Image } from "~/components/ui/Image";
import { rootInfo, seoMeta } from "~/shell/seo";
import { loadRestoListPage } from "~/features/restos/restos-page.server";
import { RestoStateBadge } from "~/features/restos/RestoStateBadge";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/restos._index";
import { requestContextOf } from "~/shell/request.server";

/** spec §2 restos.index 'Заведения': the restaurants of the customer's city with today's state. */
async function pageLoader({ context }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  return loadRestoListPage(rc);
}
export const loader = withMessages("routes/restos._index", pageLoader);

export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const { brand, locale, text } = rootInfo(matches);
  return seoMeta({
    title: `${text("restos.title", "Заведения")} — ${brand}`,
    description: data?.description ?? "",
    canonical: data?.canonical,
    origin: data?.origin,
    image: data?.restos[0]?.photo,
    siteName: brand,
    locale,
  });
}

export default function Restos() {
  const { restos, cityName, degraded } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 pt-6">
      <StaleNotice show={degraded} />
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-3xl font-bold">{t("restos.title")}</h1>
        {cityName ? <p className="text-muted">{cityName}</p> : null}
      </div>
      {restos.length === 0 ? <p className="text-muted">{t("restos.empty")}</p> : null}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {restos.map((r) => (
          <li key={r.id} className="overflow-hidden rounded-2xl bg-surface" data-testid="resto-card">
            <Link to={`/restos/${r.id}`} className="flex h-full flex-col">
              <Image src={r.photo} alt="" width={640} height={360} className="aspect-video w-full" />
              <span className="flex flex-col gap-2 p-4">
                <span className="text-lg font-semibold">{r.name}</span>
                <span className="text-sm text-muted">{r.address}</span>
                <RestoStateBadge state={r.state} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
