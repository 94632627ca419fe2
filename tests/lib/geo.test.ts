import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Polygon } from "~/lib/model";
import {
  findZone,
  fromPosition,
  isValidLatLng,
  isValidPolygon,
  isValidPosition,
  isValidRing,
  pointInPolygon,
  toPosition,
} from "~/lib/geo";

/** A square zone lng 37.5–37.7, lat 55.7–55.8 with a hole lng 37.58–37.62, lat 55.74–55.76. GeoJSON is [lng, lat]. */
const square: Polygon = {
  type: "Polygon",
  coordinates: [
    [
      [37.5, 55.7],
      [37.7, 55.7],
      [37.7, 55.8],
      [37.5, 55.8],
      [37.5, 55.7],
    ],
    [
      [37.58, 55.74],
      [37.62, 55.74],
      [37.62, 55.76],
      [37.58, 55.76],
      [37.58, 55.74],
    ],
  ],
};
const east: Polygon = {
  type: "Polygon",
  coordinates: [
    [
      [37.7, 55.7],
      [37.9, 55.7],
      [37.9, 55.8],
      [37.7, 55.8],
      [37.7, 55.7],
    ],
  ],
};

describe("pointInPolygon", () => {
  it("reads points as { lat, lng } against GeoJSON [lng, lat]", () => {
    expect(pointInPolygon({ lat: 55.71, lng: 37.51 }, square)).toBe(true);
    // the same numbers swapped are far outside: proves the axis order
    expect(pointInPolygon({ lat: 37.51, lng: 55.71 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 55.85, lng: 37.6 }, square)).toBe(false);
  });

  it("excludes the hole", () => {
    expect(pointInPolygon({ lat: 55.75, lng: 37.6 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 55.73, lng: 37.6 }, square)).toBe(true);
  });

  it("counts the outer boundary (edge and vertex) and the hole's boundary as inside", () => {
    expect(pointInPolygon({ lat: 55.7, lng: 37.6 }, square)).toBe(true); // bottom edge
    expect(pointInPolygon({ lat: 55.75, lng: 37.7 }, square)).toBe(true); // right edge
    expect(pointInPolygon({ lat: 55.8, lng: 37.5 }, square)).toBe(true); // vertex
    expect(pointInPolygon({ lat: 55.75, lng: 37.58 }, square)).toBe(true); // hole edge
  });

  it("returns false for invalid input instead of throwing", () => {
    expect(pointInPolygon({ lat: Number.NaN, lng: 37.6 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 95, lng: 37.6 }, square)).toBe(false);
    const open = {
      type: "Polygon",
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    } as Polygon;
    expect(pointInPolygon({ lat: 0.5, lng: 0.5 }, open)).toBe(false);
  });

  it("agrees with a bounding-box check for an axis-aligned square (property)", () => {
    const simple: Polygon = { type: "Polygon", coordinates: [square.coordinates[0]!] };
    fc.assert(
      fc.property(
        fc.double({ min: 55.6, max: 55.9, noNaN: true }),
        fc.double({ min: 37.4, max: 37.8, noNaN: true }),
        (lat, lng) => {
          const inBox = lat >= 55.7 && lat <= 55.8 && lng >= 37.5 && lng <= 37.7;
          expect(pointInPolygon({ lat, lng }, simple)).toBe(inBox);
        },
      ),
    );
  });
});

describe("findZone (spec §5)", () => {
  const zones = [
    { id: 1, restoId: 173, polygon: square },
    { id: 2, restoId: 174, polygon: east },
  ];

  it("finds the zone whose polygon contains the point", () => {
    expect(findZone(zones, { lat: 55.75, lng: 37.8 })?.id).toBe(2);
    expect(findZone(zones, { lat: 55.71, lng: 37.51 })?.id).toBe(1);
  });

  it("takes the first zone when the point is on a shared border", () => {
    expect(findZone(zones, { lat: 55.75, lng: 37.7 })?.id).toBe(1);
    expect(findZone([...zones].reverse(), { lat: 55.75, lng: 37.7 })?.id).toBe(2);
  });

  it("null outside every zone, for a hole, or without a point", () => {
    expect(findZone(zones, { lat: 56, lng: 37.6 })).toBeNull();
    expect(findZone(zones, { lat: 55.75, lng: 37.6 })).toBeNull();
    expect(findZone(zones, null)).toBeNull();
    expect(findZone([], { lat: 55.75, lng: 37.6 })).toBeNull();
  });
});

describe("coordinate validation (spec §5)", () => {
  it("a position is an array of at least 2 finite numbers", () => {
    expect(isValidPosition([37.6, 55.7])).toBe(true);
    expect(isValidPosition([37.6, 55.7, 120])).toBe(true);
    expect(isValidPosition([37.6])).toBe(false);
    expect(isValidPosition([37.6, "55.7"])).toBe(false);
    expect(isValidPosition([37.6, Number.NaN])).toBe(false);
    expect(isValidPosition("37.6,55.7")).toBe(false);
  });

  it("a ring has 4+ positions, first equal to last", () => {
    expect(isValidRing(square.coordinates[0])).toBe(true);
    expect(
      isValidRing([
        [0, 0],
        [1, 0],
        [0, 0],
      ]),
    ).toBe(false); // 3 positions
    expect(
      isValidRing([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
    ).toBe(false); // not closed
    expect(
      isValidRing([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0, 5],
      ]),
    ).toBe(false); // last differs in length
    expect(isValidRing([[0, 0], [1, 0], [1], [0, 0]])).toBe(false); // a bad position
    expect(isValidRing(null)).toBe(false);
  });

  it("a polygon has type Polygon and at least one valid ring", () => {
    expect(isValidPolygon(square)).toBe(true);
    expect(isValidPolygon({ type: "Polygon", coordinates: [] })).toBe(false);
    expect(isValidPolygon({ type: "MultiPolygon", coordinates: square.coordinates })).toBe(false);
    expect(isValidPolygon({ type: "Polygon", coordinates: [square.coordinates[0], [[0, 0]]] })).toBe(false);
  });

  it("lat/lng ranges and conversions", () => {
    expect(isValidLatLng({ lat: -90, lng: 180 })).toBe(true);
    expect(isValidLatLng({ lat: 90.1, lng: 0 })).toBe(false);
    expect(isValidLatLng({ lat: 0, lng: -180.1 })).toBe(false);
    expect(isValidLatLng({ lat: "1", lng: 0 })).toBe(false);
    expect(toPosition({ lat: 55.7, lng: 37.6 })).toEqual([37.6, 55.7]);
    expect(fromPosition([37.6, 55.7])).toEqual({ lat: 55.7, lng: 37.6 });
  });
});
