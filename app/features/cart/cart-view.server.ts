/**
 * Everything the cart page shows, computed server-side from the cookie, the cached catalog, the area's
 * zones and the preflight: priced lines, totals and thresholds (spec §4), payment methods (spec §4), the
 * order draft and pre-order times. Prices never come from the browser.
 */
import { priceLines } from "~/lib/cart";
import { findZone } from "~/lib/geo";
import { formatDeliveryPlace, ruPlaceLabels, enPlaceLabels } from "~/lib/place";
import { offeredMethods, paymentMethodsFor } from "~/lib/payment";
import { deliveryHint, matchThreshold, orderTotal, thresholdBreach } from "~/lib/thresholds";
import { orderTimes } from "~/lib/order-times";
import { cartAddOns } from "./add-ons.server";
import { effectiveLocation } from "~/features/location/location.server";
import { areaOffer } from "~/features/location/resolve-draft.server";
import { checkoutPerson, type CheckoutPerson } from "~/features/checkout/person.server";
import { messagesFor } from "~/i18n/locale.server";
import type { RestoCatalog } from "~server/upstream";
import type { DeliveryMethod } from "~/lib/model";
import {
  buildPreflightPayload,
  catalogLookup,
  choosePaymentMethod,
  readAnswer,
  runPreflight,
  type PreflightOutcome,
} from "./preflight.server";
import type { RequestContext } from "~server/context";

export interface CartContext {
  catalog: RestoCatalog | null;
  method: DeliveryMethod;
  cityId: number | null;
  restoId: number | null;
  person: CheckoutPerson | null;
}

export async function cartContext(rc: RequestContext): Promise<CartContext> {
  const { config, upstream } = rc.services;
  const state = await rc.session.get("storefront");
  const location = effectiveLocation(state, config.brand);
  const [catalog, person] = await Promise.all([
    location?.restoId ? upstream.boot.loadRestoCatalog(location.restoId) : Promise.resolve(null),
    checkoutPerson(rc),
  ]);
  return {
    catalog,
    method: location?.method ?? "TAKE_AWAY",
    cityId: location?.cityId ?? null,
    restoId: location?.restoId ?? null,
    person,
  };
}

/** The priced cart, the payload of its preflight and the preflight outcome (null for an empty cart). */
export async function preflightCart(
  rc: RequestContext,
  ctx: CartContext,
  overrides: { promoCode?: string | null; skipPreflight?: boolean } = {},
) {
  const { config } = rc.services;
  const state = await rc.session.get("storefront");
  const priced = priceLines(state.cart_positions, catalogLookup(ctx.catalog));
  const available = paymentMethodsFor(ctx.catalog?.resto.payConfig, ctx.method);
  const payType = choosePaymentMethod(state.order_payment_method, available);
  const promoCode = config.brand.cart.promoCodes
    ? overrides.promoCode !== undefined
      ? overrides.promoCode
      : (state.order_promo_code ?? null)
    : null;
  const place = ctx.method === "DELIVERY" ? (state.order_delivery_place ?? null) : null;
  const payload =
    ctx.restoId && priced.lines.length > 0
      ? buildPreflightPayload({ priced, restoId: ctx.restoId, method: ctx.method, payType, promoCode, place })
      : null;
  const texts = messagesFor(rc.locale);
  const outcome: PreflightOutcome | null =
    payload && !overrides.skipPreflight
      ? await runPreflight(rc, payload, ctx.person?.auth ?? null, { ignoredCodes: config.brand.ignoredPreflightCodes, texts })
      : null;
  return { priced, payload, outcome, available, payType, place };
}

export async function loadCartView(rc: RequestContext) {
  const { config, upstream } = rc.services;
  const locale = rc.locale;
  const state = await rc.session.get("storefront");
  const ctx = await cartContext(rc);
  const { priced, outcome, available, payType, place } = await preflightCart(rc, ctx);

  // spec §8 promo-code.invalid-delivery-type: the promo code and its messages are cleared
  if (outcome?.kind === "passed" && outcome.clearPromo) state.order_promo_code = null;

  const currency = ctx.catalog?.resto.currency ?? "RUB";
  const answer = outcome?.kind === "ok" ? readAnswer(outcome.answer) : null;

  // the city's area: the zone thresholds of the delivery place (spec §4), the methods it offers and the small map
  // (issue 36 §6); cached catalog data, so the cart pays no upstream call for it on a warm view
  const [area, cities] = ctx.cityId
    ? await Promise.all([upstream.boot.loadAreaData(ctx.cityId).catch(() => null), upstream.catalog.cities().then((c) => c.value).catch(() => [])])
    : [null, []];
  let zoneThresholds: { deliveryCost: number; deliveryTime: number; orderPrice: { min: number; max: number | null } }[] = [];
  let placeZone: { id: number; name: string; polygon: (typeof area & {})["deliveryZones"][number]["polygon"] } | null = null;
  if (ctx.method === "DELIVERY" && area && place?.location) {
    const own = area.deliveryZones.filter((z) => z.restoId === ctx.restoId);
    const zone = findZone(own, place.location) ?? findZone(area.deliveryZones, place.location);
    zoneThresholds = zone?.thresholds ?? [];
    placeZone = zone ? { id: zone.id, name: zone.name, polygon: zone.polygon } : null;
  }
  const itemsTotal = priced.total;
  const match = ctx.method === "DELIVERY" ? matchThreshold(zoneThresholds, itemsTotal) : ({ status: "none" } as const);
  const hint = deliveryHint(match, itemsTotal);
  const deliveryTime = ctx.method === "DELIVERY" ? zoneDeliveryTime(match, zoneThresholds) : null;
  const deliveryPrice =
    ctx.method === "DELIVERY" ? (answer?.deliveryPrice ?? (match.status === "ok" ? match.current.deliveryCost : null)) : null;
  const discount = answer?.discount ?? 0;
  // a discount never takes the total below zero, whatever the upstream counted (ADR 215)
  const total = orderTotal({ itemsTotal: Math.max(0, itemsTotal - discount), deliveryPrice, method: ctx.method });

  const resto = ctx.catalog?.resto ?? null;
  const now = upstream.clock.now();
  const city = cities.find((c) => c.id === ctx.cityId) ?? null;
  const offer = area ? areaOffer(area, now.getTime()) : null;
  const hours = ctx.catalog?.workingHours.find((h) => h.type === ctx.method) ?? null;
  // issue 36 §2: 'Как можно скорее' only while the restaurant accepts orders; pre-order times within its hours
  const times = orderTimes(resto, hours, now);
  const slots = times.slots;
  const savedTime = state.order_pre_order_at && slots.some((s) => s.value === state.order_pre_order_at) ? state.order_pre_order_at : "";
  const profile = ctx.person?.profile;
  const draftPerson = state.order_person ?? {};
  const labels = locale === "en" ? enPlaceLabels : ruPlaceLabels;
  const promoAnswer = outcome?.kind === "ok" ? outcome.answer : null;
  // issue 39: what the cart lacks, by the brand's rules (ADR 185); an empty cart suggests nothing
  const addOns = cartAddOns({
    settings: config.brand.addOns,
    catalog: ctx.catalog,
    method: ctx.method,
    cart: state.cart_positions,
    now,
    adultConfirmed: (await rc.session.get("prefs")).person_adulthood_confirmed === true,
  });

  return {
    currency,
    lines: priced.lines.map((l) => ({
      key: l.key,
      index: l.index,
      positionId: l.line.positionId,
      menuId: l.line.menuId,
      name: l.name,
      count: l.line.count,
      unitPrice: l.unitPrice,
      sum: l.sum,
      modifiers: l.modifiers.map((m) => ({ name: m.name, count: m.count, raw: `${m.modifierGroupId}:${m.itemId}:${m.count}` })),
    })),
    dropped: priced.dropped.map((d) => ({ index: d.index })),
    /** issue 39: one-tap add-ons under the lines (ADR 185) */
    addOns,
    count: priced.count,
    method: ctx.method,
    methodsOffered: offeredMethods(resto),
    /**
     * issue 36 §6: the delivery / takeaway switch of the cart (the city's methods; the switch saves through the
     * location popup's action) and the chosen place on a small schematic map
     */
    where: city
      ? {
          cityId: city.id,
          methods: offer?.methods ?? [ctx.method],
          map: {
            bounds: city.bounds,
            zones: placeZone ? [placeZone] : [],
            marker: ctx.method === "DELIVERY" ? (place?.location ?? null) : null,
            point:
              ctx.method === "TAKE_AWAY" && resto?.location
                ? { id: resto.id, name: resto.name, street: resto.street || resto.address, location: resto.location, hoursToday: null, roundTheClock: false }
                : null,
          },
        }
      : null,
    resto: resto ? { id: resto.id, name: resto.name, street: resto.street || resto.address, location: resto.location } : null,
    place: place ? { text: formatDeliveryPlace(place, labels), location: place.location } : null,
    payment: { methods: available, selected: payType },
    personCount: config.brand.cart.personCount ? (state.order_person_count ?? 1) : null,
    promo: config.brand.cart.promoCodes
      ? {
          code: state.order_promo_code ?? null,
          applied: !!promoAnswer?.promoCode,
          minOrder: promoAnswer?.promoCodeMinOrderAmount ?? null,
          maxDiscount: promoAnswer?.promoCodeMaxDiscountAmount ?? null,
        }
      : null,
    totals: { items: itemsTotal, discount, delivery: deliveryPrice, total },
    /** spec §3, §7: the matching zone's delivery time in minutes (delivery only) */
    deliveryTime,
    threshold: thresholdBreach(match),
    hint,
    preflight: {
      message: outcome && outcome.kind !== "ok" ? outcome.message : null,
      invalid: outcome?.kind === "invalid",
      failed: outcome?.kind === "failed",
    },
    draft: {
      comment: state.order_comment ?? "",
      name: draftPerson.name ?? profile?.firstName ?? "",
      phone: draftPerson.phone ?? profile?.phone ?? "",
      email: draftPerson.email ?? profile?.email ?? "",
      receiptEmail: draftPerson.receiptEmail ?? draftPerson.email ?? profile?.email ?? "",
      // while closed there is no 'as soon as possible': the first time offered is chosen
      preOrderAt: savedTime || (times.asap ? "" : (slots[0]?.value ?? "")),
    },
    slots,
    acceptingOrders: times.asap,
    /** while the restaurant is closed: why, and when it next opens (the cart's notice) */
    closed: times.closed
      ? {
          reason: times.closed.reason,
          next: times.closed.next ? { time: times.closed.next.time, daysAhead: times.closed.next.daysAhead, dayOfWeek: times.closed.next.dayOfWeek } : null,
        }
      : null,
    signedIn: !!ctx.person,
    degraded: ctx.catalog?.degraded ?? false,
    /** issue 8: while the upstream fails (stale catalog or an open circuit) ordering waits, browsing goes on */
    orderingPaused: orderingPaused(rc, ctx.catalog),
  };
}

export type CartView = Awaited<ReturnType<typeof loadCartView>>;

/**
 * spec §3, §7: the delivery time of the zone containing the place — the matched threshold's, else (a total
 * below or above the thresholds) the zone's first threshold's; null outside any zone.
 */
export function zoneDeliveryTime(
  match: { status: string; current?: { deliveryTime: number } },
  thresholds: readonly { deliveryTime: number; orderPrice: { min: number } }[],
): number | null {
  if (match.status === "ok" && match.current) return match.current.deliveryTime || null;
  const first = [...thresholds].sort((a, b) => a.orderPrice.min - b.orderPrice.min)[0];
  return first?.deliveryTime || null;
}

/** The delivery time for the order being placed now (the success screen shows it). */
export async function orderDeliveryTime(rc: RequestContext, ctx: CartContext, itemsTotal: number): Promise<number | null> {
  if (ctx.method !== "DELIVERY" || !ctx.cityId) return null;
  const place = (await rc.session.get("storefront")).order_delivery_place;
  if (!place?.location) return null;
  const area = await rc.services.upstream.boot.loadAreaData(ctx.cityId).catch(() => null);
  if (!area) return null;
  const own = area.deliveryZones.filter((z) => z.restoId === ctx.restoId);
  const zone = findZone(own, place.location) ?? findZone(area.deliveryZones, place.location);
  const thresholds = zone?.thresholds ?? [];
  return zoneDeliveryTime(matchThreshold(thresholds, itemsTotal), thresholds);
}

/** The upstream is failing: catalog data came stale from the cache, or the circuit breaker is open. */
export function orderingPaused(rc: RequestContext, catalog: { degraded: boolean } | null | undefined): boolean {
  return (catalog?.degraded ?? false) || rc.services.upstream.http.circuit() === "open";
}
