import { RemixI18Next } from "remix-i18next/server";
import { getContext } from "~server/context";
import { getState } from "~server/session";
import { createI18n, defaultLocale, isAppLocale, supportedLocales, type AppLocale } from "~/i18n/i18n";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";
import type { JsonText } from "~/lib/json-text";
import { messagesText, type MessageTree } from "~/i18n/messages";
import { pickMessages, ROUTE_MESSAGES, SHELL_MESSAGES, type RouteWithMessages } from "~/i18n/message-sets";

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
