/**
 * i18n shared by server and browser. The root loader sends the chosen language's messages once;
 * both sides build an i18next instance from them (no second request, no other languages shipped).
 */
import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

export const supportedLocales = ["ru", "en"] as const;
export type AppLocale = (typeof supportedLocales)[number];
export const defaultLocale: AppLocale = "ru";
export const defaultNS = "common";

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (supportedLocales as readonly string[]).includes(value);
}

const serverInstances = new Map<string, { messages: unknown; instance: I18n }>();

/**
 * The i18next instance for a locale's messages. On the server one instance per locale serves every
 * request (the messages object is the same module constant each time); in the browser a new one is made
 * when the language changes.
 */
export function createI18n(locale: string, messages: Resource[string][string]): I18n {
  if (typeof document !== "undefined") return makeI18n(locale, messages);
  const cached = serverInstances.get(locale);
  if (cached && cached.messages === messages) return cached.instance;
  const instance = makeI18n(locale, messages);
  serverInstances.set(locale, { messages, instance });
  return instance;
}

function makeI18n(locale: string, messages: Resource[string][string]): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    ns: [defaultNS],
    defaultNS,
    resources: { [locale]: { [defaultNS]: messages } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}
