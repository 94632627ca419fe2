import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/search";

/** English texts: search. */
const en: Widen<typeof ru> = {
  title: "Search",
  placeholder: "Search",
  label: "Search the menu",
  back: "Back",
  submit: "Search",
  hint: "Type part of a dish or drink name",
  nothing: "Nothing found for “{{q}}”",
  found_one: "{{count}} item found",
  found_few: "{{count}} items found",
  found_many: "{{count}} items found",
  found_other: "{{count}} items found",
  noLocation: "Choose an address or a pickup point first",
};

export default en;
