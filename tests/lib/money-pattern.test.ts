import { describe, expect, it } from "vitest";
import { moneyPattern, readMoneyPattern } from "~/lib/money-pattern-reader";
import { formatWithPattern } from "~/lib/money-pattern";
import { formatMoney } from "~/lib/money";

/** Intl's own text with its default (symbol) display, for the reader's refusals below */
function intl(minor: number, currency: string, locale: string): string {
  const digits = minor % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(minor / 100);
}

/** a deterministic spread of amounts: every magnitude, with and without kopecks, both signs */
function amounts(): number[] {
  const out: number[] = [0];
  let seed = 17;
  for (let i = 0; i < 3000; i++) {
    seed = (seed * 48271) % 2147483647;
    const magnitude = 10 ** (i % 13);
    const minor = (seed % magnitude) * (i % 3 === 0 ? 100 : 1);
    out.push(i % 5 === 0 && minor !== 0 ? -minor : minor);
  }
  return out;
}

describe("money patterns read from Intl (ADR 117)", () => {
  for (const locale of ["ru-RU", "en-US"]) {
    for (const currency of ["RUB", "USD", "EUR", "KZT", "BYN", "UAH", "GEL", "AMD", "UZS", "GBP", "JPY", "KGS"]) {
      it(`writes ${currency} in ${locale} exactly as formatMoney does (Intl's, issue 36's symbols), for every amount`, () => {
        const pattern = moneyPattern(currency, locale);
        expect(pattern, "a pattern for a currency Intl knows").not.toBeNull();
        for (const minor of amounts()) expect(formatWithPattern(pattern!, minor)).toBe(formatMoney(minor, currency, locale));
      });
    }
  }

  it("shows what the customer sees in Russian and in English", () => {
    const rub = moneyPattern("RUB", "ru-RU")!;
    expect(formatWithPattern(rub, 123456)).toBe("1\u00a0234,56\u00a0₽");
    expect(formatWithPattern(rub, 35000)).toBe("350\u00a0₽");
    expect(formatWithPattern(rub, -5005)).toBe("-50,05\u00a0₽");
    // issue 36 §4: roubles in English as customers read them
    const rubEn = moneyPattern("RUB", "en-US")!;
    expect(formatWithPattern(rubEn, 39000)).toBe("390\u00a0₽");
    expect(formatWithPattern(rubEn, -123456)).toBe("-1,234.56\u00a0₽");
    const usd = moneyPattern("USD", "en-US")!;
    expect(formatWithPattern(usd, 123456789)).toBe("$1,234,567.89");
    expect(formatWithPattern(usd, -100)).toBe("-$1");
  });

  it("makes no pattern when Intl refuses the currency, or when the pattern would write an amount differently", () => {
    expect(moneyPattern("RUBLES", "ru-RU")).toBeNull();
    const parts = (major: number) => new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB" }).formatToParts(major);
    // a locale that groups only from five digits on (Spanish writes 1234 without a separator)
    expect(readMoneyPattern("es-ES", "EUR", (minor) => intl(minor, "EUR", "es-ES"), (major) => new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" }).formatToParts(major))).toBeNull();
    expect(readMoneyPattern("ru-RU", "RUB", (minor) => `${intl(minor, "RUB", "ru-RU")}!`, parts)).toBeNull();
  });

  it("refuses an amount that is not whole minor units, as formatMoney does", () => {
    expect(() => formatWithPattern(moneyPattern("RUB", "ru-RU")!, 1.5)).toThrow(RangeError);
  });
});
