import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DayOfWeek, OpeningHours, WorkingHours } from "~/lib/model";
import { closedReason, orderTimeAllowed, orderTimes, preOrderSlots } from "~/lib/order-times";
import {
  DAYS_OF_WEEK,
  closingMinutes,
  isAcceptingOrders,
  localTimeAt,
  parseClockTime,
  windowCovers,
  toWindow,
} from "~/lib/schedule";

const every = (open: string, close: string, active = true): OpeningHours[] =>
  DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, active, open, close }));
const h = (dayOfWeek: DayOfWeek, open: string, close: string, active = true): OpeningHours => ({
  dayOfWeek,
  active,
  open,
  close,
});
/** the flagship's week (server/demo/data.ts) */
const FLAGSHIP: OpeningHours[] = [
  ...DAYS_OF_WEEK.slice(0, 4).map((day) => h(day, "09:00", "23:00")),
  h("FRIDAY", "09:00", "00:00"),
  h("SATURDAY", "00:00", "23:59"),
  h("SUNDAY", "10:00", "22:00"),
];
const TAKE_AWAY: WorkingHours = { type: "TAKE_AWAY", minTimeMinutes: 20, dayInAdvance: 1, hours: every("09:00", "22:00") };
/** Moscow wall time → instant (2025-01-06 is a Monday) */
const msk = (day: number, hour: number, minute = 0) => Date.UTC(2025, 0, 6 + day, hour - 3, minute);
const flagship = { openingHours: FLAGSHIP, timezone: "+03:00" };

describe("order times with an injected clock (issue 36 §2)", () => {
  it("closed before opening: no ASAP, 'before-opening' with today's opening time, pre-orders from the opening", () => {
    const times = orderTimes(flagship, TAKE_AWAY, msk(1, 7, 40)); // Tuesday 07:40
    expect(times.asap).toBe(false);
    expect(times.closed).toMatchObject({ reason: "before-opening", next: { time: "09:00", daysAhead: 0 } });
    expect(times.slots[0]).toMatchObject({ dayOffset: 0, time: "09:00" });
  });

  it("closed after closing: no ASAP, 'after-closing', opens tomorrow; slots start tomorrow", () => {
    const times = orderTimes(flagship, TAKE_AWAY, msk(1, 23, 30)); // Tuesday 23:30
    expect(times.asap).toBe(false);
    expect(times.closed).toMatchObject({
      reason: "after-closing",
      next: { time: "09:00", daysAhead: 1, dayOfWeek: "WEDNESDAY" },
    });
    expect(times.slots[0]).toMatchObject({ dayOffset: 1, time: "09:00" });
    expect(times.slots.every((s) => s.dayOffset === 1)).toBe(true);
  });

  it("a day off: no ASAP, 'day-off', the next working day's times", () => {
    const week = [...DAYS_OF_WEEK.map((d) => h(d, "10:00", "22:00", d !== "WEDNESDAY"))];
    const times = orderTimes({ openingHours: week, timezone: "+03:00" }, { ...TAKE_AWAY, dayInAdvance: 1 }, msk(2, 12)); // Wednesday noon
    expect(times.asap).toBe(false);
    expect(times.closed).toMatchObject({ reason: "day-off", next: { dayOfWeek: "THURSDAY", time: "10:00" } });
    // Wednesday's pre-order hours exist but the restaurant is closed all day: only Thursday's, from its opening
    expect(times.slots[0]).toMatchObject({ dayOffset: 1, time: "10:00" });
  });

  it("open: ASAP and times from now + the lead time", () => {
    const times = orderTimes(flagship, TAKE_AWAY, msk(0, 12, 5));
    expect(times.asap).toBe(true);
    expect(times.closed).toBeNull();
    expect(times.slots[0]).toMatchObject({ dayOffset: 0, time: "12:30" });
  });

  it("pre-order times fall inside the opening hours too (Sunday opens at 10:00, takeaway hours start at 09:00)", () => {
    const times = orderTimes(flagship, TAKE_AWAY, msk(5, 23, 30)); // Saturday 23:30 → Sunday
    expect(times.slots[0]).toMatchObject({ dayOffset: 1, time: "10:00" });
  });

  it("hours past midnight: Friday 18:00–02:00 offers Saturday 00:00–01:30", () => {
    const wh: WorkingHours = { type: "DELIVERY", minTimeMinutes: 0, dayInAdvance: 1, hours: [h("FRIDAY", "18:00", "02:00")] };
    const slots = preOrderSlots(wh, msk(4, 23, 10), "+03:00"); // Friday 23:10
    expect(slots.map((s) => `${s.dayOffset} ${s.time}`)).toEqual(["0 23:30", "1 00:00", "1 00:30", "1 01:00", "1 01:30"]);
    // and after midnight, the same night's slots are today's
    expect(preOrderSlots(wh, msk(5, 0, 10), "+03:00").map((s) => `${s.dayOffset} ${s.time}`)).toEqual([
      "0 00:30",
      "0 01:00",
      "0 01:30",
    ]);
  });

  it("the closed reason across midnight: yesterday's hours running past midnight keep it open", () => {
    const late = [h("FRIDAY", "18:00", "02:00"), h("SATURDAY", "18:00", "02:00")];
    expect(closedReason(late, msk(5, 1, 0), "+03:00")).toBeNull(); // Saturday 01:00, Friday's night
    expect(closedReason(late, msk(5, 3, 0), "+03:00")).toBe("before-opening"); // Saturday 03:00
    expect(closedReason(late, msk(6, 3, 0), "+03:00")).toBe("day-off"); // Sunday 03:00: no Sunday entry
  });

  it("the twin's rule: ASAP only while open; a pre-order time only when offered and ahead", () => {
    expect(orderTimeAllowed(flagship, TAKE_AWAY, "", msk(1, 12))).toBe("ok");
    expect(orderTimeAllowed(flagship, TAKE_AWAY, null, msk(1, 7, 40))).toBe("closed");
    const dayOff = { openingHours: every("10:00", "22:00", false), timezone: "+03:00" };
    expect(orderTimeAllowed(dayOff, TAKE_AWAY, "", msk(1, 12))).toBe("day-off");
    const slot = orderTimes(flagship, TAKE_AWAY, msk(1, 7, 40)).slots[0]!.value;
    expect(orderTimeAllowed(flagship, TAKE_AWAY, slot, msk(1, 7, 40))).toBe("ok");
    expect(orderTimeAllowed(flagship, TAKE_AWAY, slot, msk(1, 9, 10))).toBe("bad-time"); // passed
    expect(orderTimeAllowed(flagship, TAKE_AWAY, new Date(msk(1, 3)).toISOString(), msk(1, 1))).toBe("bad-time"); // 03:00: outside the hours
    expect(orderTimeAllowed(flagship, TAKE_AWAY, "not a date", msk(1, 1))).toBe("bad-time");
  });

  it("IANA timezones with DST: no time in the spring-forward gap, none twice in the autumn", () => {
    const night: WorkingHours = { type: "DELIVERY", minTimeMinutes: 0, dayInAdvance: 1, hours: every("00:00", "04:00") };
    // Europe/Berlin: 2025-03-30 02:00 → 03:00; 2025-10-26 03:00 → 02:00
    const spring = preOrderSlots(night, Date.UTC(2025, 2, 29, 12), "Europe/Berlin").filter((s) => s.localDate === "2025-03-30");
    expect(spring.map((s) => s.time)).toEqual(["00:00", "00:30", "01:00", "01:30", "03:00", "03:30"]);
    const autumn = preOrderSlots(night, Date.UTC(2025, 9, 25, 12), "Europe/Berlin").filter((s) => s.localDate === "2025-10-26");
    expect(new Set(autumn.map((s) => s.value)).size).toBe(autumn.length);
    expect(autumn.map((s) => s.time)).toContain("02:30");
  });
});

// ── properties ───────────────────────────────────────────────────────────────────────────────────

const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([hh, mm]) => `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}`);
const entry = fc.record({ dayOfWeek: fc.constantFrom(...DAYS_OF_WEEK), active: fc.boolean(), open: clock, close: clock });
const week = fc.array(entry, { minLength: 1, maxLength: 10 });
const offsetTz = fc.integer({ min: -12 * 4, max: 14 * 4 }).map((q) => {
  const minutes = q * 15;
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
});
const tz = fc.oneof(
  offsetTz,
  fc.constantFrom("Europe/Moscow", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"),
);
const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) });
const workingHours = fc.record({
  type: fc.constant("DELIVERY" as const),
  minTimeMinutes: fc.integer({ min: 0, max: 180 }),
  dayInAdvance: fc.integer({ min: 0, max: 3 }),
  hours: week,
});

/** whether local `minutes` of weekday `dayIndex` lies in one of the active entries (past midnight included) */
function inHours(entries: readonly OpeningHours[], dayIndex: number, minutes: number, slotLength: number): boolean {
  return entries.some((e) => {
    if (!e.active) return false;
    const w = toWindow(e.dayOfWeek, e.open, e.close);
    if (!w || w.end === w.start) return false;
    // the whole slot [minutes, minutes + slotLength) inside the window
    const start = parseClockTime(e.open)!;
    const end = closingMinutes(e.close)!;
    const length = end > start ? end - start : end + 1440 - start;
    const fromStart = (((dayIndex - w.dayIndex + 7) % 7) * 1440 + minutes - start + 7 * 1440) % (7 * 1440);
    return windowCovers(w, dayIndex, minutes) && fromStart + slotLength <= length;
  });
}

describe("order-time properties (fast-check: hours across midnight, time zones)", () => {
  it("every offered time is ahead by the lead time, on the step, inside the hours and the opening hours, within dayInAdvance", () => {
    fc.assert(
      fc.property(workingHours, week, instant, tz, (wh, opening, now, zone) => {
        const slots = preOrderSlots(wh, now, zone, 30, opening);
        const today = localTimeAt(now, zone);
        for (const slot of slots) {
          const at = Date.parse(slot.value);
          const local = localTimeAt(at, zone);
          expect(at).toBeGreaterThanOrEqual(now + wh.minTimeMinutes * 60_000);
          expect(local.minutes % 30).toBe(0);
          expect(slot.time).toBe(
            `${String(Math.floor(local.minutes / 60)).padStart(2, "0")}:${String(local.minutes % 60).padStart(2, "0")}`,
          );
          expect(slot.dayOffset).toBeGreaterThanOrEqual(0);
          expect(slot.dayOffset).toBeLessThanOrEqual(wh.dayInAdvance);
          expect(local.dayIndex).toBe((today.dayIndex + slot.dayOffset) % 7);
          expect(inHours(wh.hours, local.dayIndex, local.minutes, 30)).toBe(true);
          expect(isAcceptingOrders(opening, at, zone)).toBe(true);
        }
        // sorted, no time twice
        const values = slots.map((s) => Date.parse(s.value));
        expect(values).toEqual([...values].sort((a, b) => a - b));
        expect(new Set(values).size).toBe(values.length);
      }),
      { numRuns: 300 },
    );
  });

  it("ASAP is offered exactly while the restaurant accepts orders; closed, it says why and opens later", () => {
    fc.assert(
      fc.property(week, workingHours, instant, tz, (opening, wh, now, zone) => {
        const times = orderTimes({ openingHours: opening, timezone: zone }, wh, now);
        expect(times.asap).toBe(isAcceptingOrders(opening, now, zone));
        expect(times.closed === null).toBe(times.asap);
        if (times.closed?.next) {
          const next = times.closed.next.at.getTime();
          expect(next).toBeGreaterThan(now);
          expect(isAcceptingOrders(opening, next, zone)).toBe(true);
          expect(times.closed.reason === "before-opening").toBe(times.closed.next.daysAhead === 0);
        }
        if (times.closed?.reason === "day-off") {
          const today = localTimeAt(now, zone).dayOfWeek;
          expect(opening.some((e) => e.dayOfWeek === today && e.active)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a fixed-offset restaurant's local times depend on its wall clock only (time-zone shift invariance)", () => {
    fc.assert(
      fc.property(
        workingHours,
        week,
        instant,
        fc.integer({ min: -11, max: 11 }),
        fc.integer({ min: -11, max: 11 }),
        (wh, opening, now, a, b) => {
          const zone = (hours: number) => `${hours < 0 ? "-" : "+"}${String(Math.abs(hours)).padStart(2, "0")}:00`;
          // the same wall clock: `now` in zone a equals `now - (b - a) hours` in zone b
          const other = now - (b - a) * 3_600_000;
          const here = orderTimes({ openingHours: opening, timezone: zone(a) }, wh, now);
          const there = orderTimes({ openingHours: opening, timezone: zone(b) }, wh, other);
          expect(there.asap).toBe(here.asap);
          expect(there.closed?.reason ?? null).toBe(here.closed?.reason ?? null);
          expect(there.slots.map((s) => [s.dayOffset, s.time, s.localDate])).toEqual(
            here.slots.map((s) => [s.dayOffset, s.time, s.localDate]),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("every offered time is accepted by the twin's rule at the moment it was offered", () => {
    fc.assert(
      fc.property(workingHours, week, instant, tz, (wh, opening, now, zone) => {
        const resto = { openingHours: opening, timezone: zone };
        for (const slot of orderTimes(resto, wh, now).slots.slice(0, 5))
          expect(orderTimeAllowed(resto, wh, slot.value, now)).toBe("ok");
      }),
      { numRuns: 150 },
    );
  });
});
