import { describe, expect, it } from "vitest";
import type { DayOfWeek, PositionTimeSlot, TimeSlotDetail } from "~/lib/model";
import { isPositionAvailable, mergeSlotDays, nextAvailability, slotDaysText, slotDetailsFor, slotIndex } from "~/lib/time-slots";

/** 2024-01-01 is a Monday; times are +03:00. */
const at = (dayIndex: number, time: string, tz = "+03:00") => new Date(`2024-01-0${dayIndex + 1}T${time}:00${tz}`);
const d = (dayOfWeek: DayOfWeek, startAt: string, endAt: string, isActive = true): TimeSlotDetail => ({
  dayOfWeek,
  startAt,
  endAt,
  isActive,
});
const weekdays: DayOfWeek[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"];
const breakfast = weekdays.map((day) => d(day, "08:00", "11:00"));

const short: Record<DayOfWeek, string> = {
  MONDAY: "Пн",
  TUESDAY: "Вт",
  WEDNESDAY: "Ср",
  THURSDAY: "Чт",
  FRIDAY: "Пт",
  SATURDAY: "Сб",
  SUNDAY: "Вс",
};

describe("slotDetailsFor / slotIndex", () => {
  const slots: PositionTimeSlot[] = [
    { positionIds: [1, 2], details: [d("MONDAY", "08:00", "11:00")] },
    { positionIds: [2, 2], details: [d("SUNDAY", "12:00", "14:00")] },
  ];

  it("collects the details of every slot naming the position", () => {
    expect(slotDetailsFor(slots, 1)).toHaveLength(1);
    expect(slotDetailsFor(slots, 2)).toHaveLength(2);
    expect(slotDetailsFor(slots, 3)).toBeUndefined();
  });

  it("indexes positions once even when a slot repeats an id", () => {
    const index = slotIndex(slots);
    expect(index.get(1)).toHaveLength(1);
    expect(index.get(2)).toHaveLength(2);
    expect(index.has(3)).toBe(false);
  });
});

describe("isPositionAvailable", () => {
  it("a position without slots is always available", () => {
    expect(isPositionAvailable(undefined, at(0, "03:00"))).toBe(true);
    expect(isPositionAvailable([], at(0, "03:00"))).toBe(true);
  });

  it("startAt is inclusive, endAt exclusive", () => {
    expect(isPositionAvailable(breakfast, at(0, "07:59"))).toBe(false);
    expect(isPositionAvailable(breakfast, at(0, "08:00"))).toBe(true);
    expect(isPositionAvailable(breakfast, new Date("2024-01-01T10:59:59+03:00"))).toBe(true);
    expect(isPositionAvailable(breakfast, at(0, "11:00"))).toBe(false);
  });

  it("is unavailable on days without an active slot", () => {
    expect(isPositionAvailable(breakfast, at(5, "09:00"))).toBe(false); // Saturday
    expect(isPositionAvailable([d("MONDAY", "08:00", "11:00", false)], at(0, "09:00"))).toBe(false);
  });

  it("end 00:00 / 23:59 is the end of the day; an earlier end runs past midnight", () => {
    expect(isPositionAvailable([d("MONDAY", "18:00", "00:00")], at(0, "23:59"))).toBe(true);
    expect(isPositionAvailable([d("MONDAY", "18:00", "00:00")], at(1, "00:00"))).toBe(false);
    expect(isPositionAvailable([d("MONDAY", "00:00", "23:59")], new Date("2024-01-01T23:59:30+03:00"))).toBe(true);
    expect(isPositionAvailable([d("SUNDAY", "22:00", "02:00")], at(0, "01:59"))).toBe(true); // Sun night → Mon morning
    expect(isPositionAvailable([d("SUNDAY", "22:00", "02:00")], at(0, "02:00"))).toBe(false);
  });

  it("uses the resto's timezone", () => {
    const instant = new Date("2024-01-01T06:00:00Z"); // 09:00 Moscow, 06:00 UTC
    expect(isPositionAvailable(breakfast, instant, "+03:00")).toBe(true);
    expect(isPositionAvailable(breakfast, instant, "Z")).toBe(false);
    expect(isPositionAvailable(breakfast, instant)).toBe(true); // default +03:00
  });
});

describe("nextAvailability", () => {
  it("later today", () => {
    const next = nextAvailability(breakfast, at(0, "07:00"));
    expect(next).toMatchObject({ dayOfWeek: "MONDAY", time: "08:00", daysAhead: 0 });
    expect(next!.at.toISOString()).toBe("2024-01-01T05:00:00.000Z");
  });

  it("tomorrow, and over the weekend", () => {
    expect(nextAvailability(breakfast, at(0, "11:00"))).toMatchObject({ dayOfWeek: "TUESDAY", time: "08:00", daysAhead: 1 });
    expect(nextAvailability(breakfast, at(4, "12:00"))).toMatchObject({ dayOfWeek: "MONDAY", time: "08:00", daysAhead: 3 });
  });

  it("picks the earliest start of a day with several slots", () => {
    const details = [d("TUESDAY", "18:00", "20:00"), d("TUESDAY", "12:00", "14:00")];
    expect(nextAvailability(details, at(1, "10:00"))).toMatchObject({ time: "12:00", daysAhead: 0 });
    expect(nextAvailability(details, at(1, "15:00"))).toMatchObject({ time: "18:00", daysAhead: 0 });
  });

  it("null when available now, without slots, or never", () => {
    expect(nextAvailability(breakfast, at(0, "09:00"))).toBeNull();
    expect(nextAvailability(undefined, at(0, "09:00"))).toBeNull();
    expect(nextAvailability([d("MONDAY", "08:00", "11:00", false)], at(0, "12:00"))).toBeNull();
  });
});

describe("mergeSlotDays (spec §3)", () => {
  it("merges consecutive identical days: Mon–Fri 08:00–11:00", () => {
    const merged = mergeSlotDays(breakfast);
    expect(merged).toEqual([{ from: "MONDAY", to: "FRIDAY", days: weekdays, ranges: [{ startAt: "08:00", endAt: "11:00" }] }]);
    expect(slotDaysText(merged[0]!, short)).toBe("Пн–Пт 08:00–11:00");
  });

  it("does not merge across a gap or a different day", () => {
    const details = [
      d("MONDAY", "08:00", "11:00"),
      d("TUESDAY", "08:00", "11:00"),
      d("WEDNESDAY", "08:00", "12:00"),
      d("THURSDAY", "08:00", "11:00"),
      d("SATURDAY", "08:00", "11:00"),
      d("SUNDAY", "08:00", "11:00"),
    ];
    const merged = mergeSlotDays(details);
    expect(merged.map((m) => [m.from, m.to])).toEqual([
      ["MONDAY", "TUESDAY"],
      ["WEDNESDAY", "WEDNESDAY"],
      ["THURSDAY", "THURSDAY"],
      ["SATURDAY", "SUNDAY"],
    ]);
    expect(slotDaysText(merged[1]!, short)).toBe("Ср 08:00–12:00");
  });

  it("compares the whole day's settings, in any order, ignoring inactive and duplicate entries", () => {
    const details = [
      d("MONDAY", "08:00", "11:00"),
      d("MONDAY", "15:00", "18:00"),
      d("TUESDAY", "15:00", "18:00"),
      d("TUESDAY", "08:00", "11:00"),
      d("TUESDAY", "08:00", "11:00"),
      d("TUESDAY", "20:00", "22:00", false),
      d("WEDNESDAY", "08:00", "11:00"),
    ];
    const merged = mergeSlotDays(details);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ from: "MONDAY", to: "TUESDAY" });
    expect(slotDaysText(merged[0]!, short)).toBe("Пн–Вт 08:00–11:00, 15:00–18:00");
    expect(merged[1]).toMatchObject({ from: "WEDNESDAY", to: "WEDNESDAY" });
  });

  it("treats end 00:00 and 23:59 as the same end of day", () => {
    const merged = mergeSlotDays([d("MONDAY", "18:00", "00:00"), d("TUESDAY", "18:00", "23:59")]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.days).toEqual(["MONDAY", "TUESDAY"]);
  });

  it("does not wrap Sunday into Monday and skips days without active slots", () => {
    const merged = mergeSlotDays([
      d("SUNDAY", "08:00", "11:00"),
      d("MONDAY", "08:00", "11:00"),
      d("TUESDAY", "08:00", "11:00", false),
    ]);
    expect(merged.map((m) => m.days)).toEqual([["MONDAY"], ["SUNDAY"]]);
    expect(mergeSlotDays([])).toEqual([]);
  });
});
