/**
 * A signed-in customer's saved delivery places (issue 39 §1, ADR 180): the last five delivery places they saved in
 * the location popup, offered first the next time it opens. Pure rules: what makes two places the same one
 * (dedupe), keep-last-five, the compact stored form and the zone check, so that the server's store
 * (server/places/saved-places.ts) and the popup only fetch and show.
 *
 * Entries are kept compact (short keys, empty details left out) so that the cookie copy fits its budget; what does
 * not fit is the oldest places, dropped first. Anything unreadable is left out entry by entry (an old or damaged
 * cookie is never an error).
 */
import { z } from "zod";
import { findZone } from "./geo";
import type { LatLng, Polygon } from "./model";

/** how many places are remembered */
export const SAVED_PLACES_MAX = 5;

export interface SavedPlace {
  cityId: number;
  /** the address as the popup showed it ('Тверская улица, 7', or 'Точка на карте' for a point without a street) */
  address: string;
  street: string | null;
  houseNumber: string | null;
  /** the customer confirmed an address without a house number (spec §4) */
  houseConfirmed: boolean;
  apartment: string;
  entrance: string;
  floor: string;
  intercom: string;
  comment: string;
  location: LatLng;
  /** when it was last saved, ms since the epoch */
  at: number;
}

const text = (max: number) => z.string().max(max).optional();

/** One stored entry: short keys, empty details left out. The bounds are those of the storefront cookie's place. */
const entrySchema = z.object({
  c: z.number().int().positive(),
  a: z.string().min(1).max(300),
  s: text(200),
  h: text(40),
  k: z.literal(1).optional(),
  p: text(40),
  e: text(40),
  f: text(40),
  i: text(40),
  m: text(300),
  l: z.tuple([z.number().finite().min(-90).max(90), z.number().finite().min(-180).max(180)]),
  t: z.number().int().nonnegative(),
});
export type StoredPlace = z.infer<typeof entrySchema>;

export function encodePlace(place: SavedPlace): StoredPlace {
  const entry: StoredPlace = { c: place.cityId, a: place.address, l: [place.location.lat, place.location.lng], t: place.at };
  if (place.street) entry.s = place.street;
  if (place.houseNumber) entry.h = place.houseNumber;
  if (place.houseConfirmed) entry.k = 1;
  if (place.apartment) entry.p = place.apartment;
  if (place.entrance) entry.e = place.entrance;
  if (place.floor) entry.f = place.floor;
  if (place.intercom) entry.i = place.intercom;
  if (place.comment) entry.m = place.comment;
  return entry;
}

/** One stored entry read back, or null when it is not one. */
export function decodePlace(raw: unknown): SavedPlace | null {
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return null;
  const e = parsed.data;
  return {
    cityId: e.c,
    address: e.a,
    street: e.s ?? null,
    houseNumber: e.h ?? null,
    houseConfirmed: e.k === 1,
    apartment: e.p ?? "",
    entrance: e.e ?? "",
    floor: e.f ?? "",
    intercom: e.i ?? "",
    comment: e.m ?? "",
    location: { lat: e.l[0], lng: e.l[1] },
    at: e.t,
  };
}

/** Stored entries read back: at most the last five, newest first, one per place, unreadable ones left out. */
export function decodePlaces(raw: unknown): SavedPlace[] {
  if (!Array.isArray(raw)) return [];
  return mergePlaces(raw.slice(0, SAVED_PLACES_MAX * 2).map(decodePlace).filter((p): p is SavedPlace => p !== null));
}

const norm = (value: string) => value.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("ru");

/**
 * What makes two places the same one: the city, the address as written (case and spacing aside) and the
 * apartment — another flat of the same house is another place; the entrance, floor, intercom and comment are
 * details of one place, and the newer ones win. A point without a street ('Точка на карте') is named alike
 * wherever it is, so its location (to about 10 m) tells it apart.
 */
export function placeKey(place: Pick<SavedPlace, "cityId" | "address" | "street" | "apartment" | "location">): string {
  const where = place.street ? "" : `@${place.location.lat.toFixed(4)},${place.location.lng.toFixed(4)}`;
  return `${place.cityId}|${norm(place.address)}|${norm(place.apartment)}${where}`;
}

/**
 * A short id of a place for forms and links (FNV-1a of its key, base 36): the same on every request, without
 * saying anything of the address. Two places of one list have different keys; an id collision would only make
 * 'Забыть' forget both.
 */
export function placeId(place: Parameters<typeof placeKey>[0]): string {
  let hash = 0x811c9dc5;
  for (const ch of placeKey(place)) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** a place id as forms send it */
export const PLACE_ID = /^[0-9a-z]{1,7}$/;

/**
 * Lists put together (say Redis's and the cookie's): one entry per place, the most recently saved kept (the first
 * list's on a tie), newest first (places saved in the same millisecond by their key, so that the order of the lists
 * does not decide which five stay), at most five.
 */
export function mergePlaces(...lists: readonly (readonly SavedPlace[])[]): SavedPlace[] {
  const byKey = new Map<string, SavedPlace>();
  for (const list of lists)
    for (const place of list) {
      const key = placeKey(place);
      const known = byKey.get(key);
      if (!known || place.at > known.at) byKey.set(key, place);
    }
  return [...byKey.entries()]
    .sort(([ka, a], [kb, b]) => b.at - a.at || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .slice(0, SAVED_PLACES_MAX)
    .map(([, place]) => place);
}

/** A saved place in front of the list (replacing the same place), bounded to five: the oldest go. */
export function rememberPlace(list: readonly SavedPlace[], place: SavedPlace): SavedPlace[] {
  const key = placeKey(place);
  return [place, ...mergePlaces(list.filter((p) => placeKey(p) !== key))].slice(0, SAVED_PLACES_MAX);
}

/** The list without the place of this id. */
export function forgetPlace(list: readonly SavedPlace[], id: string): SavedPlace[] {
  return list.filter((p) => placeId(p) !== id);
}

export function findPlace(list: readonly SavedPlace[], id: string): SavedPlace | null {
  return list.find((p) => placeId(p) === id) ?? null;
}

/**
 * What may be stored of a list, most first: all of it (at most five), then without the oldest, …, the newest
 * alone, then nothing. The server keeps the first whose sealed cookie fits its budget.
 */
export function placeCandidates(list: readonly SavedPlace[]): StoredPlace[][] {
  const places = mergePlaces(list);
  const out: StoredPlace[][] = [];
  for (let n = places.length; n >= 0; n--) out.push(places.slice(0, n).map(encodePlace));
  return out;
}

/** Why a saved place cannot be picked today, or null when it can. */
export type PlaceUnavailable = "outsideZones" | "noDelivery";

/**
 * The zone check of a saved place against its city's delivery today (spec §5: the zone is the first whose polygon
 * contains the location): `area` null means the city is not offered any more or delivers nowhere.
 */
export function placeAvailability(
  place: Pick<SavedPlace, "location">,
  area: { delivers: boolean; zones: readonly { polygon: Polygon; restoId: number }[] } | null,
): { available: true; restoId: number } | { available: false; reason: PlaceUnavailable } {
  if (!area || !area.delivers || area.zones.length === 0) return { available: false, reason: "noDelivery" };
  const zone = findZone(area.zones, place.location);
  return zone ? { available: true, restoId: zone.restoId } : { available: false, reason: "outsideZones" };
}
