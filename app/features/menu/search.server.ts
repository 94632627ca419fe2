import { redirectTarget } from "~/lib/redirect-target";
import { effectiveLocation } from "~/features/location/location.server";
import { isAdultConfirmed, searchPositions } from "~/features/menu/menu-view.server";
import { pageUrls } from "~/lib/page-urls";
import { upstreamFailure } from "~server/upstream/errors";
import type { RequestContext } from "~server/context";

/** The search view's data: positions of the current restaurant's menus matching `?q=`. */
export async function loadSearchPage(rc: RequestContext) {
  const url = rc.url;
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const back = redirectTarget(url.searchParams.get("from"), "/");
  const { config, upstream } = rc.services;
  const location = effectiveLocation(await rc.session.get("storefront"), config.brand);
  const base = { q, back: back.startsWith("/search") ? "/" : back, ...pageUrls(rc, "/search") };
  if (!location?.restoId) return { ...base, hasLocation: false, results: [], currency: "RUB" };
  const catalog = await upstream.boot.loadRestoCatalog(location.restoId).catch((error: unknown) => {
    throw upstreamFailure(error);
  });
  const results = searchPositions(catalog, location.method, q, { now: upstream.clock.now(), adultConfirmed: await isAdultConfirmed(rc) });
  return { ...base, hasLocation: true, results, currency: catalog.resto.currency };
}
