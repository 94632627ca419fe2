import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/errors";

/** English texts: errors. */
const en: Widen<typeof ru> = {
  requestFailed: "The request failed",
  formRejected: "The form could not be sent. Reload the page and try again.",
  honeypotLabel: "Leave this field empty",
  unknown: "Unknown error",
  notFoundTitle: "Page not found",
  errorTitle: "Something went wrong",
  retry: "Try again",
  toHome: "To the home page",
  cookieTooLarge: "Could not save: too much data. Remove some items from the cart and try again",
  noRestos: "No restaurants are linked",
  noMenus: "The restaurants of the chosen city have no menus",
  noZones: "No delivery zones",
};

export default en;
