import { describe, expect, it } from "vitest";
import {
  defaultPaymentMethod,
  fallbackPaymentMethod,
  isMethodOffered,
  offeredMethods,
  offersMethod,
  type PayConfig,
  paymentMethodsFor,
} from "~/lib/payment";

const off = { cardOnline: "", cardUponReceipt: false, cashUponReceipt: false };

describe("paymentMethodsFor (spec §3, §4)", () => {
  it("lists enabled methods in order; cardOnline counts when a non-empty string", () => {
    const config: PayConfig = {
      delivery: { cardOnline: "sber", cardUponReceipt: true, cashUponReceipt: true },
      takeAway: { cardOnline: "", cardUponReceipt: false, cashUponReceipt: true },
    };
    expect(paymentMethodsFor(config, "DELIVERY")).toEqual(["CARD_ONLINE", "CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"]);
    expect(paymentMethodsFor(config, "TAKE_AWAY")).toEqual(["CASH_UPON_RECEIPT"]);
  });

  it("ignores null, blank and missing cardOnline", () => {
    expect(paymentMethodsFor({ delivery: { ...off, cardOnline: null } }, "DELIVERY")).toEqual([]);
    expect(paymentMethodsFor({ delivery: { ...off, cardOnline: "   " } }, "DELIVERY")).toEqual([]);
    expect(paymentMethodsFor({ delivery: { cardUponReceipt: true } }, "DELIVERY")).toEqual(["CARD_UPON_RECEIPT"]);
  });

  it("nothing for a missing side or config", () => {
    expect(paymentMethodsFor({ delivery: off }, "TAKE_AWAY")).toEqual([]);
    expect(paymentMethodsFor(null, "DELIVERY")).toEqual([]);
  });
});

describe("offeredMethods (spec §4)", () => {
  const both = [{ isDelivery: true, isTakeAway: false }, { isDelivery: false, isTakeAway: true }];
  it("a method is offered when any payment option is enabled for it", () => {
    const resto = (payConfig: PayConfig) => ({ payConfig, menus: both });
    expect(offeredMethods(resto({ delivery: { ...off, cashUponReceipt: true }, takeAway: { ...off, cardOnline: "x" } }))).toEqual([
      "DELIVERY",
      "TAKE_AWAY",
    ]);
    expect(offeredMethods(resto({ delivery: off, takeAway: { ...off, cardUponReceipt: true } }))).toEqual(["TAKE_AWAY"]);
    expect(offeredMethods(resto({ delivery: off, takeAway: off }))).toEqual([]);
    expect(offeredMethods(undefined)).toEqual([]);
    expect(isMethodOffered({ delivery: { ...off, cardOnline: "x" } }, "DELIVERY")).toBe(true);
  });
  it("a method also needs a menu of its kind", () => {
    const payConfig = { delivery: { ...off, cashUponReceipt: true }, takeAway: { ...off, cashUponReceipt: true } };
    expect(offeredMethods({ payConfig, menus: [{ isDelivery: false, isTakeAway: true }] })).toEqual(["TAKE_AWAY"]);
    expect(offersMethod({ payConfig, menus: [] }, "TAKE_AWAY")).toBe(false);
    expect(offersMethod({ payConfig: { delivery: off }, menus: both }, "DELIVERY")).toBe(false);
  });
});

describe("default and fallback payment (spec §4)", () => {
  it("defaults to CARD_ONLINE when offered, else the first", () => {
    expect(defaultPaymentMethod(["CASH_UPON_RECEIPT", "CARD_ONLINE"])).toBe("CARD_ONLINE");
    expect(defaultPaymentMethod(["CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"])).toBe("CARD_UPON_RECEIPT");
    expect(defaultPaymentMethod([])).toBeNull();
  });

  it("keeps the saved method when available, else the first, else none", () => {
    expect(fallbackPaymentMethod("CASH_UPON_RECEIPT", ["CARD_ONLINE", "CASH_UPON_RECEIPT"])).toBe("CASH_UPON_RECEIPT");
    expect(fallbackPaymentMethod("CARD_ONLINE", ["CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"])).toBe("CARD_UPON_RECEIPT");
    expect(fallbackPaymentMethod(null, ["CASH_UPON_RECEIPT"])).toBe("CASH_UPON_RECEIPT");
    expect(fallbackPaymentMethod("CARD_ONLINE", [])).toBeNull();
  });
});
