import { translatorFor } from "~/i18n/locale.server";
import { translateValidation } from "~/i18n/validation";
/**
 * The customer's location (spec §2 location popup, §4 selection steps, switching rules, save flow, boot; §5
 * address rules; §8 area messages).
 *
 * The popup's draft lives in the URL of /location (docs/decisions/020-location-draft-in-url.md): every step
 * — city, method, typed address, chosen suggestion, map point, takeaway point — is a GET navigation that
 * this module resolves on the server (geocoding within the city's bounds, zone matching). So the whole flow
 * works as plain forms without JavaScript, and closing the popup restores the saved location for free:
 * nothing is written before 'Сохранить' (a POST, intent "save").
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import type { StorefrontState } from "~server/session";
import type { Brand } from "~server/brand";
import type { City, DeliveryMethod, LatLng, Polygon } from "~/lib/model";
import type { AreaData, AreaResto, DeliveryZone } from "~server/upstream/delivery";
import type { GeocodedAddress } from "~server/geo";
import { findZone } from "~/lib/geo";
import {
  hasDeliveryMenu,
  hasTakeawayMenu,
  initialDeliveryMethod,
  landingAfterSave,
  onSwitchToDelivery,
  selectionStep,
  takeawayPoints,
} from "~/lib/location-rules";
import { fallbackPaymentMethod, offersMethod, paymentMethodsFor } from "~/lib/payment";
import { needsHouseConfirmation, placeName } from "~/lib/place";
import { dayKind, dayOfWeekAt } from "~/lib/schedule";
import { deliveryAddressError, takeawayPointError, type ValidationKey } from "~/lib/validation";
import type { AppLocale } from "~/i18n/i18n";
import { locationHref } from "./href";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";

export interface EffectiveLocation {
  cityId: number;
  restoId: number | null;
  method: DeliveryMethod;
  /** true when nothing is saved yet and the brand default stands in */
  isDefault: boolean;
}

/**
 * The saved location, else the brand's default location (spec §4 boot: a configured default applies on first
 * boot), else null (the popup is then persistent).
 */
export function effectiveLocation(state: StorefrontState, brand: Brand): EffectiveLocation | null {
  if (state.city_id !== undefined) {
    return {
      cityId: state.city_id,
      restoId: state.resto_id ?? null,
      method: state.order_delivery_method ?? "TAKE_AWAY",
      isDefault: false,
    };
  }
  const d = brand.defaultLocation;
  if (!d) return null;
  return { cityId: d.cityId, restoId: d.restoId, method: d.deliveryMethod, isDefault: true };
}

// ── the draft ──────────────────────────────────────────────────────────────────────────────────────

const optionalInt = z.coerce.number().int().positive().optional().catch(undefined);
const optionalNumber = z.coerce.number().finite().optional().catch(undefined);
const text = (max: number) => z.string().trim().max(max).optional().catch(undefined);
const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on")
  .catch(false);

/** Every field the popup's forms carry; the same names in the URL (GET steps) and the save POST. */
export const draftSchema = z.object({
  city: optionalInt,
  /** "city": show the city list (tapping the city header) */
  step: z.enum(["city"]).optional().catch(undefined),
  method: z.enum(["DELIVERY", "TAKE_AWAY"]).optional().catch(undefined),
  resto: optionalInt,
  /** the address field as typed */
  q: text(300),
  /** a chosen suggestion */
  placeId: text(300),
  /** the autocomplete session token (the place details call ends the session) */
  token: text(100),
  /** a resolved address carried between steps */
  addr: text(300),
  street: text(200),
  house: text(40),
  lat: optionalNumber,
  lng: optionalNumber,
  apartment: text(40),
  entrance: text(40),
  floor: text(40),
  intercom: text(40),
  comment: text(300),
  houseConfirmed: flag,
  confirm: flag,
  map: flag,
  terms: flag,
  redirectTo: text(2000),
});
export type Draft = z.infer<typeof draftSchema>;

/** The save POST: the draft plus its intent. */
export const saveSchema = draftSchema.extend({ intent: z.literal("save") });

export function parseDraft(params: URLSearchParams): Draft {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "") raw[key] = value;
  const parsed = draftSchema.safeParse(raw);
  return parsed.success ? parsed.data : draftSchema.parse({});
}

// ── the view ───────────────────────────────────────────────────────────────────────────────────────

export interface PointView {
  id: number;
  name: string;
  street: string;
  address: string;
  location: LatLng | null;
  /** today's hours: "10:00–22:00", or null on a day off */
  hoursToday: string | null;
  roundTheClock: boolean;
}

export interface ResolvedAddress {
  formatted: string;
  street: string | null;
  houseNumber: string | null;
  location: LatLng;
}

export interface ZoneView {
  id: number;
  name: string;
  restoId: number;
  polygon: Polygon;
  currency: string;
  thresholds: { deliveryCost: number; deliveryTime: number; min: number; max: number | null }[];
}

export type AreaMessage = "noRestos" | "noMenus" | "noZones";

export interface LocationView {
  cities: { id: number; name: string }[];
  /** spec §8 "Empty city list shows the location error" */
  noCities: boolean;
  step: "citySelection" | "deliveryMethodSelection";
  canReturnToCities: boolean;
  city: Pick<City, "id" | "name" | "bounds" | "center" | "zoom"> | null;
  methods: DeliveryMethod[];
  method: DeliveryMethod;
  points: PointView[];
  restoId: number | null;
  address: ResolvedAddress | null;
  /** the address field's text */
  addressText: string;
  zone: ZoneView | null;
  zones: ZoneView[];
  /** the address or takeaway error, already in the customer's language */
  error: string | null;
  errorKey: ValidationKey | null;
  areaMessage: AreaMessage | null;
  details: { apartment: string; entrance: string; floor: string; intercom: string; comment: string };
  houseConfirmed: boolean;
  /** the draft's fields to carry in hidden inputs and links */
  query: Record<string, string>;
  persistent: boolean;
  closeTo: string;
  confirm: boolean;
  map: boolean;
  terms: boolean;
}

interface Deps {
  upstream: {
    catalog: { cities(): Promise<{ value: City[] }> };
    boot: { loadAreaData(cityId: number): Promise<AreaData> };
  };
  geo: {
    place(placeId: string, o: { language: string; sessionToken?: string }): Promise<GeocodedAddress | null>;
    geocode(address: string, o: { bounds: City["bounds"]; language: string }): Promise<GeocodedAddress | null>;
    reverse(location: LatLng, o: { language: string }): Promise<GeocodedAddress | null>;
  };
  brand: Brand;
  now?: () => number;
}

function zoneView(zone: DeliveryZone): ZoneView {
  return {
    id: zone.id,
    name: zone.name,
    restoId: zone.restoId,
    polygon: zone.polygon,
    currency: zone.currency,
    thresholds: zone.thresholds.map((t) => ({
      deliveryCost: t.deliveryCost,
      deliveryTime: t.deliveryTime,
      min: t.orderPrice.min,
      max: t.orderPrice.max,
    })),
  };
}

function pointView(resto: AreaResto, now: number): PointView {
  const day = dayOfWeekAt(now, resto.timezone);
  const today = resto.openingHours.filter((h) => h.dayOfWeek === day && h.active);
  const roundTheClock = today.some((h) => dayKind(h) === "round-the-clock");
  return {
    id: resto.id,
    name: resto.name,
    street: resto.street || resto.address || resto.name,
    address: resto.address,
    location: resto.location,
    hoursToday: today.length ? today.map((h) => `${h.open}–${h.close}`).join(", ") : null,
    roundTheClock,
  };
}

/** Keep only the fields worth carrying (no empties, no one-shot flags). */
export function draftQuery(
  draft: Draft,
  extra: Partial<Record<keyof Draft, string | number | null | undefined>> = {},
): Record<string, string> {
  const keys: (keyof Draft)[] = [
    "city",
    "method",
    "resto",
    "addr",
    "street",
    "house",
    "lat",
    "lng",
    "apartment",
    "entrance",
    "floor",
    "intercom",
    "comment",
    "redirectTo",
  ];
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = key in extra ? extra[key] : draft[key];
    if (value !== undefined && value !== null && value !== "" && typeof value !== "boolean") out[key] = String(value);
  }
  return out;
}

/**
 * Resolve a draft against the saved state: the step, the city's area data, the method, the address
 * (geocoded on the server) and its zone, the takeaway point, and the errors of spec §5.
 */
export async function resolveDraft(
  draft: Draft,
  state: StorefrontState,
  locale: AppLocale,
  deps: Deps,
): Promise<LocationView & { area: AreaData | null }> {
  const saved = effectiveLocation(state, deps.brand);
  const cities = (await deps.upstream.catalog.cities()).value;
  const chosenCity = draft.city ?? saved?.cityId ?? null;
  const selection = selectionStep({ cities, selectedCityId: chosenCity });
  const showCities = draft.step === "city" && selection.canReturnToCities;
  const city = selection.cityId !== null ? (cities.find((c) => c.id === selection.cityId) ?? null) : null;
  const sameCity = city !== null && saved !== null && city.id === saved.cityId;
  const redirectTo =
    draft.redirectTo && draft.redirectTo.startsWith("/") && !draft.redirectTo.startsWith("//") ? draft.redirectTo : "/";

  const base: LocationView & { area: AreaData | null } = {
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    noCities: cities.length === 0,
    step: showCities ? "citySelection" : selection.step,
    canReturnToCities: selection.canReturnToCities,
    city: city ? { id: city.id, name: city.name, bounds: city.bounds, center: city.center, zoom: city.zoom } : null,
    methods: [],
    method: draft.method ?? saved?.method ?? "TAKE_AWAY",
    points: [],
    restoId: null,
    address: null,
    addressText: "",
    zone: null,
    zones: [],
    error: null,
    errorKey: null,
    areaMessage: null,
    details: { apartment: "", entrance: "", floor: "", intercom: "", comment: "" },
    houseConfirmed: draft.houseConfirmed,
    query: {},
    persistent: saved === null,
    closeTo: redirectTo,
    confirm: false,
    map: false,
    terms: false,
    area: null,
  };
  if (!city) {
    base.query = draftQuery(draft, { city: undefined, redirectTo });
    return base;
  }

  // spec §4: choosing another city loads its zones and restos; they replace the stored ones only on save
  const area = await deps.upstream.boot.loadAreaData(city.id);
  const restos = area.restos;
  // spec §4: a method is offered where a restaurant has its menu AND a payment option for it (the cart's rule too)
  const points = takeawayPoints(restos)
    .filter((r) => offersMethod(r, "TAKE_AWAY"))
    .map((r) => pointView(r, deps.now?.() ?? Date.now()));
  const deliveryRestos = restos.filter((r) => offersMethod(r, "DELIVERY"));
  const methods: DeliveryMethod[] = [];
  if (deliveryRestos.length > 0) methods.push("DELIVERY");
  if (points.length > 0) methods.push("TAKE_AWAY");
  const areaMessage: AreaMessage | null =
    restos.length === 0 ? "noRestos" : !restos.some((r) => hasDeliveryMenu(r) || hasTakeawayMenu(r)) ? "noMenus" : null;

  // the method: the draft's, else the saved one in the same city, else spec §4's initial method
  let method: DeliveryMethod =
    draft.method ?? (sameCity && saved
      ? saved.method
      : initialDeliveryMethod({ restos: deliveryRestos, zones: area.deliveryZones, hasTakeaway: points.length > 0 }));
  if (methods.length > 0 && !methods.includes(method)) method = methods[0]!;

  const zones = area.deliveryZones.filter((z) => deliveryRestos.some((r) => r.id === z.restoId));
  const view: LocationView & { area: AreaData | null } = {
    ...base,
    area,
    methods,
    method,
    points,
    zones: zones.map(zoneView),
    areaMessage,
  };
  const savedPlace = sameCity && saved?.method === "DELIVERY" ? (state.order_delivery_place ?? null) : null;

  const details = {
    apartment: draft.apartment ?? savedPlace?.apartment ?? "",
    entrance: draft.entrance ?? savedPlace?.entrance ?? "",
    floor: draft.floor ?? savedPlace?.floor ?? "",
    intercom: draft.intercom ?? savedPlace?.intercom ?? "",
    comment: draft.comment ?? savedPlace?.comment ?? "",
  };
  view.details = details;

  let errorKey: ValidationKey | null = null;
  let error: string | null = null;

  if (method === "TAKE_AWAY") {
    // spec §4: switching to TAKE_AWAY selects the first point; reopening keeps the saved one
    const keep = draft.resto ?? (draft.method === undefined && sameCity && saved?.method === "TAKE_AWAY" ? saved.restoId : null);
    view.restoId = keep !== null && points.some((p) => p.id === keep) ? keep : (points[0]?.id ?? null);
    errorKey = takeawayPointError({ restoId: view.restoId, points });
  } else {
    const language = locale;
    let address: ResolvedAddress | null = null;
    let typed = draft.q ?? "";
    let notFound = false;
    if (draft.placeId) {
      const place = await deps.geo.place(draft.placeId, { language, sessionToken: draft.token });
      if (place) address = fromGeocoded(place, locale);
      else notFound = true;
    } else if (draft.q && draft.q !== draft.addr) {
      // no JavaScript (or no suggestion picked): the server geocodes the text within the city's bounds
      const place = await deps.geo.geocode(draft.q, { bounds: city.bounds, language });
      if (place) address = fromGeocoded(place, locale);
      else notFound = true;
    } else if (draft.lat !== undefined && draft.lng !== undefined) {
      const location = { lat: draft.lat, lng: draft.lng };
      if (draft.addr !== undefined || draft.street !== undefined) {
        address = { formatted: draft.addr ?? "", street: draft.street ?? null, houseNumber: draft.house ?? null, location };
      } else {
        // a point put on the map: reverse geocoding names it
        const place = await deps.geo.reverse(location, { language });
        address = place
          ? { ...fromGeocoded(place, locale), location }
          : { formatted: "", street: null, houseNumber: null, location };
      }
    } else if (draft.q === undefined && savedPlace) {
      address = {
        formatted: savedPlace.address,
        street: savedPlace.street,
        houseNumber: savedPlace.houseNumber,
        location: savedPlace.location,
      };
      view.houseConfirmed = draft.houseConfirmed || savedPlace.houseConfirmed;
    }
    if (address && !address.formatted)
      address.formatted = placeName({ street: address.street, houseNumber: address.houseNumber }, pointLabel(locale));
    view.address = address;
    view.addressText = address?.formatted ?? typed;
    if (address) typed = address.formatted;
    const zone = findZone(zones, address?.location);
    view.zone = zone ? zoneView(zone) : null;
    // spec §4: the zone's restaurant becomes selected, else none; before any address, switching to DELIVERY
    // keeps the restaurant only in the unchanged city
    view.restoId = address
      ? (zone?.restoId ?? null)
      : onSwitchToDelivery({ cityId: city.id, deliveryMethod: method, restoId: saved?.restoId ?? null }, saved?.cityId).restoId;
    if (zones.length === 0 && !view.areaMessage) view.areaMessage = "noZones";
    errorKey = notFound
      ? "validation.address.notFound"
      : deliveryAddressError({ address: typed, location: address?.location, zones });
  }
  view.errorKey = errorKey;
  error = errorKey ? translateValidation(errorKey, translatorFor(locale)) : null;
  view.error = error;
  view.query = draftQuery(draft, {
    city: city.id,
    method,
    resto: method === "TAKE_AWAY" ? (view.restoId ?? undefined) : undefined,
    addr: method === "DELIVERY" ? view.address?.formatted : undefined,
    street: method === "DELIVERY" ? (view.address?.street ?? undefined) : undefined,
    house: method === "DELIVERY" ? (view.address?.houseNumber ?? undefined) : undefined,
    lat: method === "DELIVERY" ? view.address?.location.lat : undefined,
    lng: method === "DELIVERY" ? view.address?.location.lng : undefined,
    redirectTo,
    ...details,
  });
  view.confirm = draft.confirm && method === "DELIVERY" && view.address !== null && !view.houseConfirmed;
  view.map = draft.map;
  view.terms = draft.terms && view.zone !== null && view.zone.thresholds.length > 0;
  return view;
}

function pointLabel(locale: AppLocale) {
  return locale === "en" ? "Point on the map" : "Точка на карте";
}

/** spec §5 place name: 'Точка на карте' without a street, else the street (and house). */
function fromGeocoded(place: GeocodedAddress, locale: AppLocale): ResolvedAddress {
  const formatted = place.street ? place.formatted : pointLabel(locale);
  return { formatted, street: place.street, houseNumber: place.houseNumber, location: place.location };
}

// ── save ───────────────────────────────────────────────────────────────────────────────────────────

export type SaveOutcome =
  | { kind: "saved"; redirectTo: string }
  | { kind: "unchanged"; redirectTo: string }
  | { kind: "confirmHouse"; href: string }
  | { kind: "invalid"; message: string; view: LocationView };

export type CartCheck = (input: {
  restoId: number;
  method: DeliveryMethod;
  place: NonNullable<StorefrontState["order_delivery_place"]> | null;
}) => Promise<{ valid: true } | { valid: false; message: string }>;

/**
 * spec §4 Save: validate (skipped when nothing changed); a DELIVERY address without a house number asks for
 * confirmation first; then the cart validity check; then city, method, place (cleared for takeaway) and resto
 * are written, and an unavailable saved payment method falls back to the first available or none.
 */
export async function saveLocation(
  formData: FormData,
  state: StorefrontState,
  locale: AppLocale,
  deps: Deps & { checkCart?: CartCheck },
): Promise<SaveOutcome | { kind: "bad"; message: string }> {
  const submission = parseWithZod(formData, { schema: saveSchema });
  if (submission.status !== "success") {
    return { kind: "bad", message: locale === "en" ? "The request could not be processed" : "Не удалось выполнить запрос" };
  }
  const draft = submission.value;
  const view = await resolveDraft(draft, state, locale, deps);
  const redirectTo = view.closeTo;
  if (!view.city) {
    return { kind: "invalid", message: locale === "en" ? "Choose a city" : "Выберите город", view };
  }
  const place =
    view.method === "DELIVERY" && view.address
      ? {
          address: view.address.formatted,
          street: view.address.street,
          houseNumber: view.address.houseNumber,
          houseConfirmed: view.houseConfirmed,
          ...view.details,
          location: view.address.location,
        }
      : null;

  // spec §4: "validate (skipped if nothing changed)"
  const unchanged =
    state.city_id === view.city.id &&
    state.order_delivery_method === view.method &&
    (state.resto_id ?? null) === view.restoId &&
    JSON.stringify(state.order_delivery_place ?? null) === JSON.stringify(place);
  if (unchanged) return { kind: "unchanged", redirectTo };

  if (view.error) return { kind: "invalid", message: view.error, view };
  if (view.areaMessage === "noRestos" || view.areaMessage === "noMenus" || view.restoId === null) {
    const message = view.areaMessage ? areaText(view.areaMessage, locale) : (view.error ?? "");
    return { kind: "invalid", message, view };
  }
  if (needsHouseConfirmation(view.address, { method: view.method, confirmed: view.houseConfirmed })) {
    return { kind: "confirmHouse", href: locationHref(view.query, { confirm: "1" }) };
  }
  if (deps.checkCart) {
    const check = await deps.checkCart({ restoId: view.restoId, method: view.method, place });
    if (!check.valid) return { kind: "invalid", message: check.message, view };
  }
  const resto = view.area?.restos.find((r) => r.id === view.restoId);
  // another restaurant or method: the menu URL the popup was opened from may no longer exist
  const menusChanged = (state.resto_id ?? null) !== view.restoId || state.order_delivery_method !== view.method;
  state.city_id = view.city.id;
  state.order_delivery_method = view.method;
  state.order_delivery_place = view.method === "DELIVERY" ? place : null;
  state.resto_id = view.restoId;
  if (state.order_payment_method) {
    state.order_payment_method = fallbackPaymentMethod(
      state.order_payment_method,
      paymentMethodsFor(resto?.payConfig, view.method),
    );
  }
  return { kind: "saved", redirectTo: landingAfterSave(redirectTo, menusChanged) };
}

/** spec §8 area messages, in the customer's language. */
export function areaText(message: AreaMessage, locale: AppLocale): string {
  return (locale === "en" ? en : ru).errors[message];
}

// ── the header chip ─────────────────────────────────────────────────────────────────────────────────

export interface LocationSummary {
  method: DeliveryMethod;
  label: string;
  cityName: string | null;
}

/** The header chip: "Доставка · Тверская улица, 7" or "Самовывоз · на Тверской". Never throws. */
export async function locationSummary(
  state: StorefrontState,
  brand: Brand,
  upstream: {
    catalog: { resto(id: number): Promise<{ value: { name: string; street: string } }>; cities(): Promise<{ value: City[] }> };
  },
  locale: AppLocale,
): Promise<LocationSummary | null> {
  const location = effectiveLocation(state, brand);
  if (!location) return null;
  try {
    const cities = (await upstream.catalog.cities()).value;
    const cityName = cities.find((c) => c.id === location.cityId)?.name ?? null;
    if (location.method === "DELIVERY" && state.order_delivery_place) {
      const p = state.order_delivery_place;
      return {
        method: "DELIVERY",
        label: placeName({ street: p.street, houseNumber: p.houseNumber }, pointLabel(locale)),
        cityName,
      };
    }
    const resto = location.restoId ? (await upstream.catalog.resto(location.restoId)).value : null;
    return { method: location.method, label: resto ? resto.street || resto.name : "", cityName };
  } catch {
    return { method: location.method, label: "", cityName: null };
  }
}
