import { describe, expect, it } from "vitest";
import { createTranslator, interpolate } from "~/i18n/translator";
import { translateValidation } from "~/i18n/validation";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";
import { decodeValidationMessage, V, withParams } from "~/lib/validation";

const translators = { ru: createTranslator("ru", ru), en: createTranslator("en", en) };
const validationText = (message: string, locale: "ru" | "en") => translateValidation(message, translators[locale].t);

describe("message texts (spec §5, verbatim)", () => {
  it("holds the spec's Russian strings under their keys", () => {
    const expected: Record<string, string> = {
      [V.phoneRequired]: "Введите номер телефона",
      [V.phoneInvalid]: "Укажите корректный номер",
      [V.smsCodeRequired]: "Введите код из СМС",
      [V.smsCodeTooShort]: "Слишком короткий SMS-код",
      [V.emailRequired]: "Введите email",
      [V.emailInvalid]: "Укажите корректный email",
      [V.receiptEmailRequired]: "Укажите email для получения чека",
      [V.nameRequired]: "Введите ваше имя",
      [V.nameTooLong]: "Имя не должно превышать 50 символов",
      [V.fieldRequired]: "Обязательное поле",
      [V.required]: "Это поле обязательно",
      [V.email]: "Пожалуйста, введите действительный email",
      [V.maxLength]: "не более {{0}} символов",
      [V.minLength]: "не менее {{0}} символов",
      [V.pattern]: "Недопустимый формат",
      [V.atLeastOne]: "выберите хотя бы одно значение",
      [V.addressChooseOrPoint]: "Выберите адрес из списка или укажите точку на карте",
      [V.addressRequired]: "Укажите адрес доставки",
      [V.addressOutsideZone]: "Адрес не входит в зону доставки",
      [V.addressNotFound]: "Адрес не найден",
      [V.takeawayRequired]: "Выберите точку самовывоза",
      [V.takeawayNoneAvailable]: "Нет доступных пунктов самовывоза",
    };
    for (const [key, text] of Object.entries(expected)) expect(validationText(key, "ru")).toBe(text);
  });

  it("every key resolves in both languages, and the languages differ", () => {
    for (const key of Object.values(V)) {
      expect(key.startsWith("validation.")).toBe(true);
      const ru = validationText(key, "ru");
      const en = validationText(key, "en");
      expect(ru).not.toBe(key);
      expect(en).not.toBe(key);
      expect(en).not.toBe(ru);
    }
    expect(validationText(V.phoneRequired, "en")).toBe(en.validation.phone.required);
    expect(ru.validation.phone.required).toBe("Введите номер телефона");
  });

  it("English and Russian keep the same placeholders", () => {
    for (const key of Object.values(V)) {
      const holes = (s: string) => s.match(/\{\{\d+\}\}/g) ?? [];
      expect(holes(validationText(key, "en"))).toEqual(holes(validationText(key, "ru")));
    }
  });

  it("shows no unknown message as it is: a missing key, raw text, a section or a prototype's name is the form's own message", () => {
    const requestFailed = "Не удалось выполнить запрос";
    expect(validationText("validation.nope", "ru")).toBe(requestFailed);
    expect(validationText("Some raw text", "ru")).toBe(requestFailed);
    expect(validationText("validation.phone", "ru")).toBe(requestFailed); // a section, not a text
    expect(validationText("validation.phone.required.__proto__", "ru")).toBe(requestFailed);
  });
});

describe("parameters", () => {
  it("encodes, decodes and fills {0}", () => {
    const msg = withParams(V.maxLength, 50);
    expect(msg).toBe("validation.generic.maxLength|50");
    expect(validationText(msg, "ru")).toBe("не более 50 символов");
    expect(validationText(withParams(V.minLength, 3), "en")).toBe("at least 3 characters");
    expect(validationText(withParams(V.excludedCharacter, "|"), "ru")).toBe("недопустимый символ |");
    expect(decodeValidationMessage(withParams(V.excludedCharacter, "%|"))).toEqual({ key: V.excludedCharacter, params: ["%|"] });
    // a parameter that is not valid percent-encoding (a message made elsewhere) is shown as it came, not dropped
    expect(decodeValidationMessage(`${V.excludedCharacter}|%E0%A4%A`)).toEqual({ key: V.excludedCharacter, params: ["%E0%A4%A"] });
    expect(decodeValidationMessage("")).toEqual({ key: "", params: [] });
    expect(interpolate("{{0}}–{{1}}, {{2}}", { 0: 1, 1: "b" })).toBe("1–b, {{2}}");
  });

  it("translates through the app's t", () => {
    const t = (key: string, values?: Record<string, unknown>) => (key === V.maxLength ? interpolate("at most {{0}} chars", values ?? {}) : key);
    expect(translateValidation(withParams(V.maxLength, 100), t)).toBe("at most 100 chars");
    // a key this translator lacks is not shown as a key: the form's "request failed" text (itself a key here)
    expect(translateValidation(V.pattern, t)).toBe("errors.requestFailed");
  });

  it("never shows a message that is no key of the catalog: the parser's English becomes the form's own message", () => {
    for (const locale of ["ru", "en"] as const) {
      const requestFailed = translators[locale].t("errors.requestFailed");
      expect(requestFailed).not.toBe("errors.requestFailed");
      for (const foreign of ["Required", "Invalid enum value. Expected 'CASH' | 'CARD', received 'X'", "validation.no.such.key", ""]) {
        expect(validationText(foreign, locale), foreign).toBe(requestFailed);
      }
      // a known key is still its own text
      expect(validationText(V.required, locale)).not.toBe(requestFailed);
    }
  });
});

