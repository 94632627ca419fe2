import { describe, expect, it } from "vitest";
import { actionError } from "~/features/auth/error-placement";
import { phoneFormSchema } from "~/features/auth/forms";
import { promoFormSchema } from "~/features/cart/promo";
import { fieldWithMessage, firstMessage, formMessage, submittedValue } from "~/features/forms/form-result";
import { parseTranslated } from "~/features/forms/parse-translated";
import { createTranslator } from "~/i18n/translator";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("the one form result (ADR 103)", () => {
  it("translates schema messages the same way in the browser and the action", () => {
    const ruT = createTranslator("ru", ru).t;
    const enT = createTranslator("en", en).t;
    expect(parseTranslated(form({ phone: "" }), phoneFormSchema, ruT).reply().error).toEqual({
      phone: ["Введите номер телефона"],
    });
    expect(parseTranslated(form({ phone: "12" }), phoneFormSchema, enT).reply().error).toEqual({
      phone: ["Enter a valid number"],
    });
    const long = parseTranslated(form({ code: "X".repeat(41) }), promoFormSchema, ruT).reply();
    expect(long.error?.code?.[0]).toMatch(/40/);
    expect(long.error?.code?.[0]).not.toMatch(/validation\./);
  });

  it("echoes what was sent and finds the messages", () => {
    const result = parseTranslated(
      form({ intent: "request-code", phone: "" }),
      phoneFormSchema,
      createTranslator("ru", ru).t,
    ).reply();
    expect(submittedValue(result, "intent")).toBe("request-code");
    expect(firstMessage(result)).toBe("Введите номер телефона");
    expect(formMessage(result)).toBeNull();
    expect(fieldWithMessage(result, ["phone", "code"])).toBe("phone");
    expect(actionError(result)).toEqual({ intent: "request-code", error: "Введите номер телефона", field: "phone" });
  });

  it("reads a form-level refusal as the form's, with no field", () => {
    const result = parseTranslated(
      form({ intent: "verify", code: "1234" }),
      phoneFormSchema.partial(),
      createTranslator("ru", ru).t,
    ).reply({
      formErrors: ["Сначала запросите код"],
    });
    expect(formMessage(result)).toBe("Сначала запросите код");
    expect(actionError(result)).toEqual({ intent: "verify", error: "Сначала запросите код", field: undefined });
    expect(actionError(undefined)).toBeUndefined();
  });
});
