import { data } from "react-router";
import { publicBrand } from "~server/brand";
import { versionedUrl } from "~server/asset-version.mjs";
import { isAppLocale } from "~/i18n/i18n";
import { shellMessagesText } from "~/i18n/locale.server";
import { personLabel } from "~/features/auth/auth.server";
import { locationSummary } from "~/features/location/location.server";
import { appleTouchIcon } from "~/features/pwa/icons.server";
import type { RequestContext } from "~server/context";

export async function loadRootData(rc: RequestContext) {
  const { config } = rc.services;
  const locale = rc.locale;
  const [storefront, person, prefs, storageReset] = await Promise.all([
    rc.session.get("storefront"),
    rc.person.get().catch(() => null),
    rc.session.get("prefs"),
    rc.session.wasReset(),
  ]);
  const location = await locationSummary(storefront, config.brand, rc.services.upstream, locale);
  const cartCount = storefront.cart_positions.reduce((sum, line) => sum + line.count, 0);
  // the mark and favicon by their content version: the browser may keep them for a year (server.mjs)
  const brand = { ...publicBrand(config.brand), mark: versionedUrl(config.brand.mark) };
  const offeredLocales = config.brand.locales.offered.filter(isAppLocale);
  return data(
    {
      locale,
      offeredLocales,
      /** the shell's messages as one JSON string (ADR 112, 122; a page's own come with its route's data) */
      i18n: shellMessagesText(locale),
      brand,
      favicon: versionedUrl(config.brand.favicon),
      /** the brand's PNG home-screen icon for iOS, when the build made it (issue 36 §7) */
      appleTouchIcon: appleTouchIcon(rc),
      description: config.brand.description,
      demo: config.demo,
      cartCount,
      location,
      consentAccepted: prefs.person_cookies_consent_accepted === true,
      adultConfirmed: prefs.person_adulthood_confirmed === true,
      /** spec §1: stored state of another white-label or version was dropped; the browser clears its storage */
      storageReset,
      // signed in only with profile + both tokens (spec §4); the name follows effectiveProfile (spec §3); no tokens here
      person: person ? personLabel(person.profile) : null,
    },
    // every page: what does not fit is left out and logged (ADR 144), never a 500
    { headers: (await rc.session.commitWhatFits()).headers },
  );
}
