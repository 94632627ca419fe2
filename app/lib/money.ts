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

/** Intl's currency formatter, one per locale, currency and fraction digits. */
export function moneyFormatter(locale: string, currency: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: MONEY_MAX_FRACTION_DIGITS,
    });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * Formats minor units for display (spec §9): whole amounts without fraction digits ("350 ₽"), others with
 * exactly two ("350,50 ₽", never "350,5 ₽"). Intl decides symbol, separators and spacing (ru-RU uses
 * no-break spaces: "1 234 ₽" is "1\u00a0234\u00a0₽"). An unknown currency code falls back to
 * "<number> <code>" instead of throwing.
 */
export function formatMoney(minor: number, currency = "RUB", locale = "ru-RU"): string {
  const major = fromMinor(minor);
  const digits: 0 | 2 = minor % MINOR_UNITS_PER_MAJOR === 0 ? 0 : 2;
  try {
    return moneyFormatter(locale, currency, digits).format(major);
  } catch {
    const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(major);
    return `${number}\u00a0${currency}`;
  }
}
