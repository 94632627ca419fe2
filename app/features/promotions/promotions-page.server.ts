/** Data of /promotions and its detail layer: the effective location's resto promotions. */
import { data } from "@remix-run/node";
import { effectiveLocation } from "~/features/location/location.server";
import { getContext } from "~server/context";
import { getState } from "~server/session";
import { upstreamFailure } from "~server/upstream/errors";
import { toPromotionViews } from "./promotion-view.server";

export async function loadPromotions(request: Request) {
  const { config, upstream } = getContext();
  const location = effectiveLocation(await getState(request, "storefront"), config.brand);
  if (!location?.restoId) return { restoName: null, promotions: [], degraded: false };
  const catalog = await upstream.boot.loadRestoCatalog(location.restoId).catch((error: unknown) => {
    throw upstreamFailure(error);
  });
  return { restoName: catalog.resto.name, promotions: toPromotionViews(catalog.promotions), degraded: catalog.degraded };
}

export function notFound() {
  return data("Not found", { status: 404 });
}
