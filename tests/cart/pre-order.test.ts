import { describe, expect, it } from "vitest";
import { preOrderSlots } from "~/features/checkout/pre-order";
import { MAX_PRE_ORDER_DAYS } from "~/lib/order-times";
import type { WorkingHours } from "~/lib/model";

const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
const hours = (open: string, close: string, active = true) => DAYS.map((dayOfWeek) => ({ dayOfWeek, active, open, close }));
// Monday 2025-01-06 12:00 in Moscow (+03:00)
const MONDAY_NOON = Date.UTC(2025, 0, 6, 9, 0);

describe("pre-order times (spec §3 type, minTimeMinutes, dayInAdvance, hours)", () => {
  it("starts at now + minTimeMinutes on a step and ends before closing", () => {
    const wh: WorkingHours = { type: "DELIVERY", minTimeMinutes: 60, dayInAdvance: 0, hours: hours("10:00", "22:30") };
    const slots = preOrderSlots(wh, MONDAY_NOON, "+03:00");
    expect(slots[0]).toMatchObject({ time: "13:00", dayOffset: 0, localDate: "2025-01-06", value: "2025-01-06T10:00:00.000Z" });
    expect(slots.at(-1)!.time).toBe("22:00");
    expect(slots.every((s) => s.dayOffset === 0)).toBe(true);
  });

  it("offers the following days up to dayInAdvance, skipping days off", () => {
    const wh: WorkingHours = {
      type: "TAKE_AWAY",
      minTimeMinutes: 20,
      dayInAdvance: 2,
      hours: [
        ...hours("09:00", "11:00").filter((h) => h.dayOfWeek !== "TUESDAY"),
        { dayOfWeek: "TUESDAY", active: false, open: "09:00", close: "11:00" },
      ],
    };
    const slots = preOrderSlots(wh, MONDAY_NOON, "+03:00");
    // Monday is past closing, Tuesday is a day off, Wednesday 09:00–10:30
    expect(slots.map((s) => [s.dayOffset, s.time])).toEqual([
      [2, "09:00"],
      [2, "09:30"],
      [2, "10:00"],
      [2, "10:30"],
    ]);
    expect(slots[0]!.localDate).toBe("2025-01-08");
  });

  it("the upstream's horizon is believed up to MAX_PRE_ORDER_DAYS: a typo of a year, or 1e21, never stalls the cart", () => {
    // every cart render asks for these times: a horizon of 1e21 days looped for ever, 400 days made 19,000 options
    for (const dayInAdvance of [MAX_PRE_ORDER_DAYS, 400, 36_500, 1e21]) {
      const wh: WorkingHours = { type: "DELIVERY", minTimeMinutes: 0, dayInAdvance, hours: hours("00:00", "23:59") };
      const slots = preOrderSlots(wh, MONDAY_NOON, "+03:00");
      expect(Math.max(...slots.map((s) => s.dayOffset)), `dayInAdvance ${dayInAdvance}`).toBe(MAX_PRE_ORDER_DAYS);
    }
  });

  it("no hours for the method: only 'as soon as possible'", () => {
    expect(preOrderSlots(null, MONDAY_NOON, "+03:00")).toEqual([]);
  });
});
