/** Data of /promotions and its detail layer: the effective location's resto promotions. */
import { data } from "react-router";
import { effectiveLocation } from "~/features/location/location.server";
import { upstreamFailure } from "~server/upstream/errors";
import { toPromotionViews } from "./promotion-view.server";
import type { RequestContext } from "~server/context";

export async function loadPromotions(rc: RequestContext) {
  const { config, upstream } = rc.services;
  const location = effectiveLocation(await rc.session.get("storefront"), config.brand);
  if (!location?.restoId) return { restoName: null, promotions: [], degraded: false };
  const catalog = await upstream.boot.loadRestoCatalog(location.restoId).catch((error: unknown) => {
    throw upstreamFailure(error);
  });
  return { restoName: catalog.resto.name, promotions: toPromotionViews(catalog.promotions), degraded: catalog.degraded };
}

export function notFound() {
  return data("Not found", { status: 404 });
}
