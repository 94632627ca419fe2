/**
 * Pre-order times (spec §3 "Pre-order hours: type, minTimeMinutes, dayInAdvance, hours"; the cart offers
 * "as soon as possible" or a time from them). Slots are every `step` minutes within the hours of the chosen
 * method, from today to `dayInAdvance` days ahead, never earlier than now + minTimeMinutes. Pure.
 */
import { DAYS_OF_WEEK, closingMinutes, localTimeAt, parseClockTime, type Instant } from "~/lib/schedule";
import type { WorkingHours } from "~/lib/model";

export const PRE_ORDER_STEP_MINUTES = 30;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface PreOrderSlot {
  /** ISO instant sent to the upstream and stored in the draft */
  value: string;
  /** 0 today, 1 tomorrow … */
  dayOffset: number;
  /** local "HH:mm" */
  time: string;
  /** local "YYYY-MM-DD" */
  localDate: string;
}

export function preOrderSlots(
  hours: WorkingHours | null | undefined,
  instant: Instant,
  timezone: string | null | undefined,
  step = PRE_ORDER_STEP_MINUTES,
): PreOrderSlot[] {
  if (!hours) return [];
  const now = typeof instant === "number" ? instant : instant.getTime();
  const local = localTimeAt(now, timezone);
  const earliest = now + hours.minTimeMinutes * MINUTE;
  const slots: PreOrderSlot[] = [];
  for (let dayOffset = 0; dayOffset <= hours.dayInAdvance; dayOffset++) {
    const dayName = DAYS_OF_WEEK[(local.dayIndex + dayOffset) % 7];
    const midnight = local.midnight + dayOffset * DAY;
    for (const entry of hours.hours) {
      if (!entry.active || entry.dayOfWeek !== dayName) continue;
      const open = parseClockTime(entry.open);
      const close = closingMinutes(entry.close);
      if (open === null || close === null || close <= open) continue;
      for (let minute = Math.ceil(open / step) * step; minute <= close - step; minute += step) {
        const at = midnight + minute * MINUTE;
        if (at < earliest) continue;
        const hh = String(Math.floor(minute / 60)).padStart(2, "0");
        const mm = String(minute % 60).padStart(2, "0");
        const localDate = new Date(midnight + local.offset * MINUTE).toISOString().slice(0, 10);
        slots.push({ value: new Date(at).toISOString(), dayOffset, time: `${hh}:${mm}`, localDate });
      }
    }
  }
  return slots.sort((a, b) => a.value.localeCompare(b.value));
}
