import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpeningHours } from "~/lib/model";
import {
  closingMinutes,
  DAYS_OF_WEEK,
  dayKind,
  dayOfWeekAt,
  daySchedule,
  formatClockTime,
  instantOfWallTime,
  isAcceptingOrders,
  localTimeAt,
  minutesOfDayAt,
  nextOpening,
  offsetMinutesAt,
  openingStateAt,
  parseClockTime,
  parseUtcOffset,
  weekSchedule,
} from "~/lib/schedule";

/** 2024-01-01 is a Monday. `at(0, "10:00")` = Monday 10:00 local time in `tz`. */
function at(dayIndex: number, time: string, tz = "+03:00"): Date {
  return new Date(`2024-01-0${dayIndex + 1}T${time}:00${tz}`);
}
const MON = 0,
  TUE = 1,
  SAT = 5,
  SUN = 6;

const entry = (dayOfWeek: OpeningHours["dayOfWeek"], open: string, close: string, active = true): OpeningHours => ({
  dayOfWeek,
  active,
  open,
  close,
});
const everyDay = (open: string, close: string) => DAYS_OF_WEEK.map((d) => entry(d, open, close));

describe("clock times", () => {
  it("parses HH:mm and refuses junk", () => {
    expect(parseClockTime("00:00")).toBe(0);
    expect(parseClockTime("08:30")).toBe(510);
    expect(parseClockTime("23:59")).toBe(1439);
    expect(parseClockTime("24:00")).toBeNull();
    expect(parseClockTime("12:60")).toBeNull();
    expect(parseClockTime("noon")).toBeNull();
    expect(formatClockTime(510)).toBe("08:30");
    expect(formatClockTime(1440)).toBe("24:00");
  });

  it("treats a close of 00:00 or 23:59 as the end of the day (spec §4)", () => {
    expect(closingMinutes("00:00")).toBe(1440);
    expect(closingMinutes("23:59")).toBe(1440);
    expect(closingMinutes("23:58")).toBe(1438);
    expect(closingMinutes("bad")).toBeNull();
  });
});

describe("timezones", () => {
  it("parses offsets", () => {
    expect(parseUtcOffset("+03:00")).toBe(180);
    expect(parseUtcOffset("-05:30")).toBe(-330);
    expect(parseUtcOffset("+0545")).toBe(345);
    expect(parseUtcOffset("+3")).toBe(180);
    expect(parseUtcOffset("UTC+02:00")).toBe(120);
    expect(parseUtcOffset("Z")).toBe(0);
    expect(parseUtcOffset("utc")).toBe(0);
    expect(parseUtcOffset("+15:00")).toBeNull();
    expect(parseUtcOffset("+03:75")).toBeNull();
    expect(parseUtcOffset("Moscow")).toBeNull();
  });

  it("uses IANA names when given and falls back to +03:00 otherwise", () => {
    const instant = Date.UTC(2024, 0, 1, 12, 0);
    expect(offsetMinutesAt("Europe/Moscow", instant)).toBe(180);
    expect(offsetMinutesAt("America/New_York", instant)).toBe(-300);
    expect(offsetMinutesAt("America/New_York", Date.UTC(2024, 6, 1, 12, 0))).toBe(-240);
    expect(offsetMinutesAt("Not/AZone", instant)).toBe(180);
    expect(offsetMinutesAt("", instant)).toBe(180);
    expect(offsetMinutesAt(null, instant)).toBe(180);
    expect(offsetMinutesAt(undefined, instant)).toBe(180);
  });

  it("computes the local weekday and minute in the resto's offset, not the machine's", () => {
    // 2024-01-01T22:30Z is Monday in UTC but Tuesday 01:30 in Moscow
    const instant = new Date("2024-01-01T22:30:00Z");
    expect(dayOfWeekAt(instant, "+03:00")).toBe("TUESDAY");
    expect(minutesOfDayAt(instant, "+03:00")).toBe(90);
    expect(dayOfWeekAt(instant, "Z")).toBe("MONDAY");
    expect(minutesOfDayAt(instant, "Z")).toBe(22 * 60 + 30);
    expect(dayOfWeekAt(instant, "-10:00")).toBe("MONDAY");
    expect(minutesOfDayAt(instant, "-10:00")).toBe(12 * 60 + 30);
    expect(dayOfWeekAt(instant)).toBe("TUESDAY"); // default +03:00
    expect(dayOfWeekAt(instant.getTime(), "+03:00")).toBe("TUESDAY"); // epoch ms too
  });

  it("gives the local midnight as an instant", () => {
    const local = localTimeAt(at(SUN, "23:59"));
    expect(local.dayOfWeek).toBe("SUNDAY");
    expect(local.minutes).toBe(1439);
    expect(new Date(local.midnight).toISOString()).toBe("2024-01-06T21:00:00.000Z");
  });

  it("refuses an invalid instant", () => {
    expect(() => localTimeAt(new Date("nope"))).toThrow(RangeError);
  });

  it("weekday and minute always agree with a shifted UTC clock (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: -12 * 60, max: 14 * 60 }), (ms, offset) => {
        const sign = offset < 0 ? "-" : "+";
        const abs = Math.abs(offset);
        const tz = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
        const shifted = new Date(ms + offset * 60_000);
        const local = localTimeAt(ms, tz);
        expect(local.minutes).toBe(shifted.getUTCHours() * 60 + shifted.getUTCMinutes());
        expect(local.dayIndex).toBe((shifted.getUTCDay() + 6) % 7);
      }),
    );
  });
});

describe("dayKind (spec §4)", () => {
  it("classifies entries", () => {
    expect(dayKind(entry("MONDAY", "10:00", "22:00", false))).toBe("day-off");
    expect(dayKind(entry("MONDAY", "00:00", "00:00", false))).toBe("day-off"); // inactive wins
    expect(dayKind(entry("MONDAY", "00:00", "00:00"))).toBe("round-the-clock");
    expect(dayKind(entry("MONDAY", "00:00", "23:59"))).toBe("round-the-clock");
    expect(dayKind(entry("MONDAY", "00:00", "23:58"))).toBe("hours");
    expect(dayKind(entry("MONDAY", "00:01", "00:00"))).toBe("hours");
    expect(dayKind(entry("MONDAY", "10:00", "22:00"))).toBe("hours");
  });
});

describe("openingStateAt", () => {
  const week = [
    entry("MONDAY", "10:00", "22:00"),
    entry("TUESDAY", "10:00", "00:00"),
    entry("WEDNESDAY", "10:00", "23:59"),
    entry("THURSDAY", "00:00", "00:00"),
    entry("FRIDAY", "18:00", "02:00"),
    entry("SATURDAY", "10:00", "22:00", false),
    // no SUNDAY entry
  ];

  it("opening minute is inclusive, closing minute exclusive", () => {
    expect(openingStateAt(week, at(MON, "09:59"))).toBe("closed");
    expect(openingStateAt(week, at(MON, "10:00"))).toBe("open");
    expect(openingStateAt(week, at(MON, "21:59"))).toBe("open");
    expect(openingStateAt(week, at(MON, "22:00"))).toBe("closed");
  });

  it("close 00:00 and 23:59 run to the end of the day", () => {
    expect(openingStateAt(week, at(TUE, "23:59"))).toBe("open");
    expect(openingStateAt(week, new Date("2024-01-03T23:59:59+03:00"))).toBe("open"); // Wed 23:59:59
    expect(openingStateAt(week, at(2, "09:59"))).toBe("closed"); // Wed before opening: Tue's 00:00 close did not spill over
  });

  it("whole day is round the clock", () => {
    expect(openingStateAt(week, at(3, "00:00"))).toBe("round-the-clock");
    expect(openingStateAt(week, at(3, "12:00"))).toBe("round-the-clock");
    expect(openingStateAt(week, at(3, "23:59"))).toBe("round-the-clock");
  });

  it("hours past midnight belong to the day before", () => {
    expect(openingStateAt(week, at(4, "17:59"))).toBe("closed"); // Friday
    expect(openingStateAt(week, at(4, "23:00"))).toBe("open");
    expect(openingStateAt(week, at(SAT, "01:59"))).toBe("open"); // Saturday is a day off, but Friday runs on
    expect(openingStateAt(week, at(SAT, "02:00"))).toBe("day-off");
  });

  it("inactive and missing days are days off", () => {
    expect(openingStateAt(week, at(SAT, "12:00"))).toBe("day-off");
    expect(openingStateAt(week, at(SUN, "12:00"))).toBe("day-off");
  });

  it("evaluates in the given timezone", () => {
    const hours = [entry("MONDAY", "10:00", "22:00")];
    const instant = new Date("2024-01-01T08:00:00Z"); // 11:00 in Moscow, 08:00 in UTC
    expect(openingStateAt(hours, instant, "+03:00")).toBe("open");
    expect(openingStateAt(hours, instant, "+00:00")).toBe("closed");
    expect(openingStateAt(hours, instant, "Europe/Moscow")).toBe("open");
  });

  it("honours several entries of one day (lunch break)", () => {
    const hours = [entry("MONDAY", "14:00", "20:00"), entry("MONDAY", "08:00", "12:00")];
    expect(openingStateAt(hours, at(MON, "11:59"))).toBe("open");
    expect(openingStateAt(hours, at(MON, "13:00"))).toBe("closed");
    expect(openingStateAt(hours, at(MON, "14:00"))).toBe("open");
  });

  it("an empty interval (open = close, not 00:00) is closed", () => {
    expect(openingStateAt([entry("MONDAY", "10:00", "10:00")], at(MON, "10:00"))).toBe("closed");
  });

  it("an empty list means no schedule known", () => {
    expect(openingStateAt([], at(MON, "10:00"))).toBeNull();
  });
});

describe("isAcceptingOrders", () => {
  it("accepts while open or round the clock, not while closed or on a day off", () => {
    const hours = [
      entry("MONDAY", "10:00", "22:00"),
      entry("TUESDAY", "00:00", "23:59"),
      entry("WEDNESDAY", "10:00", "22:00", false),
    ];
    expect(isAcceptingOrders(hours, at(MON, "12:00"))).toBe(true);
    expect(isAcceptingOrders(hours, at(MON, "22:00"))).toBe(false);
    expect(isAcceptingOrders(hours, at(TUE, "03:00"))).toBe(true);
    expect(isAcceptingOrders(hours, at(2, "12:00"))).toBe(false);
  });

  it("accepts when no schedule is known", () => {
    expect(isAcceptingOrders([], at(MON, "03:00"))).toBe(true);
  });
});

describe("nextOpening", () => {
  const hours = [
    entry("MONDAY", "10:00", "22:00"),
    entry("WEDNESDAY", "09:00", "21:00"),
    entry("TUESDAY", "08:00", "20:00", false),
  ];

  it("later today", () => {
    const next = nextOpening(hours, at(MON, "08:15"));
    expect(next).toMatchObject({ dayOfWeek: "MONDAY", time: "10:00", daysAhead: 0 });
    expect(next!.at.toISOString()).toBe("2024-01-01T07:00:00.000Z");
  });

  it("skips inactive days", () => {
    const next = nextOpening(hours, at(MON, "22:00"));
    expect(next).toMatchObject({ dayOfWeek: "WEDNESDAY", time: "09:00", daysAhead: 2 });
    expect(next!.at.toISOString()).toBe("2024-01-03T06:00:00.000Z");
  });

  it("wraps to next week", () => {
    const only = [entry("MONDAY", "10:00", "22:00")];
    expect(nextOpening(only, at(MON, "22:30"))).toMatchObject({ dayOfWeek: "MONDAY", daysAhead: 7 });
    expect(nextOpening(only, at(SUN, "23:00"))).toMatchObject({ dayOfWeek: "MONDAY", daysAhead: 1 });
  });

  it("is null while open, without any active day, or without a schedule", () => {
    expect(nextOpening(hours, at(MON, "12:00"))).toBeNull();
    expect(nextOpening([entry("MONDAY", "10:00", "22:00", false)], at(MON, "12:00"))).toBeNull();
    expect(nextOpening([], at(MON, "12:00"))).toBeNull();
  });

  it("works in a negative offset", () => {
    const next = nextOpening([entry("MONDAY", "10:00", "22:00")], new Date("2024-01-01T14:00:00Z"), "-05:00"); // Mon 09:00 local
    expect(next).toMatchObject({ dayOfWeek: "MONDAY", time: "10:00", daysAhead: 0 });
    expect(next!.at.toISOString()).toBe("2024-01-01T15:00:00.000Z");
  });
});

describe("weekSchedule", () => {
  it("gives seven rows Monday..Sunday with kind and hours text", () => {
    const rows = weekSchedule(
      [
        entry("SUNDAY", "11:00", "23:00"),
        entry("MONDAY", "15:00", "22:00"),
        entry("MONDAY", "09:00", "13:00"),
        entry("TUESDAY", "00:00", "00:00"),
        entry("WEDNESDAY", "10:00", "22:00", false),
      ],
      "MONDAY",
    );
    expect(rows.map((r) => r.dayOfWeek)).toEqual(DAYS_OF_WEEK);
    expect(rows.map((r) => r.kind)).toEqual(["hours", "round-the-clock", "day-off", "day-off", "day-off", "day-off", "hours"]);
    expect(rows[0]).toMatchObject({ text: "09:00–13:00, 15:00–22:00", isToday: true });
    expect(rows[1]).toMatchObject({ text: null, intervals: [], isToday: false });
    expect(rows[2]!.text).toBeNull();
    expect(rows[6]!.text).toBe("11:00–23:00");
  });

  it("is empty without a schedule", () => {
    expect(weekSchedule([])).toEqual([]);
  });

  it("daySchedule gives today's row for the info window", () => {
    expect(daySchedule(everyDay("10:00", "22:00"), "FRIDAY")).toMatchObject({
      kind: "hours",
      text: "10:00–22:00",
      isToday: false,
    });
  });
});

describe("a wall time on the day clocks go back (found by the order-times property, seed 1792658370)", () => {
  // New York, Sunday 2026-11-01: 02:00 EDT becomes 01:00 EST, so 02:00 comes once, in winter time: 07:00Z
  const sundayOnly: OpeningHours[] = [{ dayOfWeek: "SUNDAY", active: true, open: "02:00", close: "00:00" }];
  const mondayBefore = Date.parse("2026-10-26T04:00:00Z"); // Monday 00:00 EDT

  it("the instant of Sunday 02:00 is 07:00Z, and the restaurant is open then", () => {
    const next = nextOpening(sundayOnly, mondayBefore, "America/New_York");
    expect(next).toMatchObject({ dayOfWeek: "SUNDAY", time: "02:00", daysAhead: 6 });
    expect(next!.at.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(isAcceptingOrders(sundayOnly, next!.at.getTime(), "America/New_York")).toBe(true);
    expect(isAcceptingOrders(sundayOnly, next!.at.getTime() - 60_000, "America/New_York")).toBe(false);
  });

  it("a wall time that comes twice is its first: 01:30 that Sunday is 05:30Z (summer time)", () => {
    const day = Math.floor(Date.parse("2026-11-01T00:00:00Z") / 86_400_000);
    expect(new Date(instantOfWallTime(day, 90, "America/New_York")!).toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});
