/**
 * The cart page's loader data (`CartPageView`, app/features/cart/cart-page.server.ts) for a stubbed /cart. The
 * parts that carry a rule are computed by the rule itself from what the upstream would send — the payment methods
 * from a restaurant's payConfig (`paymentMethodsFor`, `choosePaymentMethod`), the threshold from a zone's thresholds
 * and the items' total (`matchThreshold`, `deliveryHint`), the times and the closed notice from the hours and a
 * clock (`orderTimes`) — as `loadCartView` computes them; the rest is a plain returning customer's cart.
 */
import { choosePaymentMethod } from "~/features/cart/preflight.server";
import type { CartPageView } from "~/features/cart/cart-page.server";
import { orderTimes } from "~/lib/order-times";
import { paymentMethodsFor, type PayConfig } from "~/lib/payment";
import { deliveryHint, matchThreshold, orderTotal, thresholdBreach, type Threshold } from "~/lib/thresholds";
import type { DeliveryMethod, OpeningHours, PaymentMethod, WorkingHours } from "~/lib/model";

export const CHECKOUT_KEY = "0b7c1e2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d";

const WEEK = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;

/** the demo twin's Samara restaurant (server/demo/data.ts): Monday–Saturday 09:00–22:00, Sunday off, UTC+4 */
export const SAMARA = {
  timezone: "+04:00",
  openingHours: WEEK.map((day): OpeningHours => ({ dayOfWeek: day, active: day !== "SUNDAY", open: "09:00", close: "22:00" })),
  takeAway: {
    type: "TAKE_AWAY",
    minTimeMinutes: 20,
    dayInAdvance: 2,
    hours: WEEK.map((day): OpeningHours => ({ dayOfWeek: day, active: day !== "SUNDAY", open: "09:00", close: "21:30" })),
  } satisfies WorkingHours,
};

/** an instant at a wall time of UTC+4 (Samara): 2026-11-24 is a Tuesday */
export function samaraTime(day: "TUESDAY" | "SUNDAY", time: string): Date {
  const date = day === "TUESDAY" ? "2026-11-24" : "2026-11-29";
  return new Date(`${date}T${time}:00+04:00`);
}

export const ALL_PAYMENTS: PayConfig = {
  delivery: { cardOnline: "https://pay.example/", cardUponReceipt: true, cashUponReceipt: true },
  takeAway: { cardOnline: "https://pay.example/", cardUponReceipt: true, cashUponReceipt: true },
};

/** the demo's Moscow centre zone (server/demo/data.ts): 1 000 ₽ minimum, 149 ₽ up to 2 000 ₽, free from 2 000 ₽ */
export const CENTRE_ZONE: Threshold[] = [
  { deliveryCost: 14900, deliveryTime: 40, orderPrice: { min: 100000, max: 200000 } },
  { deliveryCost: 0, deliveryTime: 40, orderPrice: { min: 200000, max: null } },
];

export interface CartInput {
  method?: DeliveryMethod;
  payConfig?: PayConfig | null;
  savedPayment?: PaymentMethod | null;
  /** Борщ at 390 ₽ this many times */
  count?: number;
  zone?: Threshold[];
  /** a delivery place chosen (delivery only) */
  place?: boolean;
  hours?: { resto: { openingHours: OpeningHours[]; timezone: string }; working: WorkingHours; now: Date } | null;
  signedIn?: boolean;
  orderingPaused?: boolean;
  preflight?: CartPageView["preflight"];
  promo?: CartPageView["promo"];
  draft?: Partial<CartPageView["draft"]>;
}

export function cartView(input: CartInput = {}): CartPageView {
  const method = input.method ?? "TAKE_AWAY";
  const count = input.count ?? 2;
  const unitPrice = 39000;
  const items = unitPrice * count;
  const methods = paymentMethodsFor(input.payConfig === undefined ? ALL_PAYMENTS : input.payConfig, method);
  const match = method === "DELIVERY" ? matchThreshold(input.zone ?? CENTRE_ZONE, items) : ({ status: "none" } as const);
  const delivery = method === "DELIVERY" && match.status === "ok" ? match.current.deliveryCost : null;
  const times = input.hours ? orderTimes(input.hours.resto, input.hours.working, input.hours.now) : null;
  const slots = times?.slots ?? [];
  const place = method === "DELIVERY" && input.place !== false ? { text: "Тверская улица, 7", location: { lat: 55.758, lng: 37.611 } } : null;
  return {
    currency: "RUB",
    lines: [
      {
        key: "10031:501:",
        index: 0,
        positionId: 10031,
        menuId: 501,
        name: "Борщ",
        count,
        unitPrice,
        sum: items,
        modifiers: [],
      },
    ],
    dropped: [],
    addOns: [],
    count,
    method,
    methodsOffered: ["DELIVERY", "TAKE_AWAY"],
    where: null,
    resto: { id: 173, name: "Демо Пицца на Тверской", street: "Тверская улица, 12", location: { lat: 55.76, lng: 37.61 } },
    place,
    payment: { methods, selected: choosePaymentMethod(input.savedPayment ?? null, methods) },
    personCount: 1,
    promo: input.promo ?? { code: null, applied: false, minOrder: null, maxDiscount: null },
    totals: { items, discount: 0, delivery, total: orderTotal({ itemsTotal: items, deliveryPrice: delivery, method }) },
    deliveryTime: method === "DELIVERY" && match.status === "ok" ? match.current.deliveryTime : null,
    threshold: thresholdBreach(match),
    hint: deliveryHint(match, items),
    preflight: input.preflight ?? { message: null, invalid: false, failed: false },
    draft: { name: "", phone: "", email: "", receiptEmail: "", comment: "", preOrderAt: times && !times.asap ? (slots[0]?.value ?? "") : "", ...input.draft },
    slots,
    acceptingOrders: times?.asap ?? true,
    closed: times?.closed
      ? {
          reason: times.closed.reason,
          next: times.closed.next
            ? { time: times.closed.next.time, daysAhead: times.closed.next.daysAhead, dayOfWeek: times.closed.next.dayOfWeek }
            : null,
        }
      : null,
    signedIn: input.signedIn ?? true,
    degraded: false,
    orderingPaused: input.orderingPaused ?? false,
    checkoutKey: CHECKOUT_KEY,
    honeypot: { nameFieldName: "name__confirm", validFromFieldName: "from__confirm", encryptedValidFrom: "sealed" },
    moneyPattern: null,
    confirmClear: false,
  };
}
