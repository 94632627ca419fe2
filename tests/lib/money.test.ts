import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMinor, formatMoney, fromMinor, isMinorAmount, multiplyMinor, sumMinor, toMinor } from "~/lib/money";

/** Intl uses no-break spaces (U+00A0) and narrow no-break spaces (U+202F); compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("drops the fraction for whole amounts and shows two digits otherwise (ru)", () => {
    expect(plain(formatMoney(35000, "RUB", "ru-RU"))).toBe("350 ₽");
    expect(plain(formatMoney(35050, "RUB", "ru-RU"))).toBe("350,50 ₽");
    expect(plain(formatMoney(35001, "RUB", "ru-RU"))).toBe("350,01 ₽");
    expect(plain(formatMoney(123456789, "RUB", "ru-RU"))).toBe("1 234 567,89 ₽");
  });

  it("defaults to RUB in ru-RU", () => {
    expect(plain(formatMoney(100))).toBe("1 ₽");
  });

  it("formats zero and negatives without a minus zero", () => {
    expect(plain(formatMoney(0))).toBe("0 ₽");
    expect(plain(formatMoney(-0))).toBe("0 ₽");
    expect(plain(formatMoney(-150))).toBe("-1,50 ₽");
  });

  it("uses the locale's separators and currency display", () => {
    expect(plain(formatMoney(35050, "RUB", "en"))).toBe("350.50 ₽");
    expect(plain(formatMoney(123400, "EUR", "en"))).toBe("€1,234");
    expect(plain(formatMoney(99, "EUR", "de-DE"))).toBe("0,99 €");
  });

  it("falls back to number + code for an unknown currency code instead of throwing", () => {
    expect(plain(formatMoney(35050, "NOT-A-CODE", "ru-RU"))).toBe("350,50 NOT-A-CODE");
  });

  it("refuses amounts that are not integer minor units", () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe("toMinor / fromMinor", () => {
  it("converts with decimal rounding, not binary", () => {
    expect(toMinor(350)).toBe(35000);
    expect(toMinor(350.5)).toBe(35050);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(-1.005)).toBe(-101);
    expect(toMinor(1.004)).toBe(100);
    expect(toMinor(-0)).toBe(0);
    expect(Object.is(toMinor(-0.001), 0)).toBe(true);
    expect(toMinor(1e-7)).toBe(0);
  });

  it("refuses non-finite and unsafe results", () => {
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it("divides by 100 without producing -0", () => {
    expect(fromMinor(35050)).toBe(350.5);
    expect(fromMinor(1)).toBe(0.01);
    expect(Object.is(fromMinor(-0), 0)).toBe(true);
    expect(() => fromMinor(0.5)).toThrow(RangeError);
  });

  it("round-trips every integer amount (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        expect(toMinor(fromMinor(minor))).toBe(minor);
      }),
    );
  });
});

describe("checked arithmetic", () => {
  it("sums and multiplies integers", () => {
    expect(addMinor(100, 250, -50)).toBe(300);
    expect(addMinor()).toBe(0);
    expect(sumMinor(new Set([1, 2, 3]))).toBe(6);
    expect(multiplyMinor(35050, 3)).toBe(105150);
    expect(Object.is(multiplyMinor(-100, 0), 0)).toBe(true);
  });

  it("throws instead of losing precision", () => {
    expect(() => addMinor(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => addMinor(1, 0.5)).toThrow(RangeError);
    expect(() => multiplyMinor(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => multiplyMinor(100, 1.5)).toThrow(RangeError);
  });

  it("isMinorAmount accepts only safe integers", () => {
    expect(isMinorAmount(0)).toBe(true);
    expect(isMinorAmount(-5)).toBe(true);
    expect(isMinorAmount(1.5)).toBe(false);
    expect(isMinorAmount("100")).toBe(false);
    expect(isMinorAmount(2 ** 53)).toBe(false);
  });

  it("sum is order-independent and exact (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 50 }), (xs) => {
        expect(sumMinor(xs)).toBe(sumMinor([...xs].reverse()));
        expect(sumMinor(xs)).toBe(xs.reduce((a, b) => a + b, 0));
      }),
    );
  });
});

describe("money in English (issue 36 §4)", () => {
  it("writes roubles as customers read them: '390 ₽', never 'RUB 390'", () => {
    expect(plain(formatMoney(39000, "RUB", "en-US"))).toBe("390 ₽");
    expect(plain(formatMoney(39000, "RUB", "en"))).toBe("390 ₽");
    expect(plain(formatMoney(123456789, "RUB", "en-US"))).toBe("1,234,567.89 ₽");
    expect(plain(formatMoney(-150, "RUB", "en-GB"))).toBe("-1.50 ₽");
    expect(plain(formatMoney(39000, "RUB", "ru-RU"))).toBe("390 ₽");
  });

  it("other currencies keep their own place and narrow symbol", () => {
    expect(plain(formatMoney(123400, "EUR", "en"))).toBe("€1,234");
    expect(plain(formatMoney(99, "USD", "en-US"))).toBe("$0.99");
  });

  it("never writes a currency code for the storefront's currencies, in either language (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom("ru-RU", "en-US", "en-GB", "en"), (minor, locale) => {
        const text = formatMoney(minor, "RUB", locale);
        expect(text).not.toMatch(/RUB/);
        expect(text.endsWith("₽")).toBe(true);
      }),
    );
  });
});

describe("the rouble sign after the amount, whatever the locale writes (issue 36 §4)", () => {
  it("moves a leading sign and the space after it behind a whole or a negative amount", () => {
    // en writes "₽350" and "-₽1.50"; nl writes "₽ 350,00" (a space between): every one ends in " ₽"
    expect(plain(formatMoney(35000, "RUB", "en"))).toBe("350 ₽");
    expect(plain(formatMoney(-35000, "RUB", "en"))).toBe("-350 ₽");
    expect(plain(formatMoney(35000, "RUB", "nl-NL"))).toBe("350 ₽");
    expect(plain(formatMoney(-150, "RUB", "nl-NL"))).toBe("-1,50 ₽");
  });

  it("leaves an amount that already ends with the sign as Intl wrote it", () => {
    expect(formatMoney(123456, "RUB", "ru-RU")).toBe(
      new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", currencyDisplay: "narrowSymbol" }).format(1234.56),
    );
  });
});

describe("what a refused amount says in the log", () => {
  it("names the amount that was wrong", () => {
    expect(() => multiplyMinor(1.5, 2)).toThrow(/^unit price must be a safe integer of minor units, got 1\.5$/);
    expect(() => multiplyMinor(100, 1.5)).toThrow(/^count must be an integer, got 1\.5$/);
    expect(() => multiplyMinor(Number.MAX_SAFE_INTEGER, 2)).toThrow(/^product must be/);
    expect(() => addMinor(Number.MAX_SAFE_INTEGER, 1)).toThrow(/^sum must be/);
    expect(() => addMinor(1, 0.5)).toThrow(/^amount must be a safe integer of minor units, got 0\.5$/);
    expect(() => toMinor(Number.MAX_SAFE_INTEGER)).toThrow(/^result must be/);
    expect(() => toMinor(Number.NaN)).toThrow(/^not a finite amount: NaN$/);
  });
});
