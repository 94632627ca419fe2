// spec §8: the order popup's five messages by code, the upstream's message for any other code (ADR 097).
import { describe, expect, it } from "vitest";
import { errorText, isPromoCode, knownErrorText, NOT_ACCEPTING_CODES, ORDER_POPUP_CODES } from "~/features/checkout/error-messages";
import { CHECKOUT_KEY_PATTERN } from "~/features/checkout/checkout-schema";
import { CHECKOUT_KEY_PATTERN as LEDGER_KEY_PATTERN } from "../../server/orders/ledger";
import { DEMO_ERROR_CODES } from "../../server/demo";
import ru from "~/i18n/locales/ru/checkout";
import en from "~/i18n/locales/en/checkout";

const FALLBACK = "Не удалось выполнить запрос";

describe("order popup messages (spec §8 'Order popup')", () => {
  it.each([
    ["order.address-outside-delivery-area", "Адрес не входит в зону доставки"],
    ["order.positions-cannot-be-delivered", "Некоторые позиции нельзя доставить по этому адресу"],
    ["order.sum-exceeds-maximum", "Сумма заказа больше максимальной. Разделите его на несколько заказов"],
    ["delivery.order-sum-not-enough.range", "Сумма заказа меньше минимальной для доставки"],
    ["resto.not-accepting-orders", "Заведение сейчас не принимает заказы"],
  ])("%s → '%s', whatever the upstream says", (code, text) => {
    expect(errorText(code, "Минимальная сумма заказа — 1 000 ₽", ru, FALLBACK)).toBe(text);
  });

  it("covers the five messages, each in both languages", () => {
    expect(new Set(Object.values(ORDER_POPUP_CODES))).toEqual(new Set(Object.keys(ru.orderErrors)));
    for (const code of Object.keys(ORDER_POPUP_CODES)) expect(knownErrorText(code, en)).toMatch(/^[A-Z]/);
  });

  it("maps the one code the spec names for them", () => {
    expect(ORDER_POPUP_CODES["delivery.order-sum-not-enough.range"]).toBe("belowMin");
  });

  it("uses codes the upstream twin really answers", () => {
    for (const code of Object.keys(ORDER_POPUP_CODES).filter((c) => c !== "resto.day-off")) {
      expect(Object.hasOwn(DEMO_ERROR_CODES, code), code).toBe(true);
    }
  });

  it("the not-accepting codes open the day-off dialog", () => {
    expect([...NOT_ACCEPTING_CODES].sort()).toEqual(["resto.day-off", "resto.not-accepting-orders"]);
  });
});

describe("any other code (spec §8 API failure rule)", () => {
  it("shows the upstream's own message", () => {
    expect(errorText("order.some-new-code", "Кухня перегружена, попробуйте через 10 минут", ru, FALLBACK)).toBe(
      "Кухня перегружена, попробуйте через 10 минут",
    );
    expect(errorText("person-order.position-not-found-in-resto", "Позиция «Борщ» недоступна", ru, FALLBACK)).toBe(
      "Позиция «Борщ» недоступна",
    );
    expect(errorText(null, "  Сервер занят ", ru, FALLBACK)).toBe("Сервер занят");
  });

  it("falls back to the generic text when the upstream sent none", () => {
    expect(errorText("order.some-new-code", null, ru, FALLBACK)).toBe(FALLBACK);
    expect(errorText(null, "   ", ru, FALLBACK)).toBe(FALLBACK);
    expect(errorText("toString", undefined, ru, FALLBACK)).toBe(FALLBACK);
  });

  it("still translates the promo and restaurant codes", () => {
    expect(errorText("promo-code.not-found", "x", ru, FALLBACK)).toBe("Промокод не найден");
    expect(errorText("resto.doesnt-support-takeaway-online", "x", ru, FALLBACK)).toBe(
      "Заведение не принимает онлайн-оплату при самовывозе",
    );
  });
});

describe("which refusals are the promo code's (the promo form shows them beside the code)", () => {
  it("the promo-code.* codes, and no other", () => {
    for (const code of ["promo-code.not-found", "promo-code.after-finish", "promo-code.some-new-one"]) expect(isPromoCode(code), code).toBe(true);
    for (const code of [null, undefined, "", "order.sum-exceeds-maximum", "resto.doesnt-support-takeaway-online", "x.promo-code.", "promo-code"])
      expect(isPromoCode(code), String(code)).toBe(false);
  });
});

describe("the checkout key", () => {
  it("is checked in the browser as the idempotency store checks it", () => {
    expect(CHECKOUT_KEY_PATTERN.source).toBe(LEDGER_KEY_PATTERN.source);
  });
});
