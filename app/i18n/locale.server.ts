import Negotiator from "negotiator";
import { RemixI18Next } from "remix-i18next/server";
import type { Brand } from "~server/brand";
import { createI18n, defaultLocale, isAppLocale, supportedLocales, type AppLocale } from "~/i18n/i18n";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";
import type { JsonText } from "~/lib/json-text";
import { messagesText, type MessageTree } from "~/i18n/messages";
import { pickMessages, ROUTE_MESSAGES, SHELL_MESSAGES, type RouteWithMessages } from "~/i18n/message-sets";

/** Locale detection on the server (remix-i18next) and the message tables of each language. */
const messagesByLocale = { ru, en } as const;

export interface LocaleDetector {
  /** The locale of a request: the saved choice (`app_locale` of the prefs cookie), else the browser's languages, else the brand default. */
  detect(request: Request, saved: string | undefined): Promise<AppLocale>;
}

/** Locale detection with remix-i18next over the brand's offered languages; made once at start (the services). */
export function createLocaleDetector(brand: Pick<Brand, "locales">): LocaleDetector {
  const offered = brand.locales.offered.filter(isAppLocale);
  const supported: string[] = offered.length ? offered : [...supportedLocales];
  const fallback = isAppLocale(brand.locales.default) ? brand.locales.default : defaultLocale;
  // remix-i18next's own header detection takes the browser's first language only (de-DE,de;q=0.9,en;q=0.8 gave the
  // default, not English) and can choose a language marked q=0; negotiator ranks every range (ADR 222)
  const byHeader = new RemixI18Next({
    detection: {
      supportedLanguages: supported,
      fallbackLanguage: fallback,
      order: ["custom"],
      findLocale: async (request) => preferredLanguage(request.headers.get("accept-language"), supported),
    },
  });
  return {
    async detect(request, saved) {
      // the customer's choice wins over Accept-Language
      if (saved && supported.includes(saved) && isAppLocale(saved)) return saved;
      const locale = await byHeader.getLocale(request);
      return isAppLocale(locale) ? locale : defaultLocale;
    },
  };
}

/**
 * The offered language the browser's Accept-Language accepts most (RFC 9110 §12.5.4: q-values, `*`, a longer tag such
 * as en-GB counting for en, q=0 refusing), or null when it accepts none.
 */
export function preferredLanguage(acceptLanguage: string | null, offered: readonly string[]): string | null {
  if (!acceptLanguage) return null;
  return new Negotiator({ headers: { "accept-language": acceptLanguage } }).language([...offered]) ?? null;
}

export function messagesFor(locale: AppLocale) {
  return messagesByLocale[locale];
}

const texts = new Map<string, JsonText<MessageTree>>();

/** the text of `paths` of a locale's messages, made once per locale and set */
function setText(locale: AppLocale, name: string, paths: readonly string[]): JsonText<MessageTree> {
  const key = `${locale} ${name}`;
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = messagesText(pickMessages(messagesByLocale[locale] as MessageTree, paths))));
  return text;
}

/**
 * The shell's messages (ADR 122) as the one JSON string the root loader sends (ADR 112, through `toJsonText`,
 * ADR 120): built once per locale, so a document pays neither the serialisation nor turbo-stream's walk of them.
 */
export function shellMessagesText(locale: AppLocale): JsonText<MessageTree> {
  return setText(locale, "", SHELL_MESSAGES);
}

/** A page's own messages (ADR 122), sent by its route loader beside the shell's: once per locale and route. */
export function routeMessagesText(locale: AppLocale, routeId: RouteWithMessages): JsonText<MessageTree> {
  return setText(locale, routeId, ROUTE_MESSAGES[routeId]);
}

/** The translate function of a locale, for texts an action or loader answers with. */
export function translatorFor(locale: AppLocale) {
  return createI18n(locale, messagesFor(locale)).t;
}
