/**
 * Position measure and cooking time (spec §3 "Measure units: g, pc, ml, cm"; spec §9 "Extended cooking label
 * above 1.5 hours"). Texts come from i18n: `menu.units.<unit>` with a `{{value}}` placeholder
 * (ru "{{value}} г", en "{{value}} g").
 */
import type { KnownMeasureUnit, MeasureUnit } from "~/lib/model";
import { EXTENDED_COOKING_MINUTES, KNOWN_MEASURE_UNITS } from "./constants";

export const MEASURE_UNITS: readonly KnownMeasureUnit[] = KNOWN_MEASURE_UNITS;

/** The i18n key of a unit: "menu.units.g" … */
export function measureUnitKey(unit: KnownMeasureUnit): `menu.units.${KnownMeasureUnit}` {
  return `menu.units.${unit}`;
}

function isKnownUnit(unit: MeasureUnit): unit is KnownMeasureUnit {
  return (MEASURE_UNITS as readonly string[]).includes(unit);
}

/** issue 19: a unit the spec does not list is shown as the upstream wrote it, when it is a short word ("kg", "л"). */
const PLAIN_UNIT = /^\p{L}{1,6}\.?$/u;

/** A translate function as i18next's `t` is used here. */
export type MeasureTranslate = (key: string, options: { value: string }) => string;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The measure's number for `locale`: up to 2 fraction digits, locale separators (0.5 → "0,5" in ru). */
export function formatMeasureValue(value: number, locale = "ru"): string {
  let nf = numberFormats.get(locale);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, nf);
  }
  return nf.format(value);
}

/**
 * "250 г", "2 шт", "0,5 мл" via `t("menu.units.<unit>", { value })`; an unknown unit that is a short word is
 * shown plainly ("0,5 kg"); null for no measure, any other unknown unit or a value that isn't a positive
 * finite number.
 */
export function formatMeasure(
  measure: { value: number; unit: MeasureUnit } | null | undefined,
  t: MeasureTranslate,
  locale = "ru",
): string | null {
  if (!measure || !Number.isFinite(measure.value) || measure.value <= 0) return null;
  const value = formatMeasureValue(measure.value, locale);
  if (isKnownUnit(measure.unit)) return t(measureUnitKey(measure.unit), { value });
  return PLAIN_UNIT.test(measure.unit) ? `${value} ${measure.unit}` : null;
}

/** spec §9: the extended-cooking label shows for a cooking time strictly above 90 minutes. */
export function isExtendedCooking(minutes: number | null | undefined): boolean {
  return typeof minutes === "number" && minutes > EXTENDED_COOKING_MINUTES;
}
