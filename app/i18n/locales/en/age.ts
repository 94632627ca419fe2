import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/age";

/** English texts: the 18+ confirmation. */
const en: Widen<typeof ru> = {
  title: "Are you 18 or older?",
  text: "This section contains alcoholic drinks. Please confirm that you are at least 18 years old.",
  confirm: "Yes, I am 18+",
  locked: "18+ section",
  lockedText: "We show this section's items once you confirm your age.",
  ask: "Confirm age",
};

export default en;
