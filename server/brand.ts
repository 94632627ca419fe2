/**
 * The brand file (JSON): everything that makes one storefront container a brand's own (spec §1, §3).
 * Validated at start-up; the README documents each field.
 */
import { z } from "zod";
import { addOnsSchema } from "../app/lib/add-ons";

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c");
export const AUTH_METHODS = ["GOOGLE", "APPLE", "VK", "PHONE"] as const;
export const LOCALES = ["ru", "en", "me"] as const;
export type Locale = (typeof LOCALES)[number];

export const brandSchema = z
  .object({
    /** white-label name sent to the upstream and stamped into cookies (a change resets them) */
    whiteLabel: z.string().regex(/^[a-z0-9][a-z0-9-]{1,40}$/, "lower-case letters, digits and dashes"),
    /** bump to reset every customer's stored state (spec §1) */
    version: z.string().min(1),
    displayName: z.string().min(1).max(60),
    description: z.string().max(300).default(""),
    /** path under public/ or an absolute https URL */
    mark: z.string().min(1),
    favicon: z.string().min(1),
    theme: z
      .object({
        mode: z.enum(["dark", "light"]).default("dark"),
        primary: hexColor,
        onPrimary: hexColor.default("#ffffff"),
        background: hexColor.optional(),
        surface: hexColor.optional(),
        text: hexColor.optional(),
      })
      .strict(),
    /** HTML-free text shown by a custom boot loader (spec §2); null keeps the default splash */
    bootLoader: z.object({ text: z.string().max(80) }).nullable().default(null),
    authMethods: z.array(z.enum(AUTH_METHODS)).min(1).default(["PHONE"]),
    cart: z.object({ personCount: z.boolean().default(true), promoCodes: z.boolean().default(true) }).default({}),
    defaultLocation: z
      .object({
        cityId: z.number().int().positive(),
        deliveryMethod: z.enum(["DELIVERY", "TAKE_AWAY"]),
        restoId: z.number().int().positive().nullable().default(null),
      })
      .nullable()
      .default(null),
    locales: z
      .object({
        offered: z.array(z.enum(LOCALES)).min(1).default(["ru", "en"]),
        default: z.enum(LOCALES).default("ru"),
      })
      .refine((l) => l.offered.includes(l.default), "the default locale must be one of the offered ones")
      .default({}),
    keys: z
      .object({
        /** browser key for the Maps JavaScript API (restricted by referrer); null → schematic SVG map */
        googleMapsBrowser: z.string().min(1).nullable().default(null),
        vkClientId: z.string().regex(/^\d+$/, "VK client id is numeric").nullable().default(null),
        googleClientId: z.string().min(1).nullable().default(null),
        appleClientId: z.string().min(1).nullable().default(null),
        captchaSiteKey: z.string().min(1).nullable().default(null),
        analyticsCounterId: z.string().regex(/^\d+$/, "analytics counter id is numeric").nullable().default(null),
      })
      .default({}),
    /**
     * https origins of the payment provider's pages (ADR 100): the only places an order's payment address may
     * send the customer to, and the CSP form-action sources that let the checkout form's 303 go there.
     */
    paymentOrigins: z
      .array(z.string().url().refine((value) => /^https:\/\/[^/]+\/?$/.test(value), "an https origin, e.g. https://pay.example.com"))
      .default([]),
    termsOfSale: z.string().min(1),
    /** preflight first-error codes that pass silently (spec §8) */
    ignoredPreflightCodes: z.array(z.string()).default([]),
    /**
     * Field data (issue 37, ADR 160): the share of customers' page views whose Core Web Vitals their browser sends,
     * anonymously, to POST /vitals (Prometheus histograms on the metrics port); `enabled: false` sends and records none.
     */
    fieldData: z
      .object({
        enabled: z.boolean().default(true),
        sampleRate: z.number().min(0, "a share from 0 to 1, e.g. 0.1 for one page view in ten").max(1, "a share from 0 to 1, e.g. 0.1 for one page view in ten").default(0.1),
      })
      .strict()
      .default({}),
    /**
     * The cart's add-on suggestions (issue 39, ADR 185): ordered rules naming menu groups; a rule whose groups have
     * no line in the cart suggests its first position that one tap can add; at most `max`. No rules: none shown.
     */
    addOns: addOnsSchema.default({}),
  })
  .strict();

export type Brand = z.infer<typeof brandSchema>;

/** What of the brand is safe and useful in the browser (no server keys live in the brand file anyway). */
export function publicBrand(brand: Brand) {
  return {
    whiteLabel: brand.whiteLabel,
    version: brand.version,
    displayName: brand.displayName,
    mark: brand.mark,
    theme: brand.theme,
    bootLoader: brand.bootLoader,
    authMethods: brand.authMethods,
    cart: brand.cart,
    locales: brand.locales,
    analyticsCounterId: brand.keys.analyticsCounterId,
    /** whether and how often a page view loads the field-data collector (app/shell/FieldData.tsx) */
    fieldData: brand.fieldData,
  };
}
export type PublicBrand = ReturnType<typeof publicBrand>;
