/**
 * Delivery places and their names (spec §3 "Geocoded address: country, region, city, street, houseNumber,
 * coordinates, placeId", "Delivery place: address, apartment, comment, entrance, floor, intercom, location";
 * spec §4 Save: "If DELIVERY and the address lacks a house number and is not yet confirmed, show the
 * confirmation dialog"; spec §5 "Place name: 'Точка на карте' if no street, else street plus house number if
 * known", "Delivery address is sent only if both address and location exist").
 */
import type { DeliveryMethod, LatLng } from "~/lib/model";

/** The part of a geocoded address the naming rules read. */
export interface AddressLike {
  street?: string | null;
  houseNumber?: string | null;
}

export interface DeliveryPlaceLike {
  /** a geocoded address, or its one-line text */
  address?: AddressLike | string | null;
  apartment?: string | null;
  entrance?: string | null;
  floor?: string | null;
  intercom?: string | null;
  comment?: string | null;
  location?: LatLng | null;
}

/** Labels of the one-line summary (the app passes translated ones). */
export interface PlaceLabels {
  /** spec §5 'Точка на карте' */
  point: string;
  apartment: string;
  entrance: string;
  floor: string;
  intercom: string;
}

export const ruPlaceLabels: PlaceLabels = {
  point: "Точка на карте",
  apartment: "кв.",
  entrance: "подъезд",
  floor: "этаж",
  intercom: "домофон",
};

export const enPlaceLabels: PlaceLabels = {
  point: "Point on the map",
  apartment: "apt.",
  entrance: "entrance",
  floor: "floor",
  intercom: "intercom",
};

function clean(text: string | null | undefined): string {
  return (text ?? "").trim();
}

/** spec §5: 'Точка на карте' without a street; else the street, plus ", <house>" when the house is known. */
export function placeName(address: AddressLike | null | undefined, pointLabel: string = ruPlaceLabels.point): string {
  const street = clean(address?.street);
  if (!street) return pointLabel;
  const house = clean(address?.houseNumber);
  return house ? `${street}, ${house}` : street;
}

/** Does the address carry a house number? */
export function hasHouseNumber(address: AddressLike | null | undefined): boolean {
  return clean(address?.houseNumber) !== "";
}

/**
 * spec §4: the 'Подтвердите адрес' dialog is needed for a DELIVERY address without a house number (a map point
 * included) that the customer has not confirmed yet. No address at all is a validation error instead (false).
 */
export function needsHouseConfirmation(
  address: AddressLike | null | undefined,
  options: { method?: DeliveryMethod; confirmed?: boolean } = {},
): boolean {
  const { method = "DELIVERY", confirmed = false } = options;
  if (method !== "DELIVERY" || confirmed || !address) return false;
  return !hasHouseNumber(address);
}

function addressText(address: DeliveryPlaceLike["address"], labels: PlaceLabels): string {
  if (typeof address === "string") return clean(address) || labels.point;
  return placeName(address, labels.point);
}

/**
 * One-line summary of a delivery place: "ул. Ленина, 5, кв. 12, подъезд 2, этаж 3, домофон 12К".
 * Empty parts are skipped; the comment is not part of the summary.
 */
export function formatDeliveryPlace(place: DeliveryPlaceLike, labels: PlaceLabels = ruPlaceLabels): string {
  const parts = [addressText(place.address, labels)];
  const extras: [string | null | undefined, string][] = [
    [place.apartment, labels.apartment],
    [place.entrance, labels.entrance],
    [place.floor, labels.floor],
    [place.intercom, labels.intercom],
  ];
  for (const [value, label] of extras) {
    const text = clean(value);
    if (text) parts.push(`${label} ${text}`);
  }
  return parts.join(", ");
}

/**
 * spec §5: the delivery address goes to the upstream only when both the address text and the location exist;
 * otherwise both are null.
 */
export function deliveryAddressPayload(
  address: string | null | undefined,
  location: LatLng | null | undefined,
): { address: string; location: LatLng } | { address: null; location: null } {
  const text = clean(address);
  return text && location ? { address: text, location } : { address: null, location: null };
}
