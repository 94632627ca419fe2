/**
 * Resolving the popup's draft (spec §4 selection steps and switching rules, §5 address rules, §8 area
 * messages; docs/decisions/020): the step, the city's area data, the offered methods, the method, the takeaway
 * point or the delivery address (geocoded on the server within the city's bounds) and its zone, and the error.
 * The decisions are the pure rules of lib/location-rules and lib/payment; this module fetches and assembles.
 */
import { redirectTarget } from "~/lib/redirect-target";
import type { StorefrontState } from "~server/session";
import type { Brand } from "~server/brand";
import type { City, LatLng } from "~/lib/model";
import type { AreaData, AreaResto, DeliveryZone } from "~server/upstream/delivery";
import type { GeocodedAddress } from "~server/geo";
import { findZone } from "~/lib/geo";
import {
  areaMessage,
  areaMethods,
  draftMethod,
  initialDeliveryMethod,
  onSwitchToDelivery,
  restoForAddress,
  selectionStep,
  takeawayPointFor,
  takeawayPoints,
} from "~/lib/location-rules";
import { offersMethod } from "~/lib/payment";
import { placeName } from "~/lib/place";
import { dayKind, dayOfWeekAt } from "~/lib/schedule";
import { deliveryAddressError, takeawayPointError, type ValidationKey } from "~/lib/validation";
import { translatorFor } from "~/i18n/locale.server";
import { translateValidation } from "~/i18n/validation";
import type { AppLocale } from "~/i18n/i18n";
import { draftQuery, type Draft } from "./draft";
import { effectiveLocation, pointLabel, type EffectiveLocation } from "./location.server";
import type { DeliveryDetails, LocationView, PointView, ResolvedAddress, ZoneView } from "./view";

export interface Deps {
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

export type ResolvedDraft = LocationView & { area: AreaData | null };

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

/** spec §5 place name: 'Точка на карте' without a street, else the street (and house). */
function fromGeocoded(place: GeocodedAddress, locale: AppLocale): ResolvedAddress {
  const formatted = place.street ? place.formatted : pointLabel(locale);
  return { formatted, street: place.street, houseNumber: place.houseNumber, location: place.location };
}

/** Only paths of this site; anything else closes to home. */
function closeTarget(redirectTo: string | undefined): string {
  // the one redirect-target rule (ADR 075): the close link and the scrim are rendered links
  return redirectTarget(redirectTo, "/");
}

/**
 * spec §4: what the city offers: takeaway points and delivery restaurants (a menu of the kind and a payment
 * option for it), their zones, the methods, and the area message.
 */
export function areaOffer(area: AreaData, now: number) {
  const points = takeawayPoints(area.restos)
    .filter((r) => offersMethod(r, "TAKE_AWAY"))
    .map((r) => pointView(r, now));
  const deliveryRestos = area.restos.filter((r) => offersMethod(r, "DELIVERY"));
  const zones = area.deliveryZones.filter((z) => deliveryRestos.some((r) => r.id === z.restoId));
  return { points, deliveryRestos, zones, methods: areaMethods({ deliveryRestos, points }), message: areaMessage(area.restos) };
}

/** The delivery address of the draft: a chosen suggestion, a typed text, a map point, or the saved place. */
async function draftAddress(
  draft: Draft,
  city: City,
  savedPlace: StorefrontState["order_delivery_place"] | null,
  locale: AppLocale,
  geo: Deps["geo"],
): Promise<{ address: ResolvedAddress | null; notFound: boolean; savedConfirmed: boolean }> {
  const language = locale;
  if (draft.placeId) {
    const place = await geo.place(draft.placeId, { language, sessionToken: draft.token });
    return { address: place ? fromGeocoded(place, locale) : null, notFound: !place, savedConfirmed: false };
  }
  if (draft.q && draft.q !== draft.addr) {
    // no JavaScript (or no suggestion picked): the server geocodes the text within the city's bounds
    const place = await geo.geocode(draft.q, { bounds: city.bounds, language });
    return { address: place ? fromGeocoded(place, locale) : null, notFound: !place, savedConfirmed: false };
  }
  if (draft.lat !== undefined && draft.lng !== undefined) {
    const location = { lat: draft.lat, lng: draft.lng };
    if (draft.addr !== undefined || draft.street !== undefined) {
      const address = { formatted: draft.addr ?? "", street: draft.street ?? null, houseNumber: draft.house ?? null, location };
      return { address, notFound: false, savedConfirmed: false };
    }
    // a point put on the map: reverse geocoding names it
    const place = await geo.reverse(location, { language });
    const address = place
      ? { ...fromGeocoded(place, locale), location }
      : { formatted: "", street: null, houseNumber: null, location };
    return { address, notFound: false, savedConfirmed: false };
  }
  if (draft.q === undefined && savedPlace) {
    const address = {
      formatted: savedPlace.address,
      street: savedPlace.street,
      houseNumber: savedPlace.houseNumber,
      location: savedPlace.location,
    };
    return { address, notFound: false, savedConfirmed: savedPlace.houseConfirmed };
  }
  return { address: null, notFound: false, savedConfirmed: false };
}

/** The delivery details: the draft's, else the saved place's. */
function draftDetails(draft: Draft, savedPlace: StorefrontState["order_delivery_place"] | null): DeliveryDetails {
  return {
    apartment: draft.apartment ?? savedPlace?.apartment ?? "",
    entrance: draft.entrance ?? savedPlace?.entrance ?? "",
    floor: draft.floor ?? savedPlace?.floor ?? "",
    intercom: draft.intercom ?? savedPlace?.intercom ?? "",
    comment: draft.comment ?? savedPlace?.comment ?? "",
  };
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
): Promise<ResolvedDraft> {
  const saved = effectiveLocation(state, deps.brand);
  const cities = (await deps.upstream.catalog.cities()).value;
  const selection = selectionStep({ cities, selectedCityId: draft.city ?? saved?.cityId ?? null });
  const city = selection.cityId !== null ? (cities.find((c) => c.id === selection.cityId) ?? null) : null;
  const redirectTo = closeTarget(draft.redirectTo);

  const base: ResolvedDraft = {
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    noCities: cities.length === 0,
    step: draft.step === "city" && selection.canReturnToCities ? "citySelection" : selection.step,
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
    // spec §2/§4: persistent (no close, no scrim, full height) until a city is saved — the first visit (ADR 090)
    persistent: state.city_id === undefined,
    closeTo: redirectTo,
    confirm: false,
    map: false,
    terms: false,
    area: null,
  };
  if (!city) return { ...base, query: draftQuery(draft, { city: undefined, redirectTo }) };

  // spec §4: choosing another city loads its zones and restos; they replace the stored ones only on save
  const area = await deps.upstream.boot.loadAreaData(city.id);
  const offer = areaOffer(area, deps.now?.() ?? Date.now());
  const savedHere: EffectiveLocation | null = saved !== null && saved.cityId === city.id ? saved : null;
  const method = draftMethod({
    chosen: draft.method,
    savedInSameCity: savedHere?.method ?? null,
    initial: () => initialDeliveryMethod({ restos: offer.deliveryRestos, zones: area.deliveryZones, hasTakeaway: offer.points.length > 0 }),
    offered: offer.methods,
  });
  const savedPlace = savedHere?.method === "DELIVERY" ? (state.order_delivery_place ?? null) : null;
  const view: ResolvedDraft = {
    ...base,
    area,
    methods: offer.methods,
    method,
    points: offer.points,
    zones: offer.zones.map(zoneView),
    areaMessage: offer.message,
    details: draftDetails(draft, savedPlace),
  };

  let errorKey: ValidationKey | null;
  if (method === "TAKE_AWAY") {
    // spec §4: switching to TAKE_AWAY selects the first point; reopening keeps the saved one
    view.restoId = takeawayPointFor({
      chosen: draft.resto,
      savedInSameCity: draft.method === undefined && savedHere?.method === "TAKE_AWAY" ? savedHere.restoId : null,
      points: offer.points,
    });
    errorKey = takeawayPointError({ restoId: view.restoId, points: offer.points });
  } else {
    const { address, notFound, savedConfirmed } = await draftAddress(draft, city, savedPlace, locale, deps.geo);
    if (savedConfirmed) view.houseConfirmed = true;
    if (address && !address.formatted)
      address.formatted = placeName({ street: address.street, houseNumber: address.houseNumber }, pointLabel(locale));
    view.address = address;
    view.addressText = address?.formatted ?? draft.q ?? "";
    const zone = findZone(offer.zones, address?.location);
    view.zone = zone ? zoneView(zone) : null;
    // spec §4: the zone's restaurant becomes selected, else none; before any address, switching to DELIVERY
    // keeps the restaurant only in the unchanged city
    view.restoId = address
      ? restoForAddress(offer.zones, address.location)
      : onSwitchToDelivery({ cityId: city.id, deliveryMethod: method, restoId: saved?.restoId ?? null }, saved?.cityId).restoId;
    if (offer.zones.length === 0 && !view.areaMessage) view.areaMessage = "noZones";
    errorKey = notFound
      ? "validation.address.notFound"
      : deliveryAddressError({ address: view.addressText, location: address?.location, zones: offer.zones });
  }
  view.errorKey = errorKey;
  view.error = errorKey ? translateValidation(errorKey, translatorFor(locale)) : null;
  const delivery = method === "DELIVERY";
  view.query = draftQuery(draft, {
    city: city.id,
    method,
    resto: delivery ? undefined : (view.restoId ?? undefined),
    addr: delivery ? view.address?.formatted : undefined,
    street: delivery ? (view.address?.street ?? undefined) : undefined,
    house: delivery ? (view.address?.houseNumber ?? undefined) : undefined,
    lat: delivery ? view.address?.location.lat : undefined,
    lng: delivery ? view.address?.location.lng : undefined,
    redirectTo,
    ...view.details,
  });
  view.confirm = draft.confirm && delivery && view.address !== null && !view.houseConfirmed;
  view.map = draft.map;
  view.terms = draft.terms && view.zone !== null && view.zone.thresholds.length > 0;
  return view;
}
