/**
 * The checkout form's one schema (spec §5; issue 13 §5) as both sides read it through `parseCheckoutForm`: the
 * receipt e-mail is required exactly when paying online by card, is reported with every other failing field at once,
 * never twice, and every message is in the customer's language.
 */
import { describe, expect, it } from "vitest";
import { parseCheckoutForm } from "~/features/checkout/checkout-schema";
import { createTranslator } from "~/i18n/translator";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";

const t = { ru: createTranslator("ru", ru).t, en: createTranslator("en", en).t };
const VALID = { intent: "checkout", key: "0b7c1e2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d", name: "Анна", phone: "+79001234567" };

function parse(fields: Record<string, string>, locale: "ru" | "en" = "ru") {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseCheckoutForm(formData, t[locale]);
  return { status: submission.status, error: submission.reply().error ?? {} };
}

describe("the receipt e-mail (spec §5: required for online card payment)", () => {
  it("online by card without one, or with only spaces: its message alone, everything else being right", () => {
    for (const receiptEmail of [undefined, "", "   "]) {
      const answer = parse({ ...VALID, paymentMethod: "CARD_ONLINE", ...(receiptEmail === undefined ? {} : { receiptEmail }) });
      expect(answer.status, JSON.stringify(receiptEmail)).toBe("error");
      expect(answer.error).toEqual({ receiptEmail: ["Укажите email для получения чека"] });
    }
    expect(parse({ ...VALID, paymentMethod: "CARD_ONLINE" }, "en").error).toEqual({ receiptEmail: ["Enter an email to receive the receipt"] });
  });

  it("online by card with one: accepted; paying on receipt needs none", () => {
    expect(parse({ ...VALID, paymentMethod: "CARD_ONLINE", receiptEmail: "anna@example.com" }).status).toBe("success");
    expect(parse({ ...VALID, paymentMethod: "CARD_UPON_RECEIPT" }).status).toBe("success");
    expect(parse({ ...VALID, paymentMethod: "CASH_UPON_RECEIPT" }).status).toBe("success");
  });

  it("reported beside the other failing fields at once — but not on receipt, and never twice", () => {
    const online = parse({ ...VALID, name: "", paymentMethod: "CARD_ONLINE", receiptEmail: "  " });
    expect(online.error).toEqual({ name: ["Введите ваше имя"], receiptEmail: ["Укажите email для получения чека"] });
    const onReceipt = parse({ ...VALID, name: "", paymentMethod: "CASH_UPON_RECEIPT" });
    expect(onReceipt.error).toEqual({ name: ["Введите ваше имя"] });
    // a malformed receipt e-mail says so, not that it is missing
    const malformed = parse({ ...VALID, name: "", paymentMethod: "CARD_ONLINE", receiptEmail: "anna@" });
    expect(malformed.error).toEqual({ name: ["Введите ваше имя"], receiptEmail: ["Укажите корректный email"] });
  });

  it("a form that sent no receipt field at all (an older page, a script), with another failing field: both messages, no crash", () => {
    expect(parse({ ...VALID, name: "", paymentMethod: "CARD_ONLINE" }).error).toEqual({ name: ["Введите ваше имя"], receiptEmail: ["Укажите email для получения чека"] });
  });

  it("a good receipt e-mail is not reported missing while another field fails", () => {
    expect(parse({ ...VALID, name: "", paymentMethod: "CARD_ONLINE", receiptEmail: "anna@example.com" }).error).toEqual({ name: ["Введите ваше имя"] });
    expect(parse({ ...VALID, name: "", paymentMethod: "CARD_ONLINE", receiptEmail: " anna@example.com " }).error).toEqual({ name: ["Введите ваше имя"] });
  });

  it("every message of a form that fails everywhere is in the customer's language", () => {
    for (const locale of ["ru", "en"] as const) {
      const answer = parse({ intent: "checkout", key: "not-a-key", name: "", phone: "12", email: "x@", paymentMethod: "BARTER" }, locale);
      const messages = Object.values(answer.error).flat() as string[];
      expect(messages.length, locale).toBeGreaterThanOrEqual(4);
      for (const message of messages) {
        expect(message, `${locale}: ${message}`).not.toMatch(/^validation\.|Invalid enum|^Required$|Expected '/);
        if (locale === "ru") expect(message).toMatch(/[а-яё]/i);
      }
    }
  });
});
