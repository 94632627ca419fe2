import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/places";

/** English texts: saved delivery places (issue 39 §1, ADR 180). */
const en: Widen<typeof ru> = {
  title: "Your addresses",
  apartment: "apt. {{value}}",
  entrance: "entrance {{value}}",
  floor: "floor {{value}}",
  current: "Selected now",
  forget: "Forget the address “{{address}}”",
  forgetAll: "Forget all addresses",
  outsideZones: "We don't deliver here at the moment: the address is outside the delivery area",
  noDelivery: "There is no delivery in this city at the moment",
  signedOut: "Sign in to use your saved addresses",
  missing: "This address is no longer among your saved ones",
  bad: "The request could not be processed. Reload the page and try again",
};

export default en;
