/**
 * i18n shared by server and browser. The root loader sends the chosen language's messages once;
 * both sides build the same translator from them (no second request, no other languages shipped).
 * remix-i18next detects the locale on the server (locale.server.ts).
 */
import { createTranslator, type Translator } from "~/i18n/translator";

export const supportedLocales = ["ru", "en"] as const;
export type AppLocale = (typeof supportedLocales)[number];
export const defaultLocale: AppLocale = "ru";

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (supportedLocales as readonly string[]).includes(value);
}

const serverInstances = new WeakMap<object, Translator>();

/**
 * The translator of a locale's messages. On the server one per message tree serves every request (the shell's tree
 * merged with a page's own is the same object each time, ADR 122); in the browser a new one is made when the
 * language or the page's messages change.
 */
export function createI18n(locale: string, messages: object): Translator {
  if (!import.meta.env.SSR) return createTranslator(locale, messages as never);
  const cached = serverInstances.get(messages);
  if (cached && cached.language === locale) return cached;
  const instance = createTranslator(locale, messages as never);
  serverInstances.set(messages, instance);
  return instance;
}
