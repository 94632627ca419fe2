/**
 * Money in minor units (spec §3 "Prices are in minor units (divide by 100)", §9 "Currency up to 2 fraction
 * digits, minor units /100"). Every amount in the domain is a safe integer of minor units; only display turns
 * it into a decimal. Sums and products go through the checked helpers so an overflow is an error, never a
 * silently rounded price.
 */
import { MINOR_UNITS_PER_MAJOR, MONEY_MAX_FRACTION_DIGITS } from "./constants";

/** True for a safe integer (an amount in minor units; negatives allowed, e.g. discounts). */
export function isMinorAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

function assertMinor(value: number, what = "amount"): number {
  if (!isMinorAmount(value)) throw new RangeError(`${what} must be a safe integer of minor units, got ${String(value)}`);
  return value;
}

/**
 * Major units (e.g. 350.5 roubles) → minor units (35050), rounded half away from zero on the decimal value
 * (so 1.005 → 101, which plain `Math.round(1.005 * 100)` gets wrong). Throws on a non-finite input or a result
 * outside the safe-integer range.
 */
export function toMinor(major: number): number {
  if (!Number.isFinite(major)) throw new RangeError(`not a finite amount: ${String(major)}`);
  const text = String(Math.abs(major));
  // Shift the decimal point in the text, not in binary floating point.
  const shifted = text.includes("e") ? Math.abs(major) * MINOR_UNITS_PER_MAJOR : Number(`${text}e2`);
  const minor = Math.sign(major) * Math.round(shifted);
  return assertMinor(minor === 0 ? 0 : minor, "result");
}

/** Minor units → major units (35050 → 350.5). */
export function fromMinor(minor: number): number {
  assertMinor(minor);
  const major = minor / MINOR_UNITS_PER_MAJOR;
  return major === 0 ? 0 : major; // no -0
}

/** Checked sum of minor amounts; throws RangeError if an operand or the result is not a safe integer. */
export function sumMinor(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) total = assertMinor(total + assertMinor(amount), "sum");
  return total;
}

/** Checked sum of the given minor amounts. */
export function addMinor(...amounts: number[]): number {
  return sumMinor(amounts);
}

/** Checked product of a unit price (minor units) and an integer count. */
export function multiplyMinor(unit: number, count: number): number {
  assertMinor(unit, "unit price");
  if (!Number.isSafeInteger(count)) throw new RangeError(`count must be an integer, got ${String(count)}`);
  const product = unit * count;
  return assertMinor(product === 0 ? 0 : product, "product");
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Intl's currency formatter, one per locale, currency and fraction digits; the narrow symbol ("₽", "$", "€"). */
export function moneyFormatter(locale: string, currency: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: MONEY_MAX_FRACTION_DIGITS,
    });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * Currencies whose symbol customers read after the amount in whatever language the page is in (issue 36 §4: an
 * English page of a Russian restaurant writes "390 ₽", as the menu board does, not "RUB 390" nor "₽390").
 */
const SYMBOL_AFTER = new Set(["RUB", "BYN", "KZT", "UAH", "KGS", "UZS", "TJS", "AMD", "AZN", "GEL", "MDL", "RSD"]);

/**
 * The parts of an amount (major units) as the storefront writes it: Intl's, in the locale's separators, with the
 * currency's narrow symbol; for a currency of `SYMBOL_AFTER`, the symbol after the number ("-390 ₽").
 */
export function moneyParts(major: number, currency: string, locale: string, fractionDigits: 0 | 2): Intl.NumberFormatPart[] {
  const parts = moneyFormatter(locale, currency, fractionDigits).formatToParts(major);
  if (!SYMBOL_AFTER.has(currency.toUpperCase())) return parts;
  const numberTypes = new Set(["integer", "group", "decimal", "fraction"]);
  const first = parts.findIndex((p) => numberTypes.has(p.type));
  const symbol = parts.findIndex((p) => p.type === "currency");
  if (first < 0 || symbol < 0 || symbol > first) return parts;
  // the symbol and the space around it leave the front; the sign stays before the number
  const rest = parts.filter((p, i) => i !== symbol && !(p.type === "literal" && /^\s+$/.test(p.value)));
  return [...rest, { type: "literal", value: "\u00a0" }, parts[symbol]!];
}

/**
 * Formats minor units for display (spec §9): whole amounts without fraction digits ("350 ₽"), others with
 * exactly two ("350,50 ₽", never "350,5 ₽"). Intl decides separators and spacing (ru-RU uses no-break spaces:
 * "1 234 ₽" is "1\u00a0234\u00a0₽"), the narrow symbol is written, after the amount for the currencies whose
 * customers read it so ("390 ₽" in English too). An unknown currency code falls back to "<number> <code>" instead
 * of throwing.
 */
export function formatMoney(minor: number, currency = "RUB", locale = "ru-RU"): string {
  const major = fromMinor(minor);
  const digits: 0 | 2 = minor % MINOR_UNITS_PER_MAJOR === 0 ? 0 : 2;
  try {
    return moneyParts(major, currency, locale, digits)
      .map((p) => p.value)
      .join("");
  } catch {
    const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(major);
    return `${number}\u00a0${currency}`;
  }
}
