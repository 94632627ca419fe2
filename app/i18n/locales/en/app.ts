import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/app";

/** English texts: app. */
const en: Widen<typeof ru> = {
  close: "Close",
  confirmTitle: "Confirm?",
  cancel: "Cancel",
  ok: "OK",
  skipToContent: "Skip to content",
  loading: "Loading…",
  language: "Language",
  languageNames: { ru: "Русский", en: "English", me: "Crnogorski" },
  mainNavigation: "Main navigation",
  cart: "Cart",
  cartWithCount_one: "Cart: {{count}} item",
  cartWithCount_few: "Cart: {{count}} items",
  cartWithCount_many: "Cart: {{count}} items",
  cartWithCount_other: "Cart: {{count}} items",
  signIn: "Sign in",
  menu: "Menu",
  promotions: "Promotions",
  restos: "Restaurants",
  termsOfSale: "Payment security",
  demoNotice: "Demo mode: the data is not real and orders are not delivered",
  staleNotice: "No connection to the server: showing the saved menu; ordering is paused for now",
};

export default en;
