/**
 * The data model: zod schemas of the upstream's entities and answers (spec §3, §7). It sits at the
 * bottom of the dependency graph (it imports only zod): the pure rules in app/lib take their types
 * from here, the upstream client (server/upstream) parses each answer with these, and the demo twin
 * (server/demo) builds its answers to pass them. Money is in minor units.
 * Unknown fields are stripped; optional fields default so that routes never see `undefined` lists.
 *
 * Issue 19 (the upstream's data is not ours): every list of an answer is a tolerant `listOf` (one bad
 * record is left out, the rest is served; app/lib/record-list.ts). Inside a record, a field is either
 * essential — an id, a name, a price, anything that decides what is sold, for how much, to whom (18+) or
 * when — and a bad value leaves the record out; or display-only, and a bad value falls back to its
 * default (`.catch`). server/upstream/README.md lists every field and its rule.
 */
import { z } from "zod";
import { DELIVERY_PRICE_SPECIAL, KNOWN_MEASURE_UNITS, MAX_ANSWER_SUM_MINOR, MAX_PRICE_MINOR } from "./constants";

export { KNOWN_MEASURE_UNITS };
import { knownKeys, listOf } from "./record-list";

/**
 * A price the upstream sends, in minor units: a non-negative integer up to MAX_PRICE_MINOR (a fraction, a negative or
 * an unbelievable amount is not guessed at: the record carrying it is left out, issue 19).
 */
const priceSchema = z.number().int().nonnegative().max(MAX_PRICE_MINOR);
/** an order-size bound of a delivery rule: compared, never added, so any safe integer */
const orderBoundSchema = z.number().int().safe();

export const latLngSchema = z.object({ lat: z.number(), lng: z.number() });
export type LatLng = z.infer<typeof latLngSchema>;

/** spec §5: coordinates are an array of at least 2 numbers ([lng, lat] as in GeoJSON). */
export const positionCoordsSchema = z.array(z.number()).min(2);
/** spec §5: a ring has 4 or more positions, first equal to last. */
export const linearRingSchema = z
  .array(positionCoordsSchema)
  .min(4)
  .refine((ring) => {
    // zod runs a refinement after a failed .min(): an empty ring must not throw here (it would fail every zone)
    const first = ring[0];
    const last = ring[ring.length - 1];
    return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  }, "A polygon ring must end where it starts");
export const polygonSchema = z.object({
  type: z.literal("Polygon"),
  coordinates: z.array(linearRingSchema).min(1),
});
export type Polygon = z.infer<typeof polygonSchema>;

export const boundsSchema = z.object({
  north: z.number(),
  south: z.number(),
  east: z.number(),
  west: z.number(),
});
export type Bounds = z.infer<typeof boundsSchema>;

export const nowSchema = z.object({ utc_time: z.string().min(1) });

export const citySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bounds: boundsSchema,
  center: latLngSchema,
  zoom: z.number().default(12).catch(12),
});
export type City = z.infer<typeof citySchema>;
export const citiesSchema = listOf(citySchema, { resource: "cities" });

export const restoSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cityIds: z.array(z.number().int()).default([]).catch([]),
});
export type RestoSummary = z.infer<typeof restoSummarySchema>;
export const restoSummariesSchema = listOf(restoSummarySchema, { resource: "restos" });

const valueSchema = z.object({ value: z.string() });
const codeNameSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const photoSchema = z.object({ url: z.string().min(1) });
export type Photo = z.infer<typeof photoSchema>;
/** a record's photos: a photo without a usable url is left out (its size or other fields are not read) */
const photosSchema = listOf(photoSchema, { resource: "photos", idKey: null }).catch([]).default([]);

export const dayOfWeekSchema = z.enum([
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
]);
export type DayOfWeek = z.infer<typeof dayOfWeekSchema>;

/** "HH:mm" (24 h). */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const openingHoursSchema = z.object({
  dayOfWeek: dayOfWeekSchema,
  active: z.boolean(),
  open: clockTimeSchema,
  close: clockTimeSchema,
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

export const openingHoursListSchema = listOf(openingHoursSchema, { resource: "opening-hours", idKey: "dayOfWeek", unique: false });

/** A flag that decides what is offered: anything but true means "not offered" (the safe direction). */
const offeredFlag = z.boolean().default(false).catch(false);

export const restoMenuRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().default(0).catch(0),
  isDelivery: offeredFlag,
  isOnline: offeredFlag,
  isTable: offeredFlag,
  isTakeAway: offeredFlag,
});
export type RestoMenuRef = z.infer<typeof restoMenuRefSchema>;

/** spec §3: cardOnline is a string, non-empty means available; the two others are flags. */
const paymentOptionsObject = z.object({
  cardOnline: z.string().nullable().default("").catch(""),
  cardUponReceipt: offeredFlag,
  cashUponReceipt: offeredFlag,
});
export type PaymentOptions = z.infer<typeof paymentOptionsObject>;
/** Payment options of one delivery method; an unknown payment method is ignored (and reported). */
export const paymentOptionsSchema = knownKeys(
  paymentOptionsObject,
  ["cardOnline", "cardUponReceipt", "cashUponReceipt"],
  "payment-methods",
).catch({ cardOnline: "", cardUponReceipt: false, cashUponReceipt: false });
const noPayment: PaymentOptions = { cardOnline: "", cardUponReceipt: false, cashUponReceipt: false };

const contactsSchema = listOf(valueSchema, { resource: "resto-contacts", idKey: null }).catch([]).default([]);

export const restoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().default("").catch(""),
  street: z.string().default("").catch(""),
  averageCheck: z.number().nullable().default(null).catch(null),
  /** money is shown in it: a missing currency is the spec default, a wrong one is not guessed */
  currency: z.string().min(1).default("RUB"),
  description: z.string().default("").catch(""),
  emails: contactsSchema,
  phones: contactsSchema,
  links: contactsSchema,
  location: latLngSchema.nullable().default(null).catch(null),
  photos: photosSchema,
  tags: listOf(codeNameSchema, { resource: "resto-tags" }).catch([]).default([]),
  pays: listOf(codeNameSchema, { resource: "resto-pays" }).catch([]).default([]),
  menus: listOf(restoMenuRefSchema, { resource: "menus" }).default([]),
  openingHours: openingHoursListSchema.default([]),
  order: z.number().default(0).catch(0),
  /** an unknown delivery method is ignored (and reported); a missing one offers no payment */
  payConfig: knownKeys(
    z.object({ delivery: paymentOptionsSchema.default(noPayment), takeAway: paymentOptionsSchema.default(noPayment) }),
    ["delivery", "takeAway"],
    "delivery-methods",
  )
    .default({ delivery: noPayment, takeAway: noPayment }).catch({ delivery: noPayment, takeAway: noPayment })
    .default({ delivery: noPayment, takeAway: noPayment }),
  payEngine: z.string().nullable().default(null).catch(null),
  /** "+03:00" style offset; spec §3 default +03:00 (when missing or not a text). */
  timezone: z.string().min(1).default("+03:00").catch("+03:00"),
});
export type Resto = z.infer<typeof restoSchema>;

/**
 * Server rule of a zone, minor units; maxOrderPrice null means no maximum (spec §3). Every field is
 * essential (prices and the promised time): a rule with one unreadable field is left out.
 */
export const deliveryRuleSchema = z.object({
  deliveryPrice: priceSchema,
  time: z.number().int().nonnegative(),
  minOrderPrice: orderBoundSchema.nonnegative().default(0),
  maxOrderPrice: orderBoundSchema.positive().nullable().default(null),
});
export type DeliveryRule = z.infer<typeof deliveryRuleSchema>;

export const deliveryZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  polygon: polygonSchema,
  rules: listOf(deliveryRuleSchema, { resource: "delivery-rules", idKey: null }).default([]),
});
export type DeliveryZoneDto = z.infer<typeof deliveryZoneSchema>;
export const deliveriesPageSchema = z.object({
  content: listOf(deliveryZoneSchema, { resource: "delivery-zones" }),
  totalElements: z.number().int().optional().catch(undefined),
});

export const modifierItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: priceSchema.default(0),
});
export type ModifierItem = z.infer<typeof modifierItemSchema>;
export const modifierGroupSchema = z
  .object({
    id: z.number().int(),
    modifierId: z.number().int(),
    minCount: z.number().int().nonnegative().default(0),
    maxCount: z.number().int().nonnegative().default(0),
    name: z.string(),
    nameUi: z.string().nullable().default(null).catch(null),
    items: listOf(modifierItemSchema, { resource: "modifier-items" }).default([]),
  })
  // a required choice that lost its items can no longer be made: the group goes with them
  .refine((group) => group.items.length >= group.minCount, { path: ["items"], message: "fewer items than minCount" });
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;
export const positionModifiersSchema = z.object({
  positionId: z.number().int(),
  modifiers: listOf(modifierGroupSchema, { resource: "modifier-groups" }).default([]),
});
export type PositionModifiers = z.infer<typeof positionModifiersSchema>;
/** several entries of one position are merged (boot.ts), so positionId is not unique here */
export const positionModifiersListSchema = listOf(positionModifiersSchema, {
  resource: "modifiers",
  idKey: "positionId",
  unique: false,
});

export const timeSlotDetailSchema = z.object({
  dayOfWeek: dayOfWeekSchema,
  startAt: clockTimeSchema,
  endAt: clockTimeSchema,
  isActive: z.boolean(),
});
export type TimeSlotDetail = z.infer<typeof timeSlotDetailSchema>;
export const positionTimeSlotSchema = z.object({
  positionIds: z.array(z.number().int()),
  details: listOf(timeSlotDetailSchema, { resource: "time-slot-details", idKey: "dayOfWeek", unique: false }).default([]),
});
export type PositionTimeSlot = z.infer<typeof positionTimeSlotSchema>;
export const positionTimeSlotsSchema = listOf(positionTimeSlotSchema, { resource: "time-slots", idKey: null });

/** spec §3 pre-order hours; type is the delivery method they apply to. */
export const workingHoursSchema = z.object({
  type: z.enum(["DELIVERY", "TAKE_AWAY"]),
  minTimeMinutes: z.number().int().nonnegative().default(0).catch(0),
  dayInAdvance: z.number().int().nonnegative().default(0).catch(0),
  hours: openingHoursListSchema.default([]),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;
/** an unknown delivery method (type) leaves its record out: it is never offered */
export const workingHoursListSchema = listOf(workingHoursSchema, { resource: "working-hours", idKey: "type", unique: false });

export const promotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().default("").catch(""),
  photos: photosSchema,
  order: z.number().default(0).catch(0),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionsSchema = listOf(promotionSchema, { resource: "promotions" });

export const positionGroupSchema = z.object({
  id: z.number().int(),
  menuId: z.number().int(),
  name: z.string(),
  order: z.number().default(0).catch(0),
  photos: photosSchema,
  /** an 18+ section: asks for age confirmation first (essential: an unreadable flag is never taken as "not 18+") */
  isAdult: z.boolean().default(false),
});
export type PositionGroup = z.infer<typeof positionGroupSchema>;
export const positionGroupsSchema = listOf(positionGroupSchema, { resource: "position-groups" });

/** spec §3 measure units; the app translates these four. */
export const measureUnitSchema = z.enum(KNOWN_MEASURE_UNITS);
export type KnownMeasureUnit = z.infer<typeof measureUnitSchema>;
/** A measure unit as the upstream sends it: one of the known four, or a new one shown plainly (issue 19). */
export type MeasureUnit = KnownMeasureUnit | (string & {});

export const positionSchema = z.object({
  id: z.number().int(),
  menu: z.object({ id: z.number().int() }),
  /** an unreadable group reference would move the position out of its (maybe 18+) group: essential */
  positionGroup: z.object({ id: z.number().int() }).nullable().default(null),
  name: z.string(),
  description: z.string().default("").catch(""),
  /** minor units: a non-negative integer up to MAX_PRICE_MINOR, else the position is not sold (never at a guessed price) */
  price: priceSchema,
  photos: photosSchema,
  /** display only: an unknown unit is kept (shown plainly), an unreadable measure is not shown */
  measure: z
    .object({ value: z.number().positive(), unit: z.string().min(1) as z.ZodType<MeasureUnit> })
    .nullable()
    .default(null).catch(null),
  /** minutes; above 90 the card shows the extended-cooking label (spec §9) */
  cookingTime: z.number().int().nonnegative().nullable().default(null).catch(null),
  order: z.number().default(0).catch(0),
  hasModifiers: z.boolean().default(false).catch(false),
});
export type Position = z.infer<typeof positionSchema>;
export const positionsSchema = listOf(positionSchema, { resource: "positions" });

export const deliveryMethodSchema = z.enum(["DELIVERY", "TAKE_AWAY"]);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;
export const paymentMethodSchema = z.enum(["CARD_ONLINE", "CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"]);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Preflight / order payload (spec §7). */
export const orderPositionPayloadSchema = z.object({
  id: z.number().int(),
  count: z.number().int().positive(),
  name: z.string(),
  price: z.number().int().nonnegative(),
  sum: z.number().int().nonnegative(),
  modifiers: z
    .array(z.object({ id: z.number().int(), modifierId: z.number().int(), count: z.number().int().positive(), price: z.number().int().nonnegative() }))
    .default([]),
});
export type OrderPositionPayload = z.infer<typeof orderPositionPayloadSchema>;

export const preflightPayloadSchema = z.object({
  deliveryType: deliveryMethodSchema,
  payType: paymentMethodSchema.nullable(),
  promoCode: z.string().nullable(),
  positions: z.array(orderPositionPayloadSchema),
  restoId: z.number().int(),
  address: z.string().nullable(),
  location: latLngSchema.nullable(),
});
export type PreflightPayload = z.infer<typeof preflightPayloadSchema>;

export const orderPayloadSchema = preflightPayloadSchema.extend({
  comment: z.string().max(100).nullable().default(null),
  personCount: z.number().int().positive().nullable().default(null),
  preOrderAt: z.string().nullable().default(null),
  person: z.object({ name: z.string().max(50), phone: z.string(), email: z.string().nullable() }),
  receiptEmail: z.string().nullable().default(null),
  apartment: z.string().nullable().default(null),
  entrance: z.string().nullable().default(null),
  floor: z.string().nullable().default(null),
  intercom: z.string().nullable().default(null),
  /** CARD_ONLINE: where the payment provider brings the customer back, the success screen (ADR 099) */
  returnUrl: z.string().max(2000).nullish(),
  /** the checkout form's key: the upstream is asked for the order of this key when its answer was lost (ADR 145) */
  clientOrderKey: z.string().max(64).nullish(),
});
export type OrderPayload = z.infer<typeof orderPayloadSchema>;

/** an amount of the upstream's answer, in minor units: a safe integer, whatever else it says */
const answerAmountSchema = z.number().int().safe();
/** the sum of the absolute values: whether the figures built from these amounts stay exact (ADR 215) */
const spread = (amounts: number[]) => amounts.reduce((n, a) => n + Math.abs(a), 0);

/**
 * The preflight's answer. Its positions price the cart together, so they are read as a whole (one left out would
 * misprice it, never tolerated like a catalog record), and an answer whose sums could not be added up exactly is not
 * used at all: `invalid-response`, the preflight's failure message on the cart (ADR 215).
 */
export const preflightAnswerSchema = z
  .object({
    positions: z
      .array(
        z.object({
          id: z.number().int(),
          discounts: z.array(z.object({ amount: answerAmountSchema, name: z.string().default("") })).default([]),
          promoCodes: z.array(z.object({ code: z.string(), amount: answerAmountSchema })).default([]),
          sum: answerAmountSchema,
          /** DELIVERY_PRICE_SPECIAL marks the line that carries the delivery price (spec §7) */
          specials: z.array(z.string()).default([]),
          payableAmount: answerAmountSchema,
        }),
      )
      .default([]),
    promoCode: z.string().nullable().default(null),
    promoCodeMaxDiscountAmount: answerAmountSchema.nullable().default(null),
    promoCodeMinOrderAmount: answerAmountSchema.nullable().default(null),
  })
  .refine(
    (answer) =>
      spread(answer.positions.map((p) => p.sum)) <= MAX_ANSWER_SUM_MINOR &&
      spread(answer.positions.map((p) => p.payableAmount)) <= MAX_ANSWER_SUM_MINOR,
    { message: "the answer's amounts add up past what the cart can count exactly", path: ["positions"] },
  )
  .refine(
    // the delivery line's price is a price: 0 to MAX_PRICE_MINOR, like a zone's (ADR 210)
    (answer) => answer.positions.every((p) => !p.specials.includes(DELIVERY_PRICE_SPECIAL) || (p.payableAmount >= 0 && p.payableAmount <= MAX_PRICE_MINOR)),
    { message: "the delivery line's price is not a price", path: ["positions"] },
  );
export type PreflightAnswer = z.infer<typeof preflightAnswerSchema>;

/**
 * The order answer (spec §7 "returns the order"), kept whole: fields this app does not read pass through. The
 * online-payment fields are an assumed contract (ADR 099); they are only read, never trusted — a malformed one
 * counts as absent (the order exists all the same), and the address is checked before any redirect
 * (app/lib/online-payment.ts).
 */
export const orderSchema = z
  .object({
    id: z.union([z.number().int(), z.string()]),
    number: z.string().nullable().default(null),
    status: z.string().default("NEW"),
    createdAt: z.string().nullable().default(null),
    /** minor units; one that is not an amount (a fraction, negative, past safe integers) counts as absent (ADR 215) */
    total: z.number().int().nonnegative().safe().nullable().default(null).catch(null),
    /** where to send the customer to pay a CARD_ONLINE order (ADR 099) */
    paymentUrl: z.string().nullable().default(null).catch(null),
    /** PENDING | PAID | FAILED (ADR 099) */
    paymentStatus: z.string().max(40).nullable().default(null).catch(null),
    /**
     * when the upstream expects the order delivered or ready, an ISO instant with its offset (an assumed contract,
     * ADR 190); preferred to the storefront's own estimate. Anything else counts as absent.
     */
    expectedAt: z.string().max(64).datetime({ offset: true }).nullable().default(null).catch(null),
  })
  .passthrough();
export type Order = z.infer<typeof orderSchema>;

export const tokenSetSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  vkAccessToken: z.string().nullable().optional(),
});
export type TokenSetDto = z.infer<typeof tokenSetSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  accountIds: z.array(z.union([z.number(), z.string()])).default([]),
  avatar: z.string().nullable().default(null),
  deliveries: z
    .array(
      z.object({
        email: z.string().nullable().default(null),
        personName: z.string().nullable().default(null),
        phone: z.string().nullable().default(null),
      }),
    )
    .default([]),
  email: z.string().nullable().default(null),
  firstName: z.string().nullable().default(null),
  lastName: z.string().nullable().default(null),
  patronymic: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
});
export type ProfileDto = z.infer<typeof profileSchema>;

/** Error body of every failing call (spec §8). */
export const errorBodySchema = z.object({
  errors: z.array(z.object({ code: z.string().default(""), message: z.string().default("") })).min(1),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Google Places (New) autocomplete and geocoding subset the BFF reads (issue 3). */
export const geocodedAddressSchema = z.object({
  country: z.string().nullable().default(null),
  region: z.string().nullable().default(null),
  city: z.string().nullable().default(null),
  street: z.string().nullable().default(null),
  houseNumber: z.string().nullable().default(null),
  coordinates: latLngSchema,
  placeId: z.string().nullable().default(null),
});
export type GeocodedAddress = z.infer<typeof geocodedAddressSchema>;
