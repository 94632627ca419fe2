import { RemixI18Next } from "remix-i18next/server";
import { getContext } from "~server/context";
import { getState } from "~server/session";
import { createI18n, defaultLocale, isAppLocale, supportedLocales, type AppLocale } from "~/i18n/i18n";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";
import { toJsonText } from "~/lib/json-text";

/** Locale detection on the server (remix-i18next) and the message tables of each language. */
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

/**
 * A locale's messages as the one JSON string the root loader sends (ADR 112, through `toJsonText`, ADR 120): built
 * once per locale, so a document pays neither the serialisation nor turbo-stream's walk of ~1,000 values.
 */
export function messagesJsonFor(locale: AppLocale): string {
  return toJsonText(messagesByLocale[locale]);
}

/** The translate function of a locale, for texts an action or loader answers with. */
export function translatorFor(locale: AppLocale) {
  return createI18n(locale, messagesFor(locale)).t;
}
