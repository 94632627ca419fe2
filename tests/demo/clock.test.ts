import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clockOffset, makeClockResto } from "../../server/demo/clock";
import { DEMO_CITY_IDS, restosOfCity } from "../../server/demo/data";
import { orderTimes } from "~/lib/order-times";
import { DAYS_OF_WEEK, localTimeAt } from "~/lib/schedule";

/**
 * Issue 36 §2, ADR 151: `/_demo/clock` makes a restaurant of the test's own whose wall clock reads the weekday and
 * time asked for, whatever the real time: closed before opening, after closing and on its day off are reproducible
 * at any time of day.
 */
describe("a restaurant with a clock of its own", () => {
  it("reads the weekday and time asked for, at any real instant (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.constantFrom(...DAYS_OF_WEEK),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (now, day, hh, mm) => {
          const time = `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}`;
          const { offsetMinutes } = clockOffset(now, { day, time });
          expect(offsetMinutes).toBeGreaterThanOrEqual(-12 * 60);
          expect(offsetMinutes).toBeLessThan(12 * 60);
          const { resto, workingHours } = makeClockResto(now, { day, time });
          const local = localTimeAt(now, resto.timezone);
          expect(local.minutes).toBe(hh * 60 + mm);
          // the hours shown for today are the hours of the weekday asked for (Sunday: the day off)
          const today = resto.openingHours.find((h) => h.dayOfWeek === local.dayOfWeek)!;
          expect(today.active).toBe(day !== "SUNDAY");
          expect(workingHours[0]!.hours.find((h) => h.dayOfWeek === local.dayOfWeek)!.active).toBe(day !== "SUNDAY");
        },
      ),
      { numRuns: 200 },
    );
  });

  it("before opening, after closing and a day off, at three times of the real day", () => {
    for (const now of [Date.UTC(2025, 0, 6, 1, 5), Date.UTC(2025, 0, 8, 11, 40), Date.UTC(2025, 0, 10, 21, 55)]) {
      const at = (day: (typeof DAYS_OF_WEEK)[number], time: string) => {
        const { resto, workingHours } = makeClockResto(now, { day, time });
        return orderTimes(resto, workingHours[0], now);
      };
      const early = at("TUESDAY", "07:40");
      expect(early).toMatchObject({ asap: false, closed: { reason: "before-opening", next: { time: "09:00", daysAhead: 0 } } });
      expect(early.slots[0]).toMatchObject({ dayOffset: 0, time: "09:00" });
      const late = at("TUESDAY", "23:10");
      expect(late).toMatchObject({ asap: false, closed: { reason: "after-closing", next: { time: "09:00", daysAhead: 1 } } });
      const sunday = at("SUNDAY", "12:00");
      expect(sunday).toMatchObject({ asap: false, closed: { reason: "day-off", next: { time: "09:00", daysAhead: 1 } } });
      expect(sunday.slots[0]).toMatchObject({ dayOffset: 1, time: "09:00" });
      expect(at("WEDNESDAY", "12:00").asap).toBe(true);
    }
  });

  it("is a point of its own in Samara (city 118), beside the template", () => {
    const { resto, cityId } = makeClockResto(Date.now(), { day: "MONDAY", time: "10:00" });
    expect(cityId).toBe(DEMO_CITY_IDS.samara);
    expect(restosOfCity(DEMO_CITY_IDS.samara).map((r) => r.resto.id)).toContain(resto.id);
  });
});
