import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  addressesOfCity,
  DEMO_ADDRESSES,
  DEMO_CITIES,
  DEMO_MENUS,
  DEMO_PHOTO_PATHS,
  DEMO_PROMOTIONS,
  DEMO_RESTOS,
  findDemoResto,
  menusOfResto,
  modifiersOfResto,
  positionsOfResto,
  promotionsOfResto,
  restoOffers,
  restosOfCity,
  timeSlotsOfResto,
} from "../../server/demo/data";
import { zoneAt } from "../../server/demo/preflight";
import {
  citySchema,
  deliveryZoneSchema,
  linearRingSchema,
  positionGroupSchema,
  positionSchema,
  restoSchema,
} from "~/lib/model";

const unique = (values: Array<number | string>) => new Set(values).size === values.length;

describe("demo data", () => {
  it("parses with the upstream schemas without defaults filling anything in", () => {
    for (const city of DEMO_CITIES) expect(citySchema.parse(city)).toEqual(city);
    for (const { resto, zones } of DEMO_RESTOS) {
      expect(restoSchema.parse(resto)).toEqual(resto);
      for (const zone of zones) expect(deliveryZoneSchema.parse(zone)).toEqual(zone);
    }
    for (const menu of DEMO_MENUS) {
      for (const group of menu.groups) expect(positionGroupSchema.parse(group)).toEqual(group);
      for (const position of menu.positions) expect(positionSchema.parse(position)).toEqual(position);
    }
  });

  it("has unique ids", () => {
    expect(unique(DEMO_CITIES.map((c) => c.id))).toBe(true);
    expect(unique(DEMO_RESTOS.map((r) => r.resto.id))).toBe(true);
    expect(unique(DEMO_MENUS.map((m) => m.ref.id))).toBe(true);
    expect(unique(DEMO_MENUS.flatMap((m) => m.groups.map((g) => g.id)))).toBe(true);
    expect(unique(DEMO_MENUS.flatMap((m) => m.positions.map((p) => p.id)))).toBe(true);
    expect(unique(DEMO_RESTOS.flatMap((r) => r.zones.map((z) => z.id)))).toBe(true);
    expect(unique(DEMO_PROMOTIONS.map((p) => p.id))).toBe(true);
    expect(unique(DEMO_ADDRESSES.map((a) => a.id))).toBe(true);
    expect(unique(DEMO_ADDRESSES.map((a) => a.placeId))).toBe(true);
    const modifierGroups = DEMO_MENUS.flatMap((m) => m.modifiers.flatMap((pm) => pm.modifiers));
    expect(unique(modifierGroups.map((g) => g.id))).toBe(true);
  });

  it("gives the default resto 173 in city 115 two+ menus, both methods and 100+ positions", () => {
    const entry = findDemoResto(173)!;
    expect(entry.cityId).toBe(115);
    expect(menusOfResto(173).length).toBeGreaterThanOrEqual(2);
    expect(positionsOfResto(173).length).toBeGreaterThanOrEqual(100);
    expect(restoOffers(entry, "DELIVERY")).toBe(true);
    expect(restoOffers(entry, "TAKE_AWAY")).toBe(true);
    expect(entry.zones.length).toBeGreaterThanOrEqual(2);
    // thresholds: a minimum, paid and free delivery, a maximum
    const rules = entry.zones.flatMap((z) => z.rules);
    expect(rules.some((r) => r.minOrderPrice > 0)).toBe(true);
    expect(rules.some((r) => r.deliveryPrice > 0)).toBe(true);
    expect(rules.some((r) => r.deliveryPrice === 0)).toBe(true);
    expect(rules.some((r) => r.maxOrderPrice !== null)).toBe(true);
    expect(entry.zones.some((z) => z.rules.length >= 3)).toBe(true);
  });

  it("makes 115 a chain with a takeaway-only resto and a day-off resto", () => {
    const restos = restosOfCity(115);
    expect(restos.length).toBeGreaterThanOrEqual(3);
    const takeawayOnly = restos.filter((r) => !restoOffers(r, "DELIVERY") && restoOffers(r, "TAKE_AWAY"));
    expect(takeawayOnly).toHaveLength(1);
    const [arbat] = takeawayOnly;
    expect(arbat!.zones).toEqual([]);
    expect(arbat!.resto.menus.some((m) => m.isDelivery)).toBe(false);
    expect(arbat!.resto.payConfig.delivery).toEqual({ cardOnline: "", cardUponReceipt: false, cashUponReceipt: false });
    const dayOff = restos.filter((r) => r.resto.openingHours.every((h) => !h.active));
    expect(dayOff).toHaveLength(1);
    expect(dayOff[0]!.resto.openingHours).toHaveLength(7);
  });

  it("has a single-resto city with one big zone and keeps the city without restos last", () => {
    const kazan = restosOfCity(116);
    expect(kazan).toHaveLength(1);
    expect(kazan[0]!.zones).toHaveLength(1);
    expect(addressesOfCity(116).length).toBeGreaterThanOrEqual(1);
    const last = DEMO_CITIES[DEMO_CITIES.length - 1]!;
    expect(restosOfCity(last.id)).toEqual([]);
    for (const city of DEMO_CITIES.slice(0, -1)) expect(restosOfCity(city.id).length).toBeGreaterThan(0);
  });

  it("closes every ring and keeps zones, centres and addresses inside their city's bounds", () => {
    for (const entry of DEMO_RESTOS) {
      const { bounds } = DEMO_CITIES.find((c) => c.id === entry.cityId)!;
      for (const zone of entry.zones) {
        for (const ring of zone.polygon.coordinates) {
          expect(linearRingSchema.safeParse(ring).success).toBe(true);
          for (const [lng, lat] of ring as Array<[number, number]>) {
            expect(lng).toBeGreaterThanOrEqual(bounds.west);
            expect(lng).toBeLessThanOrEqual(bounds.east);
            expect(lat).toBeGreaterThanOrEqual(bounds.south);
            expect(lat).toBeLessThanOrEqual(bounds.north);
          }
        }
      }
    }
    for (const city of DEMO_CITIES) {
      expect(city.center.lat).toBeGreaterThan(city.bounds.south);
      expect(city.center.lat).toBeLessThan(city.bounds.north);
      expect(city.center.lng).toBeGreaterThan(city.bounds.west);
      expect(city.center.lng).toBeLessThan(city.bounds.east);
    }
    for (const a of DEMO_ADDRESSES) {
      const { bounds } = DEMO_CITIES.find((c) => c.id === a.cityId)!;
      expect(a.location.lat).toBeGreaterThan(bounds.south);
      expect(a.location.lat).toBeLessThan(bounds.north);
    }
  });

  it("puts every inside address in its zone and the outside one in none", () => {
    const kinds = new Set(DEMO_ADDRESSES.map((a) => a.kind));
    expect(kinds).toEqual(new Set(["inside", "outside", "no-house-number"]));
    for (const a of DEMO_ADDRESSES) {
      const containing = DEMO_RESTOS.map((entry) => zoneAt(entry, a.location)).filter((z) => z !== null);
      if (a.kind === "outside") {
        expect(containing, a.id).toEqual([]);
      } else {
        expect(
          containing.map((z) => z.id),
          a.id,
        ).toEqual([a.zoneId]);
        expect(findDemoResto(a.restoId!)!.zones.some((z) => z.id === a.zoneId)).toBe(true);
      }
    }
    const moscow = addressesOfCity(115);
    expect(moscow.filter((a) => a.kind === "inside" && a.restoId === 173).length).toBeGreaterThanOrEqual(3);
    expect(moscow.filter((a) => a.kind === "no-house-number")).toHaveLength(1);
    expect(moscow.filter((a) => a.kind === "outside")).toHaveLength(1);
  });

  it("covers the menu branches: no group, no photo, units, long cooking, modifiers, slots, 18+", () => {
    const positions = positionsOfResto(173);
    expect(positions.some((p) => p.positionGroup === null)).toBe(true);
    expect(positions.some((p) => p.photos.length === 0)).toBe(true);
    expect(new Set(positions.map((p) => p.measure?.unit).filter(Boolean))).toEqual(new Set(["g", "pc", "ml", "cm"]));
    expect(positions.filter((p) => (p.cookingTime ?? 0) > 90).length).toBeGreaterThanOrEqual(2);
    const groups = menusOfResto(173).flatMap((m) => m.groups);
    expect(groups.some((g) => g.photos.length > 0)).toBe(true);
    expect(groups.some((g) => g.isAdult)).toBe(true);

    const modifiers = modifiersOfResto(173);
    const allGroups = modifiers.flatMap((m) => m.modifiers);
    expect(allGroups.some((g) => g.minCount === 1 && g.maxCount === 1)).toBe(true);
    expect(allGroups.some((g) => g.minCount === 0 && g.maxCount === 3)).toBe(true);
    const withModifiers = new Set(modifiers.map((m) => m.positionId));
    for (const p of positions) expect(p.hasModifiers, p.name).toBe(withModifiers.has(p.id));

    const slots = timeSlotsOfResto(173);
    const ids = new Set(positions.map((p) => p.id));
    for (const s of slots) for (const id of s.positionIds) expect(ids.has(id)).toBe(true);
    const breakfast = slots[0]!.details.filter((d) => d.isActive);
    expect(breakfast.map((d) => d.dayOfWeek)).toEqual(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"]);
    expect(breakfast.every((d) => d.startAt === "08:00" && d.endAt === "11:00")).toBe(true);
    const weekend = slots[1]!.details.filter((d) => d.isActive);
    expect(weekend.map((d) => d.dayOfWeek)).toEqual(["FRIDAY", "SATURDAY", "SUNDAY"]);
    expect(weekend.every((d) => d.startAt === "00:00" && d.endAt === "23:59")).toBe(true);
  });

  it("has 3–4 promotions with photos for 173 and lists every photo path it uses", () => {
    const promotions = promotionsOfResto(173);
    expect(promotions.length).toBeGreaterThanOrEqual(3);
    expect(promotions.length).toBeLessThanOrEqual(4);
    expect(promotions.every((p) => p.photos.length > 0)).toBe(true);
    const used = [
      ...DEMO_MENUS.flatMap((m) => [...m.groups, ...m.positions].flatMap((x) => x.photos.map((p) => p.url))),
      ...DEMO_RESTOS.flatMap((r) => r.resto.photos.map((p) => p.url)),
      ...DEMO_PROMOTIONS.flatMap((p) => p.photos.map((x) => x.url)),
    ];
    for (const url of used) expect(DEMO_PHOTO_PATHS).toContain(url);
    for (const path of DEMO_PHOTO_PATHS) expect(path).toMatch(/^\/demo\/photos\/[a-z0-9-]+\.webp$/);
    // raster photos, as a real chain has (ADR 109: an SVG image is a document of its own on the main thread)
    for (const path of DEMO_PHOTO_PATHS) expect(existsSync(`public${path}`), path).toBe(true);
  });
});
