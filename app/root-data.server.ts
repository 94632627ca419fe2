import { data } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { publicBrand } from "~server/brand";
import { defaultLocale, isAppLocale, supportedLocales, type AppLocale } from "~/i18n";
import en from "~/locales/en";
import ru from "~/locales/ru";
import { getPerson, personDisplayName } from "~/features/auth/auth.server";
import { commitHeaders, getContext, getState, wasReset } from "~/services.server";
import { locationSummary } from "~/features/location/location.server";

const messagesByLocale = { ru, en } as const;

let detector: RemixI18Next | undefined;
function localeDetector() {
  if (!detector) {
    const { brand } = getContext().config;
    const offered = brand.locales.offered.filter(isAppLocale);
    detector = new RemixI18Next({
      detection: {
        supportedLanguages: offered.length ? offered : [...supportedLocales],
        fallbackLanguage: isAppLocale(brand.locales.default) ? brand.locales.default : defaultLocale,
        order: ["custom", "header"],
        // the customer's choice (app_locale in the prefs cookie) wins over Accept-Language
        findLocale: async (request) => (await getState(request, "prefs")).app_locale ?? null,
      },
    });
  }
  return detector;
}

/** The locale of this request: the saved choice, else the browser's languages, else the brand default. */
export async function getLocale(request: Request): Promise<AppLocale> {
  const locale = await localeDetector().getLocale(request);
  return isAppLocale(locale) ? locale : defaultLocale;
}

export function messagesFor(locale: AppLocale) {
  return messagesByLocale[locale];
}

export async function loadRootData(request: Request) {
  const { config } = getContext();
  const locale = await getLocale(request);
  const [storefront, person, prefs, storageReset] = await Promise.all([
    getState(request, "storefront"),
    getPerson(request).catch(() => null),
    getState(request, "prefs"),
    wasReset(request),
  ]);
  const location = await locationSummary(storefront, config.brand, getContext().upstream, locale);
  const cartCount = storefront.cart_positions.reduce((sum, line) => sum + line.count, 0);
  const brand = publicBrand(config.brand);
  const offeredLocales = config.brand.locales.offered.filter(isAppLocale);
  return data(
    {
      locale,
      offeredLocales,
      messages: messagesFor(locale),
      brand,
      favicon: config.brand.favicon,
      description: config.brand.description,
      demo: config.demo,
      cartCount,
      location,
      consentAccepted: prefs.person_cookies_consent_accepted === true,
      adultConfirmed: prefs.person_adulthood_confirmed === true,
      /** spec §1: stored state of another white-label or version was dropped; the browser clears its storage */
      storageReset,
      // signed in only with profile + both tokens (spec §4); the name follows effectiveProfile (spec §3); no tokens here
      person: person ? { name: personDisplayName(person.profile) } : null,
    },
    { headers: await commitHeaders(request) },
  );
}

export type RootData = Awaited<ReturnType<typeof loadRootData>>["data"];
