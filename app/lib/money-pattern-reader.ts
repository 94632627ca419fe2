/**
 * The server's half of ADR 117: reads from Intl how a locale writes a currency's amounts (`MoneyPattern`), once per
 * process, and keeps it only if it reproduces Intl's text exactly on a set of test amounts. Not imported by the
 * browser's code (only loaders send patterns), so none of it is in a first view.
 */
import { formatMoney, moneyParts } from "./money";
import { formatWithPattern, type MoneyPattern } from "./money-pattern";

/** the amounts (minor units) a pattern must write exactly as Intl does before it is used */
const SAMPLES = [
  0, 1, 5, 10, 99, 100, 150, 999, 1_000, 9_999, 10_000, 12_345, 99_999, 100_000, 123_456, 999_999, 1_000_000,
  1_234_567, 10_000_000, 12_345_678, 123_456_789, 1_234_567_890, 100_000_000_000, 123_456_789_012_345,
];

function around(parts: Intl.NumberFormatPart[]): [string, string] {
  const number = new Set(["integer", "group", "decimal", "fraction"]);
  const first = parts.findIndex((p) => number.has(p.type));
  let last = -1;
  parts.forEach((p, i) => {
    if (number.has(p.type)) last = i;
  });
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join("");
  return [text(parts.slice(0, first)), text(parts.slice(last + 1))];
}

/**
 * Reads the pattern from `intlFormat` (the formatter `formatMoney` would use: minor units → text) and its parts
 * (`partsOf(major)`); null when Intl cannot format the currency or the pattern does not reproduce it exactly.
 */
export function readMoneyPattern(
  locale: string,
  currency: string,
  intlFormat: (minor: number) => string,
  partsOf: (major: number) => Intl.NumberFormatPart[],
): MoneyPattern | null {
  try {
    const positive = partsOf(1_234_567.89);
    const negative = partsOf(-1_234_567.89);
    const group = positive.find((p) => p.type === "group")?.value;
    const decimal = positive.find((p) => p.type === "decimal")?.value;
    if (group === undefined || decimal === undefined) return null;
    const pattern: MoneyPattern = { locale, currency, positive: around(positive), negative: around(negative), group, decimal };
    for (const sample of SAMPLES) {
      for (const minor of sample === 0 ? [0] : [sample, -sample]) {
        if (formatWithPattern(pattern, minor) !== intlFormat(minor)) return null;
      }
    }
    return pattern;
  } catch {
    return null; // a currency code Intl refuses
  }
}

const read = new Map<string, MoneyPattern | null>();

/** The pattern of `currency` in `locale` (read once per process); null when it would not reproduce Intl exactly. */
export function moneyPattern(currency: string, locale: string): MoneyPattern | null {
  const key = `${locale}|${currency}`;
  if (!read.has(key)) {
    const parts = (major: number) => moneyParts(major, currency, locale, 2);
    read.set(key, readMoneyPattern(locale, currency, (minor) => formatMoney(minor, currency, locale), parts));
  }
  return read.get(key) ?? null;
}
