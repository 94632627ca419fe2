import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/pwa";

const pwa: Widen<typeof ru> = {
  offlineTitle: "You are offline",
  offlineText: "Check your internet connection. The menu and ordering come back with it.",
  retry: "Reload",
  staleMenu: "This menu was saved while you were online: prices may be out of date. You can order once you are back online.",
  savedAt: "Saved {{time}}",
  noMenu: "No saved menu.",
};

export default pwa;
