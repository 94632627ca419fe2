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
