/**
 * The BCP 47 language tag of a storefront locale code, for `lang` attributes. The locale codes follow the
 * product's names (spec §2: ru, en, me), but `me` is Montenegro's country code, not a language: Montenegrin is
 * `cnr` (ISO 639-3), which screen readers and axe understand.
 */
const TAGS: Readonly<Record<string, string>> = { me: "cnr" };

export function langTag(locale: string): string {
  return TAGS[locale] ?? locale;
}
