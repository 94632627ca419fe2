/**
 * What the location popup shows (spec §2, §4, §5): the resolved draft. Types only, so the popup's components
 * (in the browser) and the server modules that build it share them.
 */
import type { City, DeliveryMethod, LatLng, Polygon } from "~/lib/model";
import type { AreaMessage } from "~/lib/location-rules";
import type { ValidationKey } from "~/lib/validation";
import type { PlaceUnavailable } from "~/lib/saved-places";

export type { AreaMessage };

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

export interface DeliveryDetails {
  apartment: string;
  entrance: string;
  floor: string;
  intercom: string;
  comment: string;
}

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
  details: DeliveryDetails;
  houseConfirmed: boolean;
  /** the draft's fields to carry in hidden inputs and links */
  query: Record<string, string>;
  persistent: boolean;
  closeTo: string;
  confirm: boolean;
  map: boolean;
  terms: boolean;
}

/** A signed-in customer's saved delivery place as the popup offers it (issue 39 §1, ADR 180). */
export interface SavedPlaceView {
  /** the place's id in forms (app/lib/saved-places.ts `placeId`) */
  id: string;
  address: string;
  apartment: string;
  entrance: string;
  floor: string;
  /** the city's name when it is not the popup's city, else null */
  cityName: string | null;
  /** why it cannot be picked today (spec §5 zone check), or null */
  unavailable: PlaceUnavailable | null;
  /** the place the storefront has saved now */
  current: boolean;
}

/** The intents of the saved places' forms (POST /location). */
export const PLACE_INTENTS = ["use-place", "forget-place", "forget-places"] as const;
