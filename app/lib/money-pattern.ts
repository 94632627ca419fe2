/**
 * Money formatting without ICU in the browser (ADR 117). A page's first `Intl.NumberFormat` costs Chromium 25–35 ms
 * of ICU initialisation, a long task of its own. The server (where Intl is cheap) reads from Intl how a locale writes
 * amounts of a currency — the text before and after the number, the group and decimal separators, for a positive and
 * a negative amount — and sends that pattern with the page; the browser formats with it, with string operations
 * only. A pattern is made only if it reproduces Intl's output exactly on a set of test amounts; otherwise there is
 * none and `useMoney` asks Intl (`formatMoney`), as before.
 */
import { MINOR_UNITS_PER_MAJOR } from "./constants";

/** How `locale` writes amounts of `currency` (a plain, serialisable object: it travels in loader data). */
export interface MoneyPattern {
  locale: string;
  currency: string;
  /** the texts around the number of a positive / a negative amount ("", " ₽" / "-", " ₽" in ru-RU) */
  positive: [prefix: string, suffix: string];
  negative: [prefix: string, suffix: string];
  /** between groups of three integer digits ("\u00a0" in ru-RU, "," in en-US) */
  group: string;
  /** before the two fraction digits ("," in ru-RU, "." in en-US) */
  decimal: string;
}

/** The amount in minor units with `pattern`: whole amounts without fraction digits, others with exactly two. */
export function formatWithPattern(pattern: MoneyPattern, minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount of minor units: ${String(minor)}`);
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / MINOR_UNITS_PER_MAJOR);
  const cents = abs % MINOR_UNITS_PER_MAJOR;
  const digits = String(whole);
  let grouped = "";
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = start > 0 ? pattern.group + digits.slice(start, end) + grouped : digits.slice(start, end) + grouped;
  }
  const number = cents === 0 ? grouped : `${grouped}${pattern.decimal}${String(cents).padStart(2, "0")}`;
  const [prefix, suffix] = negative ? pattern.negative : pattern.positive;
  return prefix + number + suffix;
}
