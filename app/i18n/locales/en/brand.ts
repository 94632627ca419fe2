import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/brand";

/** English texts: brand. */
const en: Widen<typeof ru> = {
  consentText: "We use cookies to make the site work and to understand how it is used.",
  consentAccept: "Accept",
  consentLabel: "Cookie consent",
  migrated: "We moved your cart and address over from the previous version of the site.",
  migratedDropped_one: "We moved your data over from the previous version of the site; {{count}} value is no longer available and was removed.",
  migratedDropped_few: "We moved your data over from the previous version of the site; {{count}} values are no longer available and were removed.",
  migratedDropped_many: "We moved your data over from the previous version of the site; {{count}} values are no longer available and were removed.",
  migratedDropped_other: "We moved your data over from the previous version of the site; {{count}} values are no longer available and were removed.",
  dismiss: "Got it",
  navigating: "Loading the page",
};

export default en;
