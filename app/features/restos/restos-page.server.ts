import { interpolate } from "~/i18n/translator";
import { messagesFor } from "~/i18n/locale.server";
import { pageUrls } from "~/lib/page-urls";
/** Data of /restos and /restos/:restoId: the brand's restaurants (of the customer's city first). */
import { data } from "react-router";
import { effectiveLocation } from "~/features/location/location.server";
import { isNotFound } from "~server/upstream";
import { upstreamFailure } from "~server/upstream/errors";
import { toRestoCard, toRestoDetail } from "./resto-view.server";
import type { RequestContext } from "~server/context";

async function cityIdOf(rc: RequestContext) {
  const { config } = rc.services;
  return effectiveLocation(await rc.session.get("storefront"), config.brand)?.cityId ?? null;
}

/** spec §2 restos.index: the restaurants of the customer's city, by order then name. */
export async function loadRestoList(rc: RequestContext) {
  const { upstream } = rc.services;
  const cityId = await cityIdOf(rc);
  if (cityId === null) return { cityName: null, restos: [], degraded: false };
  try {
    const [summaries, city] = await Promise.all([upstream.catalog.restos(cityId), upstream.catalog.city(cityId).catch(() => null)]);
    const full = await Promise.all(summaries.value.map((s) => upstream.catalog.resto(s.id)));
    const now = upstream.clock.now();
    const restos = full
      .map((r) => r.value)
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
      .map((r) => toRestoCard(r, now));
    return { cityName: city?.value.name ?? null, restos, degraded: summaries.degraded || full.some((r) => r.degraded) };
  } catch (error) {
    throw upstreamFailure(error);
  }
}

/** spec §2 restos.show: one restaurant of this brand (any of its cities), else 404. */
export async function loadRestoDetail(rc: RequestContext, restoId: number) {
  const { upstream } = rc.services;
  try {
    const cities = await upstream.catalog.cities();
    const lists = await Promise.all(cities.value.map((c) => upstream.catalog.restos(c.id)));
    if (!lists.some((l) => l.value.some((r) => r.id === restoId))) throw data("Not found", { status: 404 });
    const resto = await upstream.catalog.resto(restoId);
    return { resto: toRestoDetail(resto.value, upstream.clock.now()), degraded: resto.degraded };
  } catch (error) {
    if (isNotFound(error)) throw data("Not found", { status: 404 });
    if (error && typeof error === "object" && "init" in error) throw error; // our own 404 above
    throw upstreamFailure(error);
  }
}

/** The 'Заведения' page: the list plus its canonical URLs and meta description. */
export async function loadRestoListPage(rc: RequestContext) {
  const list = await loadRestoList(rc);
  const messages = messagesFor(rc.locale);
  const description = interpolate(messages.restos.seoDescription, { brand: rc.config.brand.displayName });
  return { ...list, ...pageUrls(rc, "/restos"), description };
}
