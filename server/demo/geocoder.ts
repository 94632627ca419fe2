/**
 * The twin's Google stand-in: address search, reverse geocoding and place lookup over DEMO_ADDRESSES,
 * answered in the shapes of Places API (New) and the Geocoding API.
 */
import type { LatLng } from "~/lib/model";
import {
  addressLine,
  DEMO_ADDRESSES,
  DEMO_CITIES,
  DEMO_CITY_REGIONS,
  findAddress,
  findCity,
  formattedAddress,
  type DemoAddress,
} from "./data";

/** Reverse geocoding snaps to a demo address this close (metres). */
export const SNAP_METRES = 150;
/** Farther than SNAP_METRES but within this, a street-only result (no house number) is answered. */
export const STREET_METRES = 1500;

/** One geocoding result in a neutral form; the Google shapes are built from it. */
export interface DemoPlace {
  placeId: string;
  cityId: number;
  street: string | null;
  house: string | null;
  location: LatLng;
  formatted: string;
  mainText: string;
  secondaryText: string;
  types: string[];
}

interface Rectangle {
  low: { latitude: number; longitude: number };
  high: { latitude: number; longitude: number };
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function cityName(cityId: number): string {
  return findCity(cityId)?.name ?? "";
}

export function placeOfAddress(a: DemoAddress): DemoPlace {
  return {
    placeId: a.placeId,
    cityId: a.cityId,
    street: a.street,
    house: a.house,
    location: { ...a.location },
    formatted: formattedAddress(a),
    mainText: addressLine(a),
    secondaryText: `${cityName(a.cityId)}, Россия`,
    types: a.house === null ? ["route"] : ["street_address"],
  };
}

/** Every query word must start a word of the address ("тверск 7" finds "Тверская улица, 7"). */
export function searchAddresses(input: string, rectangle?: Rectangle | null, limit = 5): DemoPlace[] {
  const words = normalize(input);
  if (words.length === 0) return [];
  return DEMO_ADDRESSES.filter((a) => {
    const haystack = normalize(`${addressLine(a)} ${cityName(a.cityId)}`);
    return words.every((word) => haystack.some((token) => token.startsWith(word)));
  })
    .filter((a) => !rectangle || inRectangle(a.location, rectangle))
    .slice(0, limit)
    .map(placeOfAddress);
}

function inRectangle(p: LatLng, r: Rectangle): boolean {
  return p.lat >= r.low.latitude && p.lat <= r.high.latitude && p.lng >= r.low.longitude && p.lng <= r.high.longitude;
}

/** Great-circle distance in metres. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const pointPlaceId = (p: LatLng) => `demo-point-${p.lat.toFixed(6)}_${p.lng.toFixed(6)}`;

/**
 * Reverse geocoding: the nearest demo address within SNAP_METRES; else a street-only result at the point
 * (the nearest demo street within STREET_METRES); else the city whose bounds hold the point; else null.
 */
export function reverseGeocode(point: LatLng): DemoPlace | null {
  const ranked = DEMO_ADDRESSES.map((a) => ({ a, d: distanceMetres(point, a.location) })).sort((x, y) => x.d - y.d);
  const nearest = ranked[0];
  if (nearest && nearest.d <= SNAP_METRES) return placeOfAddress(nearest.a);
  const location = { lat: point.lat, lng: point.lng };
  if (nearest && nearest.d <= STREET_METRES) {
    const city = cityName(nearest.a.cityId);
    return {
      placeId: pointPlaceId(point),
      cityId: nearest.a.cityId,
      street: nearest.a.street,
      house: null,
      location,
      formatted: `${nearest.a.street}, ${city}, Россия`,
      mainText: nearest.a.street,
      secondaryText: `${city}, Россия`,
      types: ["route"],
    };
  }
  const city = DEMO_CITIES.find(
    (c) => point.lat <= c.bounds.north && point.lat >= c.bounds.south && point.lng <= c.bounds.east && point.lng >= c.bounds.west,
  );
  if (!city) return null;
  return {
    placeId: pointPlaceId(point),
    cityId: city.id,
    street: null,
    house: null,
    location,
    formatted: `${city.name}, Россия`,
    mainText: city.name,
    secondaryText: "Россия",
    types: ["locality", "political"],
  };
}

/** A place by the ids this module hands out ("demo-addr-…" and "demo-point-<lat>_<lng>"). */
export function placeById(placeId: string): DemoPlace | null {
  const known = findAddress(placeId);
  if (known) return placeOfAddress(known);
  const match = /^demo-point-(-?\d+(?:\.\d+)?)_(-?\d+(?:\.\d+)?)$/.exec(placeId);
  if (!match) return null;
  const place = reverseGeocode({ lat: Number(match[1]), lng: Number(match[2]) });
  return place ? { ...place, placeId } : null;
}

// ─── Google shapes ──────────────────────────────────────────────────────────────────────────────

interface Component {
  long: string;
  short: string;
  types: string[];
}

function components(place: DemoPlace): Component[] {
  const list: Component[] = [];
  if (place.house) list.push({ long: place.house, short: place.house, types: ["street_number"] });
  if (place.street) list.push({ long: place.street, short: place.street, types: ["route"] });
  const city = cityName(place.cityId);
  list.push({ long: city, short: city, types: ["locality", "political"] });
  const region = DEMO_CITY_REGIONS[place.cityId] ?? city;
  list.push({ long: region, short: region, types: ["administrative_area_level_1", "political"] });
  list.push({ long: "Россия", short: "RU", types: ["country", "political"] });
  return list;
}

/** Places API (New) autocomplete suggestion. */
export function toAutocompleteSuggestion(place: DemoPlace) {
  return {
    placePrediction: {
      place: `places/${place.placeId}`,
      placeId: place.placeId,
      text: { text: place.formatted, matches: [] },
      structuredFormat: { mainText: { text: place.mainText }, secondaryText: { text: place.secondaryText } },
      types: place.types,
    },
  };
}

/** Places API (New) place details. */
export function toPlaceDetails(place: DemoPlace) {
  return {
    id: place.placeId,
    displayName: { text: place.mainText, languageCode: "ru" },
    formattedAddress: place.formatted,
    location: { latitude: place.location.lat, longitude: place.location.lng },
    addressComponents: components(place).map((c) => ({
      longText: c.long,
      shortText: c.short,
      types: c.types,
      languageCode: "ru",
    })),
    types: place.types,
  };
}

/** Geocoding API result. */
export function toGeocodingResult(place: DemoPlace) {
  return {
    place_id: place.placeId,
    formatted_address: place.formatted,
    geometry: {
      location: { lat: place.location.lat, lng: place.location.lng },
      location_type: place.house ? "ROOFTOP" : "GEOMETRIC_CENTER",
    },
    address_components: components(place).map((c) => ({ long_name: c.long, short_name: c.short, types: c.types })),
    types: place.types,
  };
}
