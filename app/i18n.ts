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

export function createI18n(locale: string, messages: Resource[string][string]): I18n {
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
