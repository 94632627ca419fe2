/**
 * Location selection rules (spec §4):
 * - "Selection step: citySelection or deliveryMethodSelection. No cities: citySelection. One city: auto-selected,
 *   straight to method selection. Several: method selection once a valid city is chosen. Choosing a city moves to
 *   method selection; tapping the city header returns (not with one city)."
 * - "Initial delivery method: DELIVERY if a restaurant with delivery menus and delivery zones exist, or if there
 *   is no takeaway; else TAKE_AWAY."
 * - "Switching to TAKE_AWAY selects the first point; switching to DELIVERY keeps the restaurant only if the city
 *   is unchanged. A delivery address is matched to a zone by point-in-polygon; the zone's restaurant becomes
 *   selected, else none."
 * - spec §9 "Takeaway points sorted by order then address."
 */
import type { DeliveryMethod, LatLng, Polygon, RestoMenuRef } from "~/lib/model";
import { findZone } from "./geo";

export type SelectionStep = "citySelection" | "deliveryMethodSelection";

export interface SelectionState {
  step: SelectionStep;
  /** the effective city: the only one, or the chosen one when valid; else null */
  cityId: number | null;
  /** whether the city header leads back to the city list (not with a single city) */
  canReturnToCities: boolean;
}

/** spec §4 selection step. */
export function selectionStep(input: {
  cities: readonly { id: number }[];
  selectedCityId: number | null | undefined;
}): SelectionState {
  const { cities, selectedCityId } = input;
  if (cities.length === 0) return { step: "citySelection", cityId: null, canReturnToCities: false };
  if (cities.length === 1) return { step: "deliveryMethodSelection", cityId: cities[0]!.id, canReturnToCities: false };
  const valid = selectedCityId != null && cities.some((c) => c.id === selectedCityId);
  return valid
    ? { step: "deliveryMethodSelection", cityId: selectedCityId, canReturnToCities: true }
    : { step: "citySelection", cityId: null, canReturnToCities: false };
}

type RestoWithMenus = { id: number; menus: readonly Pick<RestoMenuRef, "isDelivery" | "isTakeAway">[] };

/** Does the resto have a delivery menu? */
export function hasDeliveryMenu(resto: RestoWithMenus): boolean {
  return resto.menus.some((m) => m.isDelivery);
}

/** Does the resto have a takeaway menu? */
export function hasTakeawayMenu(resto: RestoWithMenus): boolean {
  return resto.menus.some((m) => m.isTakeAway);
}

/**
 * spec §4 initial delivery method. `hasTakeaway` defaults to "some resto has a takeaway menu". When zones name
 * their resto (`restoId`), only zones of a resto with a delivery menu count.
 */
export function initialDeliveryMethod(input: {
  restos: readonly RestoWithMenus[];
  zones: readonly { restoId?: number | null }[];
  hasTakeaway?: boolean;
}): DeliveryMethod {
  const { restos, zones } = input;
  const hasTakeaway = input.hasTakeaway ?? restos.some(hasTakeawayMenu);
  const deliveryRestos = restos.filter(hasDeliveryMenu);
  const deliverable =
    deliveryRestos.length > 0 && zones.some((z) => z.restoId == null || deliveryRestos.some((r) => r.id === z.restoId));
  return deliverable || !hasTakeaway ? "DELIVERY" : "TAKE_AWAY";
}

const collator = new Intl.Collator("ru", { sensitivity: "base", numeric: true });

/** spec §2, §9: takeaway points: restos with a takeaway menu, sorted by order then address. */
export function takeawayPoints<R extends RestoWithMenus & { order?: number | null; address?: string | null }>(
  restos: readonly R[],
): R[] {
  return restos
    .filter(hasTakeawayMenu)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || collator.compare(a.address ?? "", b.address ?? ""));
}

/** The location being edited in the popup. */
export interface LocationDraft {
  cityId: number | null;
  deliveryMethod: DeliveryMethod;
  restoId: number | null;
}

/** spec §4: switching to TAKE_AWAY selects the first point (none when there is no point). */
export function onSwitchToTakeaway<S extends LocationDraft>(state: S, points: readonly { id: number }[]): S {
  return { ...state, deliveryMethod: "TAKE_AWAY", restoId: points[0]?.id ?? null };
}

/** spec §4: switching to DELIVERY keeps the restaurant only if the city is unchanged from the initial one. */
export function onSwitchToDelivery<S extends LocationDraft>(state: S, initialCityId: number | null | undefined): S {
  return { ...state, deliveryMethod: "DELIVERY", restoId: state.cityId === initialCityId ? state.restoId : null };
}

/** spec §4/§5: the resto of the zone containing the location, else null. */
export function restoForAddress(
  zones: readonly { polygon: Polygon; restoId?: number | null }[],
  location: LatLng | null | undefined,
): number | null {
  return findZone(zones, location)?.restoId ?? null;
}

/**
 * spec §2 "unknown paths redirect to home", §4 Save: a menu or position URL names a menu of the restaurant it was
 * opened under; once a save changed the location it may belong to another restaurant (or method), so the
 * customer lands on home — the new restaurant's menu — instead of a dead end. Other pages are kept.
 */
export function landingAfterSave(redirectTo: string, changed: boolean): string {
  return changed && /^\/menus(\/|$|\?)/.test(redirectTo) ? "/" : redirectTo;
}

/** spec §8 area messages: a city without restaurants, or whose restaurants have no menus. */
export type AreaMessage = "noRestos" | "noMenus" | "noZones";

/** spec §8: "noRestos" for a city without restaurants, "noMenus" when none has a delivery or takeaway menu. */
export function areaMessage(restos: readonly RestoWithMenus[]): AreaMessage | null {
  if (restos.length === 0) return "noRestos";
  return restos.some((r) => hasDeliveryMenu(r) || hasTakeawayMenu(r)) ? null : "noMenus";
}

/** spec §4: the methods shown: DELIVERY when a restaurant offers it, TAKE_AWAY when there is a point. */
export function areaMethods(input: { deliveryRestos: readonly unknown[]; points: readonly unknown[] }): DeliveryMethod[] {
  const methods: DeliveryMethod[] = [];
  if (input.deliveryRestos.length > 0) methods.push("DELIVERY");
  if (input.points.length > 0) methods.push("TAKE_AWAY");
  return methods;
}

/**
 * spec §4: the method of the draft: the one chosen in the popup, else the saved one in the same city, else the
 * initial method — and never one the city does not offer (then the first offered).
 */
export function draftMethod(input: {
  chosen: DeliveryMethod | undefined;
  savedInSameCity: DeliveryMethod | null;
  initial: () => DeliveryMethod;
  offered: readonly DeliveryMethod[];
}): DeliveryMethod {
  const method = input.chosen ?? input.savedInSameCity ?? input.initial();
  return input.offered.length > 0 && !input.offered.includes(method) ? input.offered[0]! : method;
}

/**
 * spec §4 takeaway point: the one chosen in the draft; on reopening (no method chosen) the saved one in the same
 * city; switching to TAKE_AWAY — or a point that no longer exists — selects the first point (none without points).
 */
export function takeawayPointFor(input: {
  chosen: number | undefined;
  savedInSameCity: number | null;
  points: readonly { id: number }[];
}): number | null {
  const keep = input.chosen ?? input.savedInSameCity;
  return keep !== null && input.points.some((p) => p.id === keep)
    ? keep
    : onSwitchToTakeaway({ cityId: null, deliveryMethod: "TAKE_AWAY", restoId: null }, input.points).restoId;
}

/**
 * spec §4 boot: "If a default location is configured and it is the first boot, apply it. On first boot or no saved
 * city open the location popup." A customer without a saved city gets the popup first (prefilled with the default,
 * when there is one); a crawler gets the default's menu — unless there is no default, and so nothing to show.
 */
export function popupFirst(input: { hasSavedCity: boolean; hasDefault: boolean; isBot: boolean }): boolean {
  if (input.hasSavedCity) return false;
  return !input.isBot || !input.hasDefault;
}

/**
 * ADR 227: a first save that comes back home without its cookie means the browser does not keep the storefront's
 * cookies (blocked for the site, or all of them). The save's redirect home carries this mark; home reads it back.
 */
export const FIRST_SAVE_MARK = "saved";
/** the popup's query when home sent the customer back because the first choice was not kept */
export const CHOICE_NOT_KEPT = { name: "cookies", value: "refused" } as const;

/** The save's redirect: home after a first save gets the mark; any other target, or a later save, stays as it is. */
export function markFirstSave(target: string, firstSave: boolean): string {
  if (!firstSave) return target;
  const url = new URL(target, "http://storefront.invalid");
  if (url.pathname !== "/") return target;
  url.searchParams.set(FIRST_SAVE_MARK, "1");
  return url.pathname + url.search + url.hash;
}

/**
 * What home does with a visit (spec §4 boot, ADR 090 and 227): the popup first, the popup saying that the choice was
 * not kept (the mark came back and still no city), the same page without the mark (it came back with its city), or
 * the page.
 */
export function homeVisit(input: { popupFirst: boolean; marked: boolean }): "popup" | "choiceNotKept" | "unmark" | "page" {
  if (input.popupFirst) return input.marked ? "choiceNotKept" : "popup";
  return input.marked ? "unmark" : "page";
}
