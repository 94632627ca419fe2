/**
 * Form validation (spec §5) as zod schemas whose error messages are i18n KEYS ("validation.phone.required").
 * The texts live in the locale files (app/i18n/locales/<lang>/validation.ts); `translateValidation` in
 * app/i18n turns a schema message into the customer's language.
 *
 * A schema error that needs a parameter carries it in the message: `withParams(key, 50)` →
 * "validation.generic.maxLength|50"; the translation fills the text's {{0}} with it.
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { regexes } from "zod/v4/core";
import type { LatLng, Polygon } from "~/lib/model";
import { COMMENT_MAX, NAME_MAX, SMS_CODE_MIN_LENGTH } from "./constants";
import { findZone } from "./geo";
import { PARAM_SEPARATOR } from "./validation-message";

// ── keys ─────────────────────────────────────────────────────────────────────────────────────────

/** Message keys: "validation." + the path in the message objects. */
export const V = {
  phoneRequired: "validation.phone.required",
  phoneInvalid: "validation.phone.invalid",
  smsCodeRequired: "validation.smsCode.required",
  smsCodeTooShort: "validation.smsCode.tooShort",
  emailRequired: "validation.email.required",
  emailInvalid: "validation.email.invalid",
  receiptEmailRequired: "validation.email.receiptRequired",
  nameRequired: "validation.name.required",
  nameTooLong: "validation.name.tooLong",
  commentTooLong: "validation.comment.tooLong",
  fieldRequired: "validation.field.required",
  required: "validation.generic.required",
  email: "validation.generic.email",
  maxLength: "validation.generic.maxLength",
  minLength: "validation.generic.minLength",
  pattern: "validation.generic.pattern",
  atLeastOne: "validation.generic.atLeastOne",
  digits: "validation.generic.digits",
  integer: "validation.generic.integer",
  capitals: "validation.generic.capitals",
  exactLength: "validation.generic.exactLength",
  excludedCharacter: "validation.generic.excludedCharacter",
  addressChooseOrPoint: "validation.address.chooseOrPoint",
  addressRequired: "validation.address.required",
  addressOutsideZone: "validation.address.outsideZone",
  addressNotFound: "validation.address.notFound",
  takeawayRequired: "validation.takeaway.required",
  takeawayNoneAvailable: "validation.takeaway.noneAvailable",
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

/** A key with parameters for its {0}, {1}… placeholders: "validation.generic.maxLength|50". */
export function withParams(key: ValidationKey, ...params: (string | number)[]): string {
  return [key, ...params.map((p) => encodeURIComponent(String(p)))].join(PARAM_SEPARATOR);
}

export { decodeValidationMessage } from "./validation-message";

// ── schemas ──────────────────────────────────────────────────────────────────────────────────────

/** A trimmed string whose absence, wrong type or emptiness reports `requiredKey`. */
function requiredText(requiredKey: ValidationKey) {
  return z.string({ required_error: requiredKey, invalid_type_error: requiredKey }).trim().min(1, requiredKey);
}

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * A number as typeset text carries it, in plain characters: full-width digits and plus (NFKC), every dash and the minus
 * sign as "-". Sites and contact cards set phone numbers with non-breaking hyphens (U+2011) so that they never wrap,
 * and a tel field posts what was pasted (ADR 224).
 */
function typesetAsPlain(input: string): string {
  return input.normalize("NFKC").replace(/[\p{Pd}\u2212]/gu, "-");
}

/**
 * A phone number in E.164 ("+79991234567"), or null when it is not a valid number. Only digits, spaces,
 * brackets, dots, dashes and a leading plus are accepted (no letters, no extensions); a national number is read
 * in `defaultCountry` (so "8 999 123-45-67" is Russian).
 */
export function normalizePhone(input: string, defaultCountry: CountryCode = "RU"): string | null {
  const text = typesetAsPlain(input).trim();
  if (!PHONE_CHARACTERS.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, defaultCountry);
  return phone && phone.isValid() ? phone.number : null;
}

/** spec §5 phone: 'Введите номер телефона' when empty, 'Укажите корректный номер' when invalid; outputs E.164. */
export function makePhoneSchema(defaultCountry: CountryCode = "RU") {
  return requiredText(V.phoneRequired).transform((value, ctx) => {
    const e164 = normalizePhone(value, defaultCountry);
    if (e164 === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: V.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });
}
export const phoneSchema = makePhoneSchema("RU");

/** spec §5 SMS code: 'Введите код из СМС' when empty, 'Слишком короткий SMS-код' under 4 digits; digits only. */
export const smsCodeSchema = requiredText(V.smsCodeRequired).min(SMS_CODE_MIN_LENGTH, V.smsCodeTooShort).regex(/^\d+$/, V.digits);

/**
 * An e-mail address as a browser's e-mail field takes and posts it: the HTML standard's "valid e-mail address" (the
 * field posts an internationalised domain in punycode: anna@пример.рф arrives as anna@xn--e1afmkfd.xn--p1ai, which zod's
 * own `.email()` refused for its top-level label), with a dot in the domain, as a receipt needs (ADR 224).
 */
export function isEmailAddress(value: string): boolean {
  return regexes.html5Email.test(value) && value.slice(value.indexOf("@") + 1).includes(".");
}

/** spec §5 email: 'Введите email' when empty, 'Укажите корректный email' when malformed. */
export const emailSchema = requiredText(V.emailRequired).refine(isEmailAddress, V.emailInvalid);

/** spec §3, §5 receipt email: 'Укажите email для получения чека' when empty. */
export const receiptEmailSchema = requiredText(V.receiptEmailRequired).refine(isEmailAddress, V.emailInvalid);

/** spec §5 name: 'Введите ваше имя' when empty; 'Имя не должно превышать 50 символов' above NAME_MAX. */
export const nameSchema = requiredText(V.nameRequired).max(NAME_MAX, V.nameTooLong);

/**
 * A multi-line text as its field counted it: a textarea's maxlength counts a line break as one character, but a form
 * posted without scripts sends each as CR LF (HTML's form encodings), so a comment that fit the field arrived longer.
 */
export function lineFeeds(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** spec §3 comment: optional (absent → ""), at most COMMENT_MAX characters, a line break counting as one. */
export const commentSchema = z
  .preprocess(
    (value) => (typeof value === "string" ? lineFeeds(value) : value),
    z.string({ invalid_type_error: V.pattern }).trim().max(COMMENT_MAX, V.commentTooLong),
  )
  .default("");

/** Generic required text ('Обязательное поле'). */
export const requiredFieldSchema = requiredText(V.fieldRequired);

/** The first error message of a value against a schema, or null when it passes. */
export function firstError(schema: z.ZodTypeAny, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

// ── location (context-dependent, not zod) ────────────────────────────────────────────────────────

/**
 * spec §5 delivery address: 'Укажите адрес доставки' when there is neither text nor a location; 'Выберите адрес
 * из списка или укажите точку на карте' for typed text without a chosen location; 'Адрес не входит в зону
 * доставки' unless the location lies in a zone. null when valid.
 */
export function deliveryAddressError(input: {
  address: string | null | undefined;
  location: LatLng | null | undefined;
  zones: readonly { polygon: Polygon }[];
}): ValidationKey | null {
  const hasText = (input.address ?? "").trim() !== "";
  if (!input.location) return hasText ? V.addressChooseOrPoint : V.addressRequired;
  return findZone(input.zones, input.location) ? null : V.addressOutsideZone;
}

/**
 * spec §5 takeaway: 'Нет доступных пунктов самовывоза' without points; 'Выберите точку самовывоза' unless the
 * chosen resto is one of them. null when valid.
 */
export function takeawayPointError(input: {
  restoId: number | null | undefined;
  points: readonly { id: number }[];
}): ValidationKey | null {
  if (input.points.length === 0) return V.takeawayNoneAvailable;
  return input.restoId != null && input.points.some((p) => p.id === input.restoId) ? null : V.takeawayRequired;
}
