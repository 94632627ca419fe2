/**
 * The twin's promo codes (case-insensitive): one that works everywhere, two that work only in some
 * contexts, and one per promo error of spec §8. `DEMO_PROMO_CODES` is also the table tests and docs use.
 */
import type { DeliveryMethod } from "~/lib/model";
import { DEMO_RESTO_IDS } from "./data";
import { demoError, type DemoError, type PromoErrorCode } from "./errors";

export interface PromoDiscount {
  kind: "discount";
  percent: number;
  /** minor units; null = no cap */
  maxDiscount: number | null;
  /** minor units; below it the code is echoed but gives no discount */
  minOrder: number | null;
  /** null = every resto; otherwise others answer 'promo-code.not-found-for-resto' */
  restoIds: number[] | null;
  /** null = both methods; otherwise the other method answers the wrong-method code below */
  deliveryType: DeliveryMethod | null;
}

export interface DemoPromoCode {
  code: string;
  /** what the twin answers in `example` */
  outcome: "success" | PromoErrorCode;
  example: { restoId: number; deliveryType: DeliveryMethod };
  note: string;
  rule: PromoDiscount | { kind: "error"; code: PromoErrorCode };
}

const TVERSKAYA = DEMO_RESTO_IDS.tverskaya;
const fails = (code: PromoErrorCode) => ({ kind: "error" as const, code });

export const DEMO_PROMO_CODES: Readonly<Record<string, DemoPromoCode>> = {
  WELCOME: {
    code: "WELCOME",
    outcome: "success",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "10 % off, at most 500 ₽, from an order of 1 000 ₽ (below it: echoed, no discount); every resto and method",
    rule: { kind: "discount", percent: 10, maxDiscount: 50000, minOrder: 100000, restoIds: null, deliveryType: null },
  },
  KAZAN: {
    code: "KAZAN",
    outcome: "promo-code.not-found-for-resto",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "15 % off (at most 300 ₽) only in resto 176 (Казань); elsewhere not-found-for-resto",
    rule: {
      kind: "discount",
      percent: 15,
      maxDiscount: 30000,
      minOrder: null,
      restoIds: [DEMO_RESTO_IDS.kazan],
      deliveryType: null,
    },
  },
  PICKUP: {
    code: "PICKUP",
    outcome: "promo-code.invalid-delivery-type",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "5 % off for TAKE_AWAY (no cap, no minimum); with DELIVERY answers invalid-delivery-type",
    rule: { kind: "discount", percent: 5, maxDiscount: null, minOrder: null, restoIds: null, deliveryType: "TAKE_AWAY" },
  },
  DELIVERY10: {
    code: "DELIVERY10",
    outcome: "promo-code.invalid-delivery-method",
    example: { restoId: TVERSKAYA, deliveryType: "TAKE_AWAY" },
    note: "10 % off for DELIVERY (at most 300 ₽); with TAKE_AWAY answers invalid-delivery-method",
    rule: { kind: "discount", percent: 10, maxDiscount: 30000, minOrder: null, restoIds: null, deliveryType: "DELIVERY" },
  },
  NOTFOUND: {
    code: "NOTFOUND",
    outcome: "promo-code.not-found",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "any code not in this table answers not-found",
    rule: fails("promo-code.not-found"),
  },
  SOLDOUT: {
    code: "SOLDOUT",
    outcome: "promo-code.limit-exceed",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "the code's total uses are spent",
    rule: fails("promo-code.limit-exceed"),
  },
  ONCE: {
    code: "ONCE",
    outcome: "promo-code.person-limit-exceed",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "this customer already used it",
    rule: fails("promo-code.person-limit-exceed"),
  },
  SOON: {
    code: "SOON",
    outcome: "promo-code.before-start",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "its campaign has not started",
    rule: fails("promo-code.before-start"),
  },
  EXPIRED: {
    code: "EXPIRED",
    outcome: "promo-code.after-finish",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "its campaign is over",
    rule: fails("promo-code.after-finish"),
  },
  PAUSED: {
    code: "PAUSED",
    outcome: "promo-code.not-active",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "switched off by the operator",
    rule: fails("promo-code.not-active"),
  },
  NIGHTOWL: {
    code: "NIGHTOWL",
    outcome: "promo-code.hour-not-active",
    example: { restoId: TVERSKAYA, deliveryType: "DELIVERY" },
    note: "valid only at night (valid later)",
    rule: fails("promo-code.hour-not-active"),
  },
};

export type PromoCheck = { ok: true; code: string; discount: PromoDiscount } | { ok: false; error: DemoError };

/** Which promo error (if any) a code gives in a context; spec §8 promo codes. */
export function checkPromoCode(raw: string, context: { restoId: number; deliveryType: DeliveryMethod }): PromoCheck {
  const entry = DEMO_PROMO_CODES[raw.trim().toUpperCase()];
  if (!entry) return { ok: false, error: demoError("promo-code.not-found") };
  const { rule } = entry;
  if (rule.kind === "error") return { ok: false, error: demoError(rule.code) };
  if (rule.restoIds && !rule.restoIds.includes(context.restoId)) {
    return { ok: false, error: demoError("promo-code.not-found-for-resto") };
  }
  if (rule.deliveryType && rule.deliveryType !== context.deliveryType) {
    // a takeaway-only code used for delivery: the preflight rule of spec §8 names invalid-delivery-type
    const code = rule.deliveryType === "TAKE_AWAY" ? "promo-code.invalid-delivery-type" : "promo-code.invalid-delivery-method";
    return { ok: false, error: demoError(code) };
  }
  return { ok: true, code: entry.code, discount: rule };
}
