import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/promotions";

/** English texts: promotions. */
const en: Widen<typeof ru> = {
  title: "Promotions",
  empty: "No promotions right now",
  more: "Details",
  all: "All promotions",
  carousel: "Restaurant promotions",
  prev: "Previous promotion",
  next: "Next promotion",
  slide: "Promotion {{n}} of {{total}}",
  seoDescription: "Promotions and discounts of {{resto}}.",
};

export default en;
