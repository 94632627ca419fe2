import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Polygon } from "~/lib/model";
import {
  commentSchema,
  deliveryAddressError,
  emailSchema,
  firstError,
  makePhoneSchema,
  nameSchema,
  normalizePhone,
  phoneSchema,
  receiptEmailSchema,
  requiredFieldSchema,
  smsCodeSchema,
  takeawayPointError,
  V,
} from "~/lib/validation";

describe("phone (spec §5, libphonenumber-js, default RU)", () => {
  it("required", () => {
    expect(firstError(phoneSchema, undefined)).toBe(V.phoneRequired);
    expect(firstError(phoneSchema, "")).toBe(V.phoneRequired);
    expect(firstError(phoneSchema, "   ")).toBe(V.phoneRequired);
    expect(firstError(phoneSchema, 79991234567)).toBe(V.phoneRequired);
  });

  it("normalizes valid numbers to E.164", () => {
    for (const input of ["+7 999 123-45-67", "8 (999) 123-45-67", "9991234567", "+79991234567", " 7 999 123 45 67 "]) {
      expect(phoneSchema.parse(input)).toBe("+79991234567");
    }
    expect(phoneSchema.parse("+382 67 123 456")).toBe("+38267123456");
  });

  it("refuses invalid numbers, letters and extensions", () => {
    for (const input of [
      "12345",
      "+7 000 000 00 00",
      "+7 999 123 45 678",
      "+7 999 123 45 67abc",
      "call +79991234567",
      "+7 999 123 45 67 доб. 5",
    ]) {
      expect(firstError(phoneSchema, input)).toBe(V.phoneInvalid);
    }
  });

  it("reads a number pasted with the dashes and spaces of typeset text, or typed in full-width digits", () => {
    // sites and contact cards set numbers with non-breaking hyphens and spaces; the tel field posts them as they are
    for (const input of [
      "+7\u00a0999\u00a0123\u201145\u201167",
      "+7 999 123\u201345\u201367",
      "+7 (999) 123\u201445\u201467",
      "8 999 123\u221245\u221267",
      "+7\u202f999\u2009123\u201245\u201267",
      "\uff0b\uff17\uff19\uff19\uff19\uff11\uff12\uff13\uff14\uff15\uff16\uff17",
    ]) {
      expect(phoneSchema.parse(input), JSON.stringify(input)).toBe("+79991234567");
    }
    expect(firstError(phoneSchema, "+7 999 123\u201345\u201367 доб. 5")).toBe(V.phoneInvalid);
  });

  it("generated: a number set with any spaces and dashes, in any digits' width, is the same number", () => {
    const separator = fc.constantFrom(
      "",
      " ",
      "-",
      "\u00a0",
      "\u202f",
      "\u2009",
      "\u2010",
      "\u2011",
      "\u2012",
      "\u2013",
      "\u2014",
      "\u2212",
      "\uff0d",
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.array(separator, { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        (subscriber, [a, b, c, d], bracketed, fullWidth) => {
          const digits = String(subscriber).padStart(7, "0");
          const area = bracketed ? "(999)" : "999";
          let typed = `+7${a}${area}${b}${digits.slice(0, 3)}${c}${digits.slice(3, 5)}${d}${digits.slice(5)}`;
          if (fullWidth) typed = typed.replace(/[0-9+]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
          expect(normalizePhone(typed), JSON.stringify(typed)).toBe(`+7999${digits}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads national numbers in the brand's country", () => {
    expect(normalizePhone("067 123 456", "ME")).toBe("+38267123456");
    expect(normalizePhone("067 123 456", "RU")).toBeNull();
    expect(makePhoneSchema("ME").parse("067 123 456")).toBe("+38267123456");
  });
});

describe("SMS code (spec §5)", () => {
  it("required, at least 4, digits only", () => {
    expect(firstError(smsCodeSchema, undefined)).toBe(V.smsCodeRequired);
    expect(firstError(smsCodeSchema, " ")).toBe(V.smsCodeRequired);
    expect(firstError(smsCodeSchema, "123")).toBe(V.smsCodeTooShort);
    expect(firstError(smsCodeSchema, "1234")).toBeNull();
    expect(firstError(smsCodeSchema, "12a4")).toBe(V.digits);
    expect(smsCodeSchema.parse(" 123456 ")).toBe("123456");
  });
});

describe("email (spec §5)", () => {
  it("required and format", () => {
    expect(firstError(emailSchema, "")).toBe(V.emailRequired);
    expect(firstError(emailSchema, "a@b")).toBe(V.emailInvalid);
    expect(firstError(emailSchema, "ivan@example")).toBe(V.emailInvalid);
    expect(emailSchema.parse(" ivan@example.com ")).toBe("ivan@example.com");
  });

  it("takes what a browser's e-mail field takes and posts: an internationalised domain arrives in punycode", () => {
    // Chromium posts anna@пример.рф as anna@xn--e1afmkfd.xn--p1ai (checked in /usr/bin/chromium, ADR 224)
    for (const input of [
      "anna@xn--e1afmkfd.xn--p1ai",
      "ivan@xn--80ak6aa92e.com",
      "o'neil+food@mail.example.co.uk",
      "x@sub-1.example.travel",
    ]) {
      expect(firstError(emailSchema, input), input).toBeNull();
      expect(firstError(receiptEmailSchema, input), input).toBeNull();
    }
    for (const input of [
      "анна@пример.рф",
      "ivan@",
      "@example.com",
      "iv an@example.com",
      "ivan@-example.com",
      "ivan@example..com",
      "ivan@@example.com",
      "ivan.petrov@example",
      "ivan.@example",
    ]) {
      expect(firstError(emailSchema, input), input).toBe(V.emailInvalid);
    }
  });

  it("receipt email has its own required message", () => {
    expect(firstError(receiptEmailSchema, undefined)).toBe(V.receiptEmailRequired);
    expect(firstError(receiptEmailSchema, "nope")).toBe(V.emailInvalid);
  });
});

describe("name and comment (spec §3, §5)", () => {
  it("name required, max 50", () => {
    expect(firstError(nameSchema, "")).toBe(V.nameRequired);
    expect(firstError(nameSchema, "я".repeat(50))).toBeNull();
    expect(firstError(nameSchema, "я".repeat(51))).toBe(V.nameTooLong);
    expect(nameSchema.parse(`  Иван  `)).toBe("Иван");
  });

  it("comment optional, max 100", () => {
    expect(commentSchema.parse(undefined)).toBe("");
    expect(firstError(commentSchema, "x".repeat(100))).toBeNull();
    expect(firstError(commentSchema, "x".repeat(101))).toBe(V.commentTooLong);
  });

  it("a line break in the comment counts as one character, as the field counts it, though a plain form posts it as two", () => {
    // a browser's textarea with maxlength=100 takes 96 letters and 4 line breaks; a form without scripts sends CRLF
    const typed = ["x".repeat(24), "y".repeat(24), "z".repeat(24), "w".repeat(24), ""].join("\n");
    expect(typed.length).toBe(100);
    const posted = typed.replace(/\n/g, "\r\n");
    expect(firstError(commentSchema, posted)).toBeNull();
    expect(commentSchema.parse(posted)).toBe(typed.trim());
    expect(commentSchema.parse("у шлагбаума\rзвонить")).toBe("у шлагбаума\nзвонить");
    // what is not text is refused with the form's message, not thrown at
    expect(firstError(commentSchema, 5)).toBe(V.pattern);
    expect(firstError(commentSchema, `${"x".repeat(100)}\r\ny`)).toBe(V.commentTooLong);
  });

  it("generic required field", () => {
    expect(firstError(requiredFieldSchema, "")).toBe(V.fieldRequired);
  });

  it("composes in an object schema (conform-style)", () => {
    const form = z.object({ name: nameSchema, phone: phoneSchema });
    const result = form.safeParse({ name: "", phone: "8 999 123 45 67" });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors).toEqual({ name: [V.nameRequired] });
  });
});

describe("delivery address and takeaway point (spec §5)", () => {
  const zone: Polygon = {
    type: "Polygon",
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ],
  };
  const zones = [{ polygon: zone }];

  it("address messages", () => {
    expect(deliveryAddressError({ address: "", location: null, zones })).toBe(V.addressRequired);
    expect(deliveryAddressError({ address: "Тверская", location: null, zones })).toBe(V.addressChooseOrPoint);
    expect(deliveryAddressError({ address: "Тверская, 1", location: { lat: 2, lng: 2 }, zones })).toBe(V.addressOutsideZone);
    expect(deliveryAddressError({ address: "", location: { lat: 0.5, lng: 0.5 }, zones })).toBeNull();
    expect(deliveryAddressError({ address: "Тверская, 1", location: { lat: 0.5, lng: 0.5 }, zones: [] })).toBe(
      V.addressOutsideZone,
    );
  });

  it("an address that is absent or only spaces asks for an address, not for a choice from the list", () => {
    expect(deliveryAddressError({ address: undefined, location: null, zones })).toBe(V.addressRequired);
    expect(deliveryAddressError({ address: null, location: null, zones })).toBe(V.addressRequired);
    expect(deliveryAddressError({ address: "   ", location: null, zones })).toBe(V.addressRequired);
  });

  it("takeaway messages", () => {
    expect(takeawayPointError({ restoId: 1, points: [] })).toBe(V.takeawayNoneAvailable);
    expect(takeawayPointError({ restoId: null, points: [{ id: 1 }] })).toBe(V.takeawayRequired);
    expect(takeawayPointError({ restoId: 2, points: [{ id: 1 }] })).toBe(V.takeawayRequired);
    expect(takeawayPointError({ restoId: 1, points: [{ id: 1 }] })).toBeNull();
    // the chosen point among several
    expect(takeawayPointError({ restoId: 2, points: [{ id: 1 }, { id: 2 }, { id: 3 }] })).toBeNull();
  });
});

describe("phone numbers read in Russia unless the brand says otherwise", () => {
  it("a national number is Russian by default, for the function and for the schema", () => {
    expect(normalizePhone("8 999 123-45-67")).toBe("+79991234567");
    expect(makePhoneSchema().parse("8 (999) 123-45-67")).toBe("+79991234567");
  });
});

describe("a field that is missing or not text reports its own 'required' message (a hand-made POST)", () => {
  it("absent or of another type", () => {
    expect(firstError(phoneSchema, undefined)).toBe(V.phoneRequired);
    expect(firstError(nameSchema, 42)).toBe(V.nameRequired);
    expect(firstError(smsCodeSchema, ["1234"])).toBe(V.smsCodeRequired);
  });
});
