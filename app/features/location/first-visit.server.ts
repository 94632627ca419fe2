/**
 * spec §4 boot / §2 popup (docs/decisions/090): on a customer's first visit (no saved city) home opens the
 * location popup — persistent, prefilled with the brand's default location — before any menu; crawlers (isbot)
 * get the default's menu.
 */
import { redirect } from "react-router";
import { isbot } from "isbot";
import { popupFirst } from "~/lib/location-rules";
import type { Brand } from "~server/brand";
import type { StorefrontState } from "~server/session";
import type { RequestContext } from "~server/context";

/** Throws the redirect to the popup when this visitor must choose (or confirm) a location first. */
export function locationFirst(rc: RequestContext, state: StorefrontState, brand: Brand): void {
  const hasSavedCity = state.city_id !== undefined;
  const first = popupFirst({
    hasSavedCity,
    hasDefault: brand.defaultLocation != null,
    // only a visitor without a saved city can be asked first: the crawler check (a long regular expression) is theirs
    isBot: !hasSavedCity && isbot(rc.request.headers.get("user-agent") ?? ""),
  });
  if (first) throw redirect("/location");
}
