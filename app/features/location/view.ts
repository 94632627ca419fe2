/**
 * What the location popup shows (spec §2, §4, §5): the resolved draft. Types only, so the popup's components
 * (in the browser) and the server modules that build it share them.
 */
import type { City, DeliveryMethod, LatLng, Polygon } from "~/lib/model";
import type { AreaMessage } from "~/lib/location-rules";
import type { ValidationKey } from "~/lib/validation";

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
