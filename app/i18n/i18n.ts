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

const serverInstances = new Map<string, { messages: unknown; instance: Translator }>();

/**
 * The translator of a locale's messages. On the server one per locale serves every request (the messages
 * object is the same module constant each time); in the browser a new one is made when the language changes.
 */
export function createI18n(locale: string, messages: object): Translator {
  if (typeof document !== "undefined") return createTranslator(locale, messages as never);
  const cached = serverInstances.get(locale);
  if (cached && cached.messages === messages) return cached.instance;
  const instance = createTranslator(locale, messages as never);
  serverInstances.set(locale, { messages, instance });
  return instance;
}
