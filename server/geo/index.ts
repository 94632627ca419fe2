/**
 * Geocoding and address suggestions (DESIGN.md "Layout": server/geo). Google Places API (New) autocomplete
 * and Place Details, and the Geocoding API for free text and reverse geocoding, called server-side with the
 * server key (GOOGLE_MAPS_SERVER_KEY): the browser never sees the key and never calls Google for addresses.
 *
 * The fetch is injected (DESIGN.md "Wiring"): the global fetch normally, the twin's in demo mode — the twin
 * answers places.googleapis.com and maps.googleapis.com for its demo addresses.
 *
 * Every failure (network, quota, a bad answer) becomes "no result": the customer sees 'Адрес не найден'
 * and can still pick a point on the map; nothing here throws into a loader.
 */
import { z } from "zod";
import type { Bounds, LatLng } from "~/lib/model";
import { collectDrops, listOf } from "~/lib/record-list";
import { readBodyText } from "../read-body";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** spec §3 "Geocoded address: country, region, city, street, houseNumber, coordinates, placeId". */
export interface GeocodedAddress {
  placeId: string;
  /** one line for the address field */
  formatted: string;
  country: string | null;
  region: string | null;
  city: string | null;
  street: string | null;
  houseNumber: string | null;
  location: LatLng;
}

export interface Suggestion {
  placeId: string;
  mainText: string;
  secondaryText: string;
}

export interface GeoOptions {
  fetch: FetchLike;
  apiKey: string;
  timeoutMs?: number;
  onError?: (what: string, error: unknown) => void;
}

export interface Geo {
  /** spec §5: address predictions restricted to the city's bounds, the language, addresses; with a session token */
  suggest(input: string, options: { bounds: Bounds; language: string; sessionToken?: string }): Promise<Suggestion[]>;
  /** a place chosen from the suggestions (ends the session token's session) */
  place(placeId: string, options: { language: string; sessionToken?: string }): Promise<GeocodedAddress | null>;
  /** free text (no JavaScript: the typed address) → the first result inside the bounds */
  geocode(address: string, options: { bounds: Bounds; language: string }): Promise<GeocodedAddress | null>;
  /** a map point → the address there (a point without a street is still a place: 'Точка на карте') */
  reverse(location: LatLng, options: { language: string }): Promise<GeocodedAddress | null>;
}

export const PLACES_BASE = "https://places.googleapis.com/v1";
export const GEOCODE_URL = "https://maps.googleapis.com/maps/api/geocode/json";

/** the largest geocoder answer read (a page of suggestions or results is a few kilobytes) */
export const GEO_MAX_BODY_BYTES = 1024 * 1024;

const autocompleteSchema = z.object({
  suggestions: listOf(
    z.object({
      placePrediction: z
        .object({
          placeId: z.string(),
          text: z.object({ text: z.string() }).optional(),
          structuredFormat: z
            .object({
              mainText: z.object({ text: z.string() }),
              secondaryText: z.object({ text: z.string() }).optional(),
            })
            .optional(),
        })
        .optional(),
    }),
    { resource: "address-suggestions", idKey: null },
  ).default([]),
});

const placeDetailsSchema = z.object({
  id: z.string(),
  formattedAddress: z.string().default(""),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  addressComponents: z.array(z.object({ longText: z.string(), types: z.array(z.string()) })).default([]),
});

const geocodingSchema = z.object({
  status: z.string(),
  results: listOf(
    z.object({
      place_id: z.string(),
      formatted_address: z.string().default(""),
      geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
      address_components: z.array(z.object({ long_name: z.string(), types: z.array(z.string()) })).default([]),
    }),
    { resource: "geocoding-results", idKey: null },
  ).default([]),
});

type Component = { text: string; types: string[] };

function pick(components: readonly Component[], type: string): string | null {
  return components.find((c) => c.types.includes(type))?.text ?? null;
}

export function toGeocoded(
  placeId: string,
  formatted: string,
  location: LatLng,
  components: readonly Component[],
): GeocodedAddress {
  const street = pick(components, "route");
  const houseNumber = pick(components, "street_number");
  return {
    placeId,
    formatted: street ? (houseNumber ? `${street}, ${houseNumber}` : street) : formatted,
    country: pick(components, "country"),
    region: pick(components, "administrative_area_level_1"),
    city: pick(components, "locality"),
    street,
    houseNumber,
    location,
  };
}

export function inBounds(p: LatLng, b: Bounds): boolean {
  return p.lat <= b.north && p.lat >= b.south && p.lng <= b.east && p.lng >= b.west;
}

export function createGeo(options: GeoOptions): Geo {
  const timeoutMs = options.timeoutMs ?? 5000;
  const report = (what: string, error: unknown) => options.onError?.(what, error);

  async function call<T extends z.ZodTypeAny>(
    what: string,
    url: string,
    schema: T,
    init: RequestInit = {},
  ): Promise<z.infer<T> | null> {
    try {
      const response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) {
        // 404 of a place id is an ordinary "no result"
        if (response.status !== 404) report(what, new Error(`HTTP ${response.status}`));
        return null;
      }
      const text = await readBodyText(response, GEO_MAX_BODY_BYTES);
      if (text === null) {
        report(what, new Error(`The answer is larger than ${GEO_MAX_BODY_BYTES} bytes`));
        return null;
      }
      const { result: parsed, drops } = collectDrops(() => schema.safeParse(JSON.parse(text)));
      if (!parsed.success) {
        report(what, parsed.error);
        return null;
      }
      // a suggestion or result that cannot be read is left out, the others are offered (issue 19's rule)
      if (drops.length > 0)
        report(
          what,
          new Error(`${drops.length} record(s) left out: ${drops.map((d) => `${d.at} ${d.fields.join(",")}`).join("; ")}`),
        );
      return parsed.data as z.infer<T>;
    } catch (error) {
      report(what, error);
      return null;
    }
  }

  function geocodingResults(answer: z.infer<typeof geocodingSchema> | null): GeocodedAddress[] {
    if (!answer || answer.status !== "OK") return [];
    return answer.results.map((r) =>
      toGeocoded(
        r.place_id,
        r.formatted_address,
        { lat: r.geometry.location.lat, lng: r.geometry.location.lng },
        r.address_components.map((c) => ({ text: c.long_name, types: c.types })),
      ),
    );
  }

  return {
    async suggest(input, { bounds, language, sessionToken }) {
      const text = input.trim();
      if (!text) return [];
      const answer = await call("autocomplete", `${PLACES_BASE}/places:autocomplete`, autocompleteSchema, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-goog-api-key": options.apiKey,
          "x-goog-fieldmask":
            "suggestions.placePrediction.placeId,suggestions.placePrediction.text,suggestions.placePrediction.structuredFormat",
        },
        body: JSON.stringify({
          input: text,
          languageCode: language,
          includedPrimaryTypes: ["street_address", "premise", "subpremise", "route"],
          locationRestriction: {
            rectangle: {
              low: { latitude: bounds.south, longitude: bounds.west },
              high: { latitude: bounds.north, longitude: bounds.east },
            },
          },
          ...(sessionToken ? { sessionToken } : {}),
        }),
      });
      return (answer?.suggestions ?? []).flatMap((s) => {
        const p = s.placePrediction;
        if (!p) return [];
        return [
          {
            placeId: p.placeId,
            mainText: p.structuredFormat?.mainText.text ?? p.text?.text ?? "",
            secondaryText: p.structuredFormat?.secondaryText?.text ?? "",
          },
        ];
      });
    },

    async place(placeId, { language, sessionToken }) {
      const query = new URLSearchParams({ languageCode: language });
      if (sessionToken) query.set("sessionToken", sessionToken);
      const answer = await call(
        "place details",
        `${PLACES_BASE}/places/${encodeURIComponent(placeId)}?${query}`,
        placeDetailsSchema,
        {
          headers: { "x-goog-api-key": options.apiKey, "x-goog-fieldmask": "id,formattedAddress,location,addressComponents" },
        },
      );
      if (!answer) return null;
      return toGeocoded(
        answer.id,
        answer.formattedAddress,
        { lat: answer.location.latitude, lng: answer.location.longitude },
        answer.addressComponents.map((c) => ({ text: c.longText, types: c.types })),
      );
    },

    async geocode(address, { bounds, language }) {
      const text = address.trim();
      if (!text) return null;
      const query = new URLSearchParams({
        address: text,
        language,
        bounds: `${bounds.south},${bounds.west}|${bounds.north},${bounds.east}`,
        key: options.apiKey,
      });
      const results = geocodingResults(await call("geocode", `${GEOCODE_URL}?${query}`, geocodingSchema));
      // bounds only bias Google's answer: keep what lies in the city
      return results.find((r) => inBounds(r.location, bounds)) ?? null;
    },

    async reverse(location, { language }) {
      const query = new URLSearchParams({ latlng: `${location.lat},${location.lng}`, language, key: options.apiKey });
      const first = geocodingResults(await call("reverse geocode", `${GEOCODE_URL}?${query}`, geocodingSchema))[0];
      // the customer's point stays where they put it; the address describes it
      return first ? { ...first, location } : null;
    },
  };
}
