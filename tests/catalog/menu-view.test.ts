/**
 * The catalog views (app/features/menu/menu-view.server.ts) over a small hand-built resto catalog: the
 * synthetic group, time-slot availability at its boundaries (resto timezone), the extended-cooking label,
 * 18+ groups withheld until confirmed, the position detail (merged slot days, modifiers) and search.
 */
import { describe, expect, it } from "vitest";
import { availabilityText } from "~/features/menu/availability";
import { searchPositions, toMenuSummaries, toMenuViews, toPositionDetail } from "~/features/menu/menu-view.server";
import { translatorFor } from "~/i18n/locale.server";
import { withSyntheticGroup, type RestoCatalog } from "~server/upstream";
import type { Position, PositionGroup, Resto, TimeSlotDetail } from "~/lib/model";
import { restoSchema } from "~/lib/model";

/** Monday 2025-01-06, hh:mm in Moscow (+03:00) as a Date. */
const msk = (day: number, hh: number, mm = 0) => new Date(Date.UTC(2025, 0, 6 + day, hh - 3, mm));

const position = (id: number, name: string, groupId: number | null, extra: Partial<Position> = {}): Position => ({
  id,
  menu: { id: 1 },
  positionGroup: groupId === null ? null : { id: groupId },
  name,
  description: "",
  price: 49000,
  photos: [],
  measure: null,
  cookingTime: null,
  order: id,
  hasModifiers: false,
  ...extra,
});
const group = (id: number, name: string, order: number, isAdult = false): PositionGroup => ({ id, menuId: 1, name, order, photos: [], isAdult });

const WEEKDAY_MORNINGS: TimeSlotDetail[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"].map((d) => ({
  dayOfWeek: d as TimeSlotDetail["dayOfWeek"],
  startAt: "08:00",
  endAt: "11:00",
  isActive: true,
}));

function catalog(): RestoCatalog {
  const positions = [
    position(11, "Маргарита", 10, { hasModifiers: true, photos: [{ url: "/p.svg" }] }),
    position(12, "Сырники", 20),
    position(13, "Бэлиш", 10, { cookingTime: 95 }),
    position(14, "Пирог", 10, { cookingTime: 90 }),
    position(15, "Жигулёвское", 30),
    position(16, "Приборы", null),
  ];
  const groups = withSyntheticGroup([group(30, "Пиво", 3, true), group(20, "Завтраки", 2), group(10, "Пицца", 1)], positions, 1);
  const resto: Resto = restoSchema.parse({ id: 173, name: "Тест", timezone: "+03:00", menus: [{ id: 1, name: "Основное", order: 1, isDelivery: true, isTakeAway: true }] });
  return {
    resto,
    menus: [{ menu: resto.menus[0]!, groups, positions }],
    modifiersByPosition: {
      11: [{ id: 111, modifierId: 1, name: "Размер", nameUi: "Выберите размер", minCount: 1, maxCount: 1, items: [{ id: 101, name: "25 см", price: 0 }] }],
    },
    timeSlotsByPosition: { 12: WEEKDAY_MORNINGS },
    workingHours: [],
    promotions: [],
    degraded: false,
  };
}

const options = (now: Date, adultConfirmed = false) => ({ now, adultConfirmed });

describe("menu views", () => {
  it("orders groups and adds the synthetic group 'Прочее' (id 0) last for positions without a group", () => {
    const [menu] = toMenuViews(catalog(), "TAKE_AWAY", options(msk(0, 9)));
    expect(menu!.groups.map((g) => g.id)).toEqual([10, 20, 30, 0]);
    const other = menu!.groups.at(-1)!;
    expect(other).toMatchObject({ id: 0, photo: null, adult: false });
    expect(other.positions.map((p) => p.name)).toEqual(["Приборы"]);
  });

  it("offers only the menus of the chosen delivery method", () => {
    const c = catalog();
    c.menus[0]!.menu = { ...c.menus[0]!.menu, isDelivery: false };
    expect(toMenuViews(c, "DELIVERY", options(msk(0, 9)))).toEqual([]);
    expect(toMenuSummaries(c, "TAKE_AWAY")).toEqual([{ id: 1, name: "Основное", photo: null, positionCount: 6 }]);
  });

  it("shows the extended-cooking label above 90 minutes only", () => {
    const [menu] = toMenuViews(catalog(), "TAKE_AWAY", options(msk(0, 9)));
    const pizza = menu!.groups[0]!.positions;
    expect(pizza.find((p) => p.name === "Бэлиш")!.longCooking).toBe(true);
    expect(pizza.find((p) => p.name === "Пирог")!.longCooking).toBe(false);
  });

  it("decides availability by time slots in the resto's timezone, start inclusive and end exclusive", () => {
    const syrniki = (now: Date) => toMenuViews(catalog(), "TAKE_AWAY", options(now))[0]!.groups[1]!.positions[0]!;
    expect(syrniki(msk(0, 7, 59))).toMatchObject({ available: false, next: { dayOfWeek: "MONDAY", time: "08:00", daysAhead: 0 } });
    expect(syrniki(msk(0, 8, 0))).toMatchObject({ available: true, next: null });
    expect(syrniki(msk(0, 10, 59))).toMatchObject({ available: true });
    expect(syrniki(msk(0, 11, 0))).toMatchObject({ available: false, next: { dayOfWeek: "TUESDAY", time: "08:00", daysAhead: 1 } });
    // Friday after the slot: next Monday, three days ahead
    expect(syrniki(msk(4, 12))).toMatchObject({ available: false, next: { dayOfWeek: "MONDAY", daysAhead: 3 } });
    // 05:30 UTC on Monday is 08:30 in Moscow: available, whatever the machine's timezone
    expect(syrniki(new Date(Date.UTC(2025, 0, 6, 5, 30)))).toMatchObject({ available: true });
    // positions without slots are always available
    const pizza = toMenuViews(catalog(), "TAKE_AWAY", options(msk(6, 3)))[0]!.groups[0]!.positions[0]!;
    expect(pizza).toMatchObject({ available: true, next: null, hasModifiers: true, photo: "/p.svg", price: 49000 });
  });

  it("says when an unavailable position comes back: today, tomorrow, on a weekday, or not at all", () => {
    const syrniki = (now: Date) => toMenuViews(catalog(), "TAKE_AWAY", options(now))[0]!.groups[1]!.positions[0]!.next;
    const [ru, en] = [translatorFor("ru"), translatorFor("en")];
    expect(availabilityText(ru, syrniki(msk(0, 7, 59)))).toBe("Доступно с 08:00");
    expect(availabilityText(ru, syrniki(msk(0, 11)))).toBe("Доступно завтра с 08:00");
    expect(availabilityText(ru, syrniki(msk(4, 12)))).toBe("Доступно в понедельник с 08:00");
    expect(availabilityText(ru, null)).toBe("Сейчас недоступно");
    expect(availabilityText(en, syrniki(msk(0, 11)))).toBe("Available tomorrow from 08:00");
    expect(availabilityText(en, syrniki(msk(4, 12)))).toBe("Available on Monday from 08:00");
    expect(availabilityText(en, null)).toBe("Not available now");
  });

  it("withholds the positions of an 18+ group until the age is confirmed", () => {
    const locked = toMenuViews(catalog(), "TAKE_AWAY", options(msk(0, 9)))[0]!.groups.find((g) => g.id === 30)!;
    expect(locked).toMatchObject({ adult: true, locked: true, positions: [] });
    const open = toMenuViews(catalog(), "TAKE_AWAY", options(msk(0, 9), true))[0]!.groups.find((g) => g.id === 30)!;
    expect(open.locked).toBe(false);
    expect(open.positions.map((p) => p.name)).toEqual(["Жигулёвское"]);
  });
});

describe("position detail", () => {
  it("merges identical consecutive slot days and carries the modifier groups", () => {
    const detail = toPositionDetail(catalog(), "TAKE_AWAY", 1, 12, msk(5, 10))!;
    expect(detail.slots).toEqual([{ from: "MONDAY", to: "FRIDAY", ranges: [{ startAt: "08:00", endAt: "11:00" }] }]);
    expect(detail.available).toBe(false);
    const pizza = toPositionDetail(catalog(), "TAKE_AWAY", 1, 11, msk(5, 10))!;
    expect(pizza.modifiers).toEqual([{ id: 111, name: "Выберите размер", minCount: 1, maxCount: 1, items: [{ id: 101, name: "25 см", price: 0 }] }]);
    expect(pizza.groupName).toBe("Пицца");
    expect(pizza.slots).toEqual([]);
  });

  it("is null for an unknown position or a menu the method does not offer", () => {
    expect(toPositionDetail(catalog(), "TAKE_AWAY", 1, 999, msk(0, 9))).toBeNull();
    expect(toPositionDetail(catalog(), "TAKE_AWAY", 2, 11, msk(0, 9))).toBeNull();
    const c = catalog();
    c.menus[0]!.menu = { ...c.menus[0]!.menu, isDelivery: false };
    expect(toPositionDetail(c, "DELIVERY", 1, 11, msk(0, 9))).toBeNull();
  });
});

describe("search", () => {
  it("finds positions by part of the name, case- and ё-insensitively", () => {
    expect(searchPositions(catalog(), "TAKE_AWAY", "МАРГ", options(msk(0, 9))).map((p) => p.name)).toEqual(["Маргарита"]);
    expect(searchPositions(catalog(), "TAKE_AWAY", "  ", options(msk(0, 9)))).toEqual([]);
    expect(searchPositions(catalog(), "TAKE_AWAY", "нет такого", options(msk(0, 9)))).toEqual([]);
  });

  it("leaves 18+ positions out until the age is confirmed", () => {
    expect(searchPositions(catalog(), "TAKE_AWAY", "жигулев", options(msk(0, 9)))).toEqual([]);
    expect(searchPositions(catalog(), "TAKE_AWAY", "жигулев", options(msk(0, 9), true)).map((p) => p.name)).toEqual(["Жигулёвское"]);
  });
});
