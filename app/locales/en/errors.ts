import type { Widen } from "../types";
import type ru from "../ru/errors";

/** English texts: errors. */
const en: Widen<typeof ru> = {
  requestFailed: "The request failed",
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
