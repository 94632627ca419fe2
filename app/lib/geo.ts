/**
 * Zone geometry (spec §4 "A delivery address is matched to a zone by point-in-polygon", spec §5 "Delivery zone
 * is the one whose polygon contains the location", "Coordinates are an array of at least 2 numbers; a polygon
 * ring has 4 or more positions, first equal to last").
 *
 * Polygons are GeoJSON: positions are [lng, lat]; the first ring is the outer boundary, further rings are holes.
 * Points are { lat, lng }. The test itself is turf's `booleanPointInPolygon`.
 *
 * Edge behaviour (decided here): a point exactly on the outer boundary (edge or vertex) counts as INSIDE — a
 * customer on the border street gets delivery rather than a refusal. Likewise a point on a hole's boundary belongs
 * to the zone; only points strictly inside a hole are outside. Invalid geometry or a non-finite point never
 * matches (false, no throw).
 */
import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon";
import { point as turfPoint } from "@turf/helpers";
import type { LatLng, Polygon } from "~/lib/model";

/** spec §5: a position is an array of at least 2 finite numbers ([lng, lat, …]). */
export function isValidPosition(value: unknown): value is number[] {
  return Array.isArray(value) && value.length >= 2 && value.every((n) => typeof n === "number" && Number.isFinite(n));
}

/** spec §5: a linear ring has 4 or more valid positions, the first equal to the last. */
export function isValidRing(value: unknown): value is number[][] {
  if (!Array.isArray(value) || value.length < 4 || !value.every(isValidPosition)) return false;
  const first = value[0] as number[];
  const last = value[value.length - 1] as number[];
  return first.length === last.length && first.every((n, i) => n === last[i]);
}

/** A GeoJSON Polygon with at least one ring, every ring valid. */
export function isValidPolygon(value: unknown): value is Polygon {
  if (typeof value !== "object" || value === null) return false;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  return type === "Polygon" && Array.isArray(coordinates) && coordinates.length >= 1 && coordinates.every(isValidRing);
}

/** A { lat, lng } inside the valid ranges (lat −90..90, lng −180..180). */
export function isValidLatLng(value: unknown): value is LatLng {
  if (typeof value !== "object" || value === null) return false;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  return (
    typeof lat === "number" &&
    typeof lng === "number" &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  );
}

/** { lat, lng } → GeoJSON position [lng, lat]. */
export function toPosition(p: LatLng): [number, number] {
  return [p.lng, p.lat];
}

/** GeoJSON position [lng, lat] → { lat, lng }. */
export function fromPosition(position: readonly number[]): LatLng {
  return { lat: position[1]!, lng: position[0]! };
}

/** Is the point inside the polygon (holes excluded, outer boundary included)? false for invalid input. */
export function pointInPolygon(p: LatLng, polygon: Polygon): boolean {
  if (!isValidLatLng(p) || !isValidPolygon(polygon)) return false;
  try {
    return booleanPointInPolygon(turfPoint(toPosition(p)), polygon, { ignoreBoundary: false });
  } catch {
    return false;
  }
}

/** spec §5: the first zone (in the given order) whose polygon contains the point; null when none or no point. */
export function findZone<Z extends { polygon: Polygon }>(zones: readonly Z[], p: LatLng | null | undefined): Z | null {
  if (!p) return null;
  return zones.find((z) => pointInPolygon(p, z.polygon)) ?? null;
}
