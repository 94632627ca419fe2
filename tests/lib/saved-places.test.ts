/**
 * The saved delivery places' pure rules (issue 39 §1, ADR 180): the same place is kept once (the newest details
 * win), the last five are kept, newest first, the stored form reads back, unreadable entries are left out, the
 * cookie's candidates drop the oldest first, and the zone check. Listed cases, then fast-check properties over
 * generated lists (dedupe + limit invariants that lists of examples would miss).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PLACE_ID,
  SAVED_PLACES_MAX,
  decodePlace,
  decodePlaces,
  encodePlace,
  findPlace,
  forgetPlace,
  mergePlaces,
  placeAvailability,
  placeCandidates,
  placeId,
  placeKey,
  rememberPlace,
  type SavedPlace,
} from "~/lib/saved-places";

function place(n: number, extra: Partial<SavedPlace> = {}): SavedPlace {
  return {
    cityId: 115,
    address: `Тверская улица, ${n}`,
    street: "Тверская улица",
    houseNumber: String(n),
    houseConfirmed: false,
    apartment: "",
    entrance: "",
    floor: "",
    intercom: "",
    comment: "",
    location: { lat: 55.75 + n / 1000, lng: 37.61 },
    at: 1_700_000_000_000 + n * 60_000,
    ...extra,
  };
}

const square = (lat: number, lng: number, d = 0.01) => ({
  type: "Polygon" as const,
  coordinates: [
    [
      [lng - d, lat - d],
      [lng + d, lat - d],
      [lng + d, lat + d],
      [lng - d, lat + d],
      [lng - d, lat - d],
    ],
  ],
});

describe("saved places", () => {
  it("keeps one entry per place: case and spacing aside, the newest details win", () => {
    const older = place(7, { apartment: "12", entrance: "1" });
    const newer = place(7, { address: "  тверская   УЛИЦА, 7 ", apartment: " 12", entrance: "2", at: older.at + 1 });
    const list = rememberPlace(rememberPlace([], older), newer);
    expect(list).toHaveLength(1);
    expect(list[0]!.entrance).toBe("2");
    expect(placeId(older)).toBe(placeId(newer));
  });

  it("tells another flat of the same house, another city, and map points without a street apart", () => {
    const flat12 = place(7, { apartment: "12" });
    const flat14 = place(7, { apartment: "14" });
    const kazan = place(7, { cityId: 116 });
    const pointA = place(1, { address: "Точка на карте", street: null, houseNumber: null, location: { lat: 55.6, lng: 37.4 } });
    const pointB = { ...pointA, location: { lat: 55.61, lng: 37.4 } };
    const keys = new Set([flat12, flat14, kazan, pointA, pointB].map(placeKey));
    expect(keys.size).toBe(5);
  });

  it("keeps the last five, newest first; a place saved again moves to the front", () => {
    let list: SavedPlace[] = [];
    for (let n = 1; n <= 7; n++) list = rememberPlace(list, place(n));
    expect(list.map((p) => p.houseNumber)).toEqual(["7", "6", "5", "4", "3"]);
    list = rememberPlace(list, { ...place(4), at: place(8).at });
    expect(list.map((p) => p.houseNumber)).toEqual(["4", "7", "6", "5", "3"]);
  });

  it("forgets one place by its id, and finds one", () => {
    const list = [place(3), place(2), place(1)];
    expect(findPlace(list, placeId(place(2)))?.houseNumber).toBe("2");
    expect(forgetPlace(list, placeId(place(2))).map((p) => p.houseNumber)).toEqual(["3", "1"]);
    expect(forgetPlace(list, "zzz")).toHaveLength(3);
    expect(findPlace(list, "zzz")).toBeNull();
  });

  it("reads its stored form back, leaving out empties and unreadable entries", () => {
    const full = place(5, { houseConfirmed: true, apartment: "1", entrance: "2", floor: "3", intercom: "4к", comment: "код 123" });
    expect(decodePlace(encodePlace(full))).toEqual(full);
    const bare = place(6);
    expect(Object.keys(encodePlace(bare)).sort()).toEqual(["a", "c", "h", "l", "s", "t"]);
    expect(decodePlace(encodePlace(bare))).toEqual(bare);
    const broken = [encodePlace(bare), { c: "x" }, null, "text", { ...encodePlace(full), l: [200, 0] }, { ...encodePlace(full), a: "x".repeat(301) }];
    expect(decodePlaces(broken)).toEqual([bare]);
    expect(decodePlaces("not a list")).toEqual([]);
  });

  it("offers the cookie every list from all to none, the oldest dropped first", () => {
    const list = [place(1), place(3), place(2)];
    const candidates = placeCandidates(list);
    expect(candidates.map((c) => c.map((e) => e.h))).toEqual([["3", "2", "1"], ["3", "2"], ["3"], []]);
  });

  it("checks a place against its city's zones today", () => {
    const zones = [{ polygon: square(55.757, 37.61), restoId: 173 }];
    expect(placeAvailability(place(7), { delivers: true, zones })).toEqual({ available: true, restoId: 173 });
    const far = place(7, { location: { lat: 55.6, lng: 37.4 } });
    expect(placeAvailability(far, { delivers: true, zones })).toEqual({ available: false, reason: "outsideZones" });
    expect(placeAvailability(place(7), { delivers: false, zones })).toEqual({ available: false, reason: "noDelivery" });
    expect(placeAvailability(place(7), { delivers: true, zones: [] })).toEqual({ available: false, reason: "noDelivery" });
    expect(placeAvailability(place(7), null)).toEqual({ available: false, reason: "noDelivery" });
  });

  it("makes ids that forms may carry", () => {
    for (let n = 0; n < 50; n++) expect(placeId(place(n))).toMatch(PLACE_ID);
  });
});

// ---- properties --------------------------------------------------------------------------------

/** few distinct values, so that generated lists repeat places often */
const arbPlace: fc.Arbitrary<SavedPlace> = fc.record({
  cityId: fc.constantFrom(115, 116),
  address: fc.constantFrom("Тверская улица, 7", "тверская улица, 7 ", "улица Баумана, 44", "Точка на карте"),
  street: fc.constantFrom<string | null>("Тверская улица", null),
  houseNumber: fc.constantFrom<string | null>("7", null),
  houseConfirmed: fc.boolean(),
  apartment: fc.constantFrom("", "12", " 12", "14"),
  entrance: fc.constantFrom("", "1", "2"),
  floor: fc.constantFrom("", "3"),
  intercom: fc.constantFrom("", "12к"),
  comment: fc.string({ maxLength: 20 }),
  location: fc.record({ lat: fc.constantFrom(55.75, 55.7501, 55.76), lng: fc.constantFrom(37.61, 37.62) }),
  at: fc.integer({ min: 1_700_000_000_000, max: 1_700_000_100_000 }),
});

describe("saved places, generated", () => {
  it("any sequence of saves: at most five, one per place, the last saved first, nothing invented", () => {
    fc.assert(
      fc.property(fc.array(arbPlace, { maxLength: 30 }), (saves) => {
        let list: SavedPlace[] = [];
        for (const saved of saves) {
          list = rememberPlace(list, saved);
          expect(list[0]).toEqual(saved);
        }
        expect(list.length).toBeLessThanOrEqual(SAVED_PLACES_MAX);
        expect(new Set(list.map(placeKey)).size).toBe(list.length);
        for (const kept of list) expect(saves).toContainEqual(kept);
        // as many as there were distinct places, up to five
        expect(list.length).toBe(Math.min(SAVED_PLACES_MAX, new Set(saves.map(placeKey)).size));
        // each kept place is its last save
        for (const kept of list) {
          const last = [...saves].reverse().find((s) => placeKey(s) === placeKey(kept));
          expect(kept).toEqual(last);
        }
      }),
    );
  });

  it("merging lists: at most five, one per place, newest first, each the newest of its place, in any order of the lists", () => {
    fc.assert(
      fc.property(fc.array(arbPlace, { maxLength: 12 }), fc.array(arbPlace, { maxLength: 12 }), (a, b) => {
        const merged = mergePlaces(a, b);
        expect(merged.length).toBeLessThanOrEqual(SAVED_PLACES_MAX);
        expect(new Set(merged.map(placeKey)).size).toBe(merged.length);
        for (let i = 1; i < merged.length; i++) expect(merged[i - 1]!.at).toBeGreaterThanOrEqual(merged[i]!.at);
        for (const kept of merged) {
          const newest = Math.max(...[...a, ...b].filter((p) => placeKey(p) === placeKey(kept)).map((p) => p.at));
          expect(kept.at).toBe(newest);
        }
        expect(mergePlaces(b, a).map(placeKey).sort()).toEqual(merged.map(placeKey).sort());
        // idempotent
        expect(mergePlaces(merged)).toEqual(merged);
      }),
    );
  });

  it("stored and read back, a list is the same list; forgetting one leaves the others", () => {
    fc.assert(
      fc.property(fc.array(arbPlace, { maxLength: 12 }), fc.nat(), (saves, pick) => {
        let list: SavedPlace[] = [];
        for (const saved of saves) list = rememberPlace(list, saved);
        const normal = mergePlaces(list);
        expect(decodePlaces(normal.map(encodePlace))).toEqual(normal);
        for (const candidate of placeCandidates(list)) expect(decodePlaces(candidate)).toEqual(normal.slice(0, candidate.length));
        if (list.length === 0) return;
        const gone = list[pick % list.length]!;
        const rest = forgetPlace(list, placeId(gone));
        expect(rest.map(placeKey)).toEqual(list.filter((p) => placeKey(p) !== placeKey(gone)).map(placeKey));
      }),
    );
  });
});
