/**
 * spec §4 boot / §2 popup (docs/decisions/090): on a customer's first visit (no saved city) home opens the
 * location popup — persistent, prefilled with the brand's default location — before any menu; crawlers (isbot)
 * get the default's menu. A first save whose cookie did not come back opens it again saying why (ADR 227).
 */
import { redirect } from "react-router";
import { isbot } from "isbot";
import { CHOICE_NOT_KEPT, FIRST_SAVE_MARK, homeVisit, popupFirst } from "~/lib/location-rules";
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
  const visit = homeVisit({ popupFirst: first, marked: rc.url.searchParams.has(FIRST_SAVE_MARK) });
  if (visit === "popup") throw redirect("/location");
  if (visit === "choiceNotKept") {
    // one customer's blocked cookies; many of them point at the deployment (a Secure cookie over plain HTTP, a proxy
    // that drops Set-Cookie): operators see it in the log
    rc.services.log("warn", "a first location save came back without its cookie", {});
    throw redirect(`/location?${CHOICE_NOT_KEPT.name}=${CHOICE_NOT_KEPT.value}`);
  }
  if (visit === "unmark") {
    const clean = new URL(rc.url);
    clean.searchParams.delete(FIRST_SAVE_MARK);
    throw redirect(clean.pathname + clean.search);
  }
}
