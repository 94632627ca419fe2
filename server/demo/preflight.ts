/**
 * The twin's order calculation, shared by the two preflight calls and order submission (spec §7, §8).
 * Prices come from the demo data; the prices the client sends are ignored, its ids are checked.
 *
 * Order of checks (one error is answered, the first that applies):
 *  resto known → (order) positions present / payment type chosen → payment type enabled → positions in the
 *  resto's menus → (DELIVERY) zone containing the location → menus serve the method → modifiers
 *  → (DELIVERY) zone thresholds → promo code → (order) the order's time: as soon as possible while open, else a
 *  pre-order time within the hours (app/lib/order-times.ts).
 */
import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon";
import type {
  DeliveryMethod,
  DeliveryRule,
  DeliveryZoneDto,
  LatLng,
  OrderPositionPayload,
  PaymentMethod,
  PreflightAnswer,
  PreflightPayload,
} from "~/lib/model";
import { orderTimeAllowed } from "~/lib/order-times";
import type { CatalogChanges } from "./catalog-changes";
import { DEMO_AUTO_DISCOUNTS, findDemoResto, findRestoPosition, modifiersOfPosition, type DemoResto } from "./data";
import { demoError, formatRub, RESTO_PAY_ERROR_CODES, type DemoError } from "./errors";
import { driftModifiersOf, findDriftPosition } from "./drifted";
import { checkPromoCode, type PromoDiscount } from "./promo";
import type { Result } from "./store";

/** Id of the line that carries the delivery price (specials ['DELIVERY_PRICE']). */
export const DEMO_DELIVERY_LINE_ID = 999001;

type Line = PreflightAnswer["positions"][number];

export interface PreflightOutcome {
  answer: PreflightAnswer;
  /** payable total, delivery included */
  total: number;
  zone: DeliveryZoneDto | null;
}

const fail = (error: DemoError): { ok: false; error: DemoError } => ({ ok: false, error });

export function runPreflight(
  payload: PreflightPayload,
  options: { forOrder: boolean; now: number; changes: CatalogChanges },
): Result<PreflightOutcome> {
  const entry = findDemoResto(payload.restoId);
  if (!entry) return fail(demoError("resto.not-found"));
  if (payload.positions.length === 0 && options.forOrder) return fail(demoError("order.empty"));

  if (payload.payType) {
    const payError = paymentError(entry, payload.deliveryType, payload.payType);
    if (payError) return fail(payError);
  } else if (options.forOrder) {
    return fail(demoError("order.pay-type-required"));
  }

  const unknown = payload.positions.find((item) => !orderablePosition(entry.resto.id, item.id, options.changes));
  if (unknown) {
    return fail(
      demoError(
        "person-order.position-not-found-in-resto",
        `Позиция «${unknown.name}» недоступна в заведении «${entry.resto.name}»`,
      ),
    );
  }

  let zone: DeliveryZoneDto | null = null;
  const delivering = payload.deliveryType === "DELIVERY" && payload.positions.length > 0;
  if (delivering && payload.location) {
    zone = zoneAt(entry, payload.location);
    if (!zone) return fail(demoError("order.address-outside-delivery-area"));
  } else if (delivering && options.forOrder) {
    return fail(demoError("order.address-required"));
  }
  // a preflight for delivery without a location yet (no address chosen) is priced without delivery

  const lines: Line[] = [];
  for (const item of payload.positions) {
    const line = priceLine(entry, payload.deliveryType, item, options.changes);
    if (!line.ok) return line;
    lines.push(line.value);
  }

  // thresholds compare the positions' sum before discounts, as the storefront's hints do (spec §4)
  const subtotal = lines.reduce((sum, line) => sum + line.sum, 0);
  let deliveryPrice: number | null = null;
  if (zone) {
    const matched = matchRule(zone.rules, subtotal);
    if (!matched.ok) return matched;
    deliveryPrice = matched.value?.deliveryPrice ?? 0;
  }

  let promo: { code: string; discount: PromoDiscount } | null = null;
  if (payload.promoCode && payload.promoCode.trim()) {
    const checked = checkPromoCode(payload.promoCode, { restoId: entry.resto.id, deliveryType: payload.deliveryType });
    if (!checked.ok) return checked;
    promo = checked;
    if (promo.discount.minOrder === null || subtotal >= promo.discount.minOrder) applyPromo(lines, promo.code, promo.discount);
  }

  if (options.forOrder) {
    // issue 36 §2: as soon as possible only while the restaurant accepts orders; a pre-order time only within its
    // pre-order and opening hours (app/lib/order-times.ts, the rule the cart offers times by)
    const hours = entry.workingHours.find((h) => h.type === payload.deliveryType) ?? null;
    const preOrderAt = (payload as { preOrderAt?: string | null }).preOrderAt ?? null;
    const allowed = orderTimeAllowed(entry.resto, hours, preOrderAt, options.now);
    if (allowed === "day-off") return fail(demoError("resto.day-off"));
    if (allowed === "closed") return fail(demoError("resto.not-accepting-orders"));
    if (allowed === "bad-time") return fail(demoError("order.pre-order-time-invalid"));
  }

  if (deliveryPrice !== null) lines.push(deliveryLine(deliveryPrice));
  const answer: PreflightAnswer = {
    positions: lines,
    promoCode: promo?.code ?? null,
    promoCodeMaxDiscountAmount: promo?.discount.maxDiscount ?? null,
    promoCodeMinOrderAmount: promo?.discount.minOrder ?? null,
  };
  const total = lines.reduce((sum, line) => sum + line.payableAmount, 0);
  return { ok: true, value: { answer, total, zone } };
}

/** A position of the resto's menus, or one of the drifted scenario's valid extras (issue 19, drifted.ts). */
function orderablePosition(restoId: number, positionId: number, changes: CatalogChanges) {
  const found = findRestoPosition(restoId, positionId);
  // issue 18 §1: the tests' menu changes (catalog-changes.ts): a position taken off, a new price
  if (found) {
    const position = changes.position(found.position);
    return position ? { ...found, position } : undefined;
  }
  return findDriftPosition(restoId, positionId);
}

/** One cart position priced from the data: (price + modifiers) × count, minus automatic discounts. */
function priceLine(entry: DemoResto, method: DeliveryMethod, item: OrderPositionPayload, changes: CatalogChanges): Result<Line> {
  const found = orderablePosition(entry.resto.id, item.id, changes);
  if (!found) return fail(demoError("person-order.position-not-found-in-resto", `Позиция «${item.name}» недоступна`));
  if (method === "DELIVERY" && !found.menu.isDelivery) {
    return fail(demoError("order.positions-cannot-be-delivered", `«${found.position.name}» нельзя доставить, только самовывоз`));
  }
  if (method === "TAKE_AWAY" && !found.menu.isTakeAway) return fail(demoError("order.positions-not-available-for-takeaway"));
  const modifiers = modifiersUnitPrice(item);
  if (!modifiers.ok) return modifiers;
  const sum = (found.position.price + modifiers.value) * item.count;
  const discounts = DEMO_AUTO_DISCOUNTS.filter((d) => d.positionId === item.id).map((d) => ({
    name: d.name,
    amount: Math.floor((sum * d.percent) / 100),
  }));
  const discounted = discounts.reduce((total, d) => total + d.amount, 0);
  return { ok: true, value: { id: item.id, discounts, promoCodes: [], sum, specials: [], payableAmount: sum - discounted } };
}

/**
 * Price of one unit's modifiers; each chosen item must belong to a group of the position (matched by
 * modifierId) and each group's total count must lie within its minCount..maxCount (spec §3).
 */
function modifiersUnitPrice(item: OrderPositionPayload): Result<number> {
  const groups = [...modifiersOfPosition(item.id), ...driftModifiersOf(item.id)];
  let price = 0;
  for (const chosen of item.modifiers) {
    const group = groups.find((g) => g.modifierId === chosen.modifierId);
    const option = group?.items.find((i) => i.id === chosen.id);
    if (!option) return fail(demoError("person-order.modifier-not-found"));
    price += option.price * chosen.count;
  }
  for (const group of groups) {
    const count = item.modifiers.filter((m) => m.modifierId === group.modifierId).reduce((n, m) => n + m.count, 0);
    const tooMany = group.maxCount > 0 && count > group.maxCount;
    if (count < group.minCount || tooMany) {
      const range = group.minCount === group.maxCount ? `${group.minCount}` : `от ${group.minCount} до ${group.maxCount}`;
      return fail(demoError("person-order.modifier-count-invalid", `«${group.nameUi ?? group.name}»: выберите ${range}`));
    }
  }
  return { ok: true, value: price };
}

/** Spec §8 restaurant codes: the payment type must be enabled in payConfig for the method. */
function paymentError(entry: DemoResto, method: DeliveryMethod, payType: PaymentMethod): DemoError | null {
  const options = method === "DELIVERY" ? entry.resto.payConfig.delivery : entry.resto.payConfig.takeAway;
  const enabled = {
    CARD_ONLINE: Boolean(options.cardOnline), // spec §3: a non-empty string means available
    CARD_UPON_RECEIPT: options.cardUponReceipt,
    CASH_UPON_RECEIPT: options.cashUponReceipt,
  }[payType];
  return enabled ? null : demoError(RESTO_PAY_ERROR_CODES[method][payType]);
}

/** Spec §5: the delivery zone is the one whose polygon contains the location. */
export function zoneAt(entry: DemoResto, location: LatLng): DeliveryZoneDto | null {
  return entry.zones.find((zone) => booleanPointInPolygon([location.lng, location.lat], zone.polygon)) ?? null;
}

/**
 * Spec §4 threshold matching: the rule with min <= total < max applies; below the lowest min the order
 * is refused ('delivery.order-sum-not-enough.range'); at or above the highest max likewise
 * ('order.sum-exceeds-maximum'). A zone without rules delivers for free. Returns the matched rule.
 */
export function matchRule(rules: DeliveryRule[], total: number): Result<DeliveryRule | null> {
  if (rules.length === 0) return { ok: true, value: null };
  const lowestMin = Math.min(...rules.map((r) => r.minOrderPrice));
  if (total < lowestMin) {
    return fail(
      demoError(
        "delivery.order-sum-not-enough.range",
        `Минимальная сумма заказа для доставки по этому адресу — ${formatRub(lowestMin)}`,
      ),
    );
  }
  const maxima = rules.map((r) => r.maxOrderPrice);
  if (maxima.every((max): max is number => max !== null)) {
    const highestMax = Math.max(...maxima);
    if (total >= highestMax) {
      return fail(
        demoError(
          "order.sum-exceeds-maximum",
          `Максимальная сумма заказа — ${formatRub(highestMax)}. Разделите его на несколько заказов`,
        ),
      );
    }
  }
  const rule = rules.find((r) => r.minOrderPrice <= total && (r.maxOrderPrice === null || total < r.maxOrderPrice));
  if (!rule) {
    // a gap between rules: the next minimum applies
    const next = Math.min(...rules.filter((r) => r.minOrderPrice > total).map((r) => r.minOrderPrice));
    return fail(demoError("delivery.order-sum-not-enough.range", `Минимальная сумма заказа — ${formatRub(next)}`));
  }
  return { ok: true, value: rule };
}

/** Percent off each line, capped in total at maxDiscount; recorded in the lines' promoCodes. */
function applyPromo(lines: Line[], code: string, discount: PromoDiscount) {
  let left = discount.maxDiscount ?? Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const amount = Math.min(Math.floor((line.sum * discount.percent) / 100), left, line.payableAmount);
    if (amount <= 0) continue;
    line.promoCodes.push({ code, amount });
    line.payableAmount -= amount;
    left -= amount;
  }
}

function deliveryLine(price: number): Line {
  return {
    id: DEMO_DELIVERY_LINE_ID,
    discounts: [],
    promoCodes: [],
    sum: price,
    specials: ["DELIVERY_PRICE"],
    payableAmount: price,
  };
}

