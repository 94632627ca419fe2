/**
 * Plurals (spec §9 "Russian plural with 4 forms"): Intl.PluralRules categories one / few / many / other —
 * 1 позиция, 2 позиции, 5 позиций, 1,5 позиции (fractions are "other").
 */

/** The four Russian forms, as an object or as a tuple [one, few, many, other]. */
export type RuPluralForms =
  { one: string; few: string; many: string; other: string } | readonly [one: string, few: string, many: string, other: string];

/** Forms for any locale: `other` is required, every other CLDR category optional (falls back to other). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let pr = rules.get(locale);
  if (!pr) {
    pr = new Intl.PluralRules(locale);
    rules.set(locale, pr);
  }
  return pr;
}

/** The CLDR plural category of `n` in `locale` (cardinal). NaN and ±Infinity give "other". */
export function pluralCategory(locale: string, n: number): Intl.LDMLPluralRule {
  if (!Number.isFinite(n)) return "other";
  return pluralRules(locale).select(n);
}

/** Picks the form of `n` for `locale`; a category the forms lack falls back to `other`. */
export function plural(locale: string, n: number, forms: PluralForms): string {
  return forms[pluralCategory(locale, n)] ?? forms.other;
}

/** Russian: pluralRu(5, ["позиция", "позиции", "позиций", "позиции"]) → "позиций". */
export function pluralRu(n: number, forms: RuPluralForms): string {
  const byCategory = Array.isArray(forms)
    ? { one: forms[0], few: forms[1], many: forms[2], other: forms[3] }
    : (forms as Exclude<RuPluralForms, readonly string[]>);
  return plural("ru", n, byCategory);
}
