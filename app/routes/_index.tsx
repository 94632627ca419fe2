import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { effectiveLocation } from "~/features/location/location.server";
import { MenuSections } from "~/features/menu/MenuSections";
import { toMenuViews } from "~/features/menu/menu-view.server";
import { getContext, getState } from "~/services.server";
import { upstreamFailure } from "~/upstream-failure.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { brand?: { displayName: string } } | undefined;
  const brand = root?.brand?.displayName ?? "";
  return [{ title: data?.resto ? `${data.resto.name} — ${brand}` : brand }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { config, upstream } = getContext();
  const state = await getState(request, "storefront");
  const location = effectiveLocation(state, config.brand);
  if (!location?.restoId) {
    return data({ location, resto: null, menus: [], degraded: false });
  }
  try {
    const catalog = await upstream.boot.loadRestoCatalog(location.restoId);
    return data({
      location,
      resto: { id: catalog.resto.id, name: catalog.resto.name, currency: catalog.resto.currency, address: catalog.resto.address },
      menus: toMenuViews(catalog, location.method),
      degraded: catalog.degraded,
    });
  } catch (error) {
    throw upstreamFailure(error);
  }
}

export default function Home() {
  const { resto, menus, degraded, location } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 pt-4">
      {degraded ? (
        <p role="status" className="rounded-xl border border-brand/50 bg-surface px-4 py-3 text-sm">
          {t("app.staleNotice")}
        </p>
      ) : null}
      {resto ? (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h1 className="text-3xl font-bold">{resto.name}</h1>
            <p className="text-sm text-muted">
              {location?.method === "DELIVERY" ? t("location.delivery") : t("location.takeAway")} · {resto.address}
            </p>
          </div>
          {menus.length === 0 ? <p className="text-muted">{t("errors.noMenus")}</p> : <MenuSections menus={menus} currency={resto.currency} />}
        </>
      ) : (
        <div className="py-16 text-center">
          <h1 className="text-2xl font-semibold">{t("location.chooseLocation")}</h1>
        </div>
      )}
    </div>
  );
}
