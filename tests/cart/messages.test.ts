import { describe, expect, it } from "vitest";
import { errorText, knownErrorText } from "~/features/checkout/error-messages";
import { choosePaymentMethod } from "~/features/cart/preflight.server";
import ruCheckout from "~/i18n/locales/ru/checkout";
import enCheckout from "~/i18n/locales/en/checkout";
import { PROMO_ERROR_CODES, RESTO_PAY_ERROR_CODES } from "../../server/demo";

describe("spec §8 codes in the customer's language", () => {
  it("translates every promo and resto payment code in both languages", () => {
    const restoCodes = Object.values(RESTO_PAY_ERROR_CODES).flatMap((m) => Object.values(m));
    for (const code of [...PROMO_ERROR_CODES, ...restoCodes]) {
      expect(knownErrorText(code, ruCheckout), code).toBeTruthy();
      expect(knownErrorText(code, enCheckout), code).toBeTruthy();
      expect(knownErrorText(code, enCheckout)).not.toBe(knownErrorText(code, ruCheckout));
    }
    expect(knownErrorText("promo-code.not-found", ruCheckout)).toBe("Промокод не найден");
  });

  it("keeps the server's message for unknown codes, else the generic one", () => {
    expect(errorText("x.unknown", "С сервера", ruCheckout, "Не удалось выполнить запрос")).toBe("С сервера");
    expect(errorText(null, "  ", ruCheckout, "Не удалось выполнить запрос")).toBe("Не удалось выполнить запрос");
  });
});

describe("payment method of the order (spec §4)", () => {
  it("defaults to CARD_ONLINE when offered, else the first available", () => {
    expect(choosePaymentMethod(null, ["CARD_UPON_RECEIPT", "CARD_ONLINE"])).toBe("CARD_ONLINE");
    expect(choosePaymentMethod(undefined, ["CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"])).toBe("CARD_UPON_RECEIPT");
    expect(choosePaymentMethod(null, [])).toBeNull();
  });

  it("keeps an available saved method; an unavailable one falls back to the first available", () => {
    expect(choosePaymentMethod("CASH_UPON_RECEIPT", ["CARD_ONLINE", "CASH_UPON_RECEIPT"])).toBe("CASH_UPON_RECEIPT");
    expect(choosePaymentMethod("CASH_UPON_RECEIPT", ["CARD_UPON_RECEIPT", "CARD_ONLINE"])).toBe("CARD_UPON_RECEIPT");
    expect(choosePaymentMethod("CARD_ONLINE", [])).toBeNull();
  });
});
