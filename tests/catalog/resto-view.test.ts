/**
 * Restaurant states (spec §4) as the pages show them: open / closed / day off / round the clock in the resto's
 * timezone, the end-of-day rule (close 00:00 or 23:59), when it next opens, and the week table.
 */
import { describe, expect, it } from "vitest";
import { restoStateNow, toRestoDetail } from "~/features/restos/resto-view.server";
import { restoSchema, type OpeningHours } from "~/lib/model";

const WEEK = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
const hours = (day: (typeof WEEK)[number], open: string, close: string, active = true): OpeningHours => ({ dayOfWeek: day, open, close, active });
/** Monday 2025-01-06 + day, hh:mm at the given UTC offset (hours). */
const at = (day: number, hh: number, mm = 0, offset = 3) => new Date(Date.UTC(2025, 0, 6 + day, hh - offset, mm));

const flagship = [
  ...WEEK.slice(0, 4).map((d) => hours(d, "09:00", "23:00")),
  hours("FRIDAY", "09:00", "00:00"),
  hours("SATURDAY", "00:00", "23:59"),
  hours("SUNDAY", "10:00", "22:00", false),
];

describe("resto state now", () => {
  it("is open inside the hours and closed outside, with the next opening", () => {
    expect(restoStateNow({ openingHours: flagship, timezone: "+03:00" }, at(0, 12))).toMatchObject({ state: "open", next: null, today: "MONDAY" });
    expect(restoStateNow({ openingHours: flagship, timezone: "+03:00" }, at(0, 23))).toMatchObject({
      state: "closed",
      next: { dayOfWeek: "TUESDAY", time: "09:00", daysAhead: 1 },
    });
    expect(restoStateNow({ openingHours: flagship, timezone: "+03:00" }, at(0, 8, 59))).toMatchObject({ state: "closed", next: { time: "09:00", daysAhead: 0 } });
  });

  it("reads a close of 00:00 as the end of the day and 00:00–23:59 as round the clock", () => {
    expect(restoStateNow({ openingHours: flagship, timezone: "+03:00" }, at(4, 23, 59)).state).toBe("open");
    expect(restoStateNow({ openingHours: flagship, timezone: "+03:00" }, at(5, 3)).state).toBe("round-the-clock");
  });

  it("is a day off on an inactive day, in the resto's own timezone", () => {
    expect(restoStateNow({ openingHours: flagship, timezone: "+03:00" }, at(6, 12)).state).toBe("day-off");
    // 22:00 UTC on Saturday is already Sunday in Moscow, still Saturday in UTC
    const saturday22utc = new Date(Date.UTC(2025, 0, 11, 22, 0));
    expect(restoStateNow({ openingHours: flagship, timezone: "+03:00" }, saturday22utc).state).toBe("day-off");
    expect(restoStateNow({ openingHours: flagship, timezone: "+00:00" }, saturday22utc).state).toBe("round-the-clock");
  });

  it("shows no state without a schedule", () => {
    expect(restoStateNow({ openingHours: [], timezone: "+03:00" }, at(0, 12))).toMatchObject({ state: null, next: null });
  });

  it("builds the week table Monday to Sunday with today marked", () => {
    const resto = restoSchema.parse({ id: 1, name: "Т", openingHours: flagship, links: [{ value: "https://t.me/x" }, { value: "javascript:alert(1)" }] });
    const detail = toRestoDetail(resto, at(5, 12));
    expect(detail.week.map((r) => [r.dayOfWeek, r.kind, r.text, r.isToday])).toEqual([
      ["MONDAY", "hours", "09:00–23:00", false],
      ["TUESDAY", "hours", "09:00–23:00", false],
      ["WEDNESDAY", "hours", "09:00–23:00", false],
      ["THURSDAY", "hours", "09:00–23:00", false],
      ["FRIDAY", "hours", "09:00–00:00", false],
      ["SATURDAY", "round-the-clock", null, true],
      ["SUNDAY", "day-off", null, false],
    ]);
    // only web links are rendered as links
    expect(detail.links).toEqual(["https://t.me/x"]);
    expect(detail.timezone).toBe("+03:00");
  });
});
