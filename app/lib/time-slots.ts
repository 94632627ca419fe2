/**
 * Position time slots (spec §3 "Position time slots: positionIds and weekly ranges from details (dayOfWeek,
 * startAt, endAt, isActive); consecutive days with identical all-day settings are merged"; spec §7
 * `GET /1/restos/{restoId}/position-time-slots`).
 *
 * Rules (decided here where the spec is silent, consistent with opening hours in schedule.ts):
 * - a position that no slot names, or whose slots have no details, is always available;
 * - otherwise it is available only inside an active detail: startAt inclusive, endAt exclusive, in the
 *   restaurant's timezone; an inactive detail (like an inactive opening-hours day) gives no availability;
 * - endAt 00:00 or 23:59 is the end of the day; endAt before startAt runs past midnight.
 */
import type { DayOfWeek, PositionTimeSlot, TimeSlotDetail } from "~/lib/model";
import { DEFAULT_TIMEZONE } from "./constants";
import {
  closingMinutes,
  DAYS_OF_WEEK,
  type Instant,
  localTimeAt,
  type NextStart,
  nextWindowStart,
  parseClockTime,
  toWindow,
  type WeeklyWindow,
  windowCovers,
} from "./schedule";

/** Details that apply to one position (all slots naming it), or undefined when none does. */
export function slotDetailsFor(slots: readonly PositionTimeSlot[], positionId: number): TimeSlotDetail[] | undefined {
  let details: TimeSlotDetail[] | undefined;
  for (const slot of slots) {
    if (slot.positionIds.includes(positionId)) (details ??= []).push(...slot.details);
  }
  return details;
}

/** positionId → its details, for pricing or rendering a whole menu at once. */
export function slotIndex(slots: readonly PositionTimeSlot[]): Map<number, TimeSlotDetail[]> {
  const index = new Map<number, TimeSlotDetail[]>();
  for (const slot of slots) {
    for (const id of new Set(slot.positionIds)) {
      const list = index.get(id);
      if (list) list.push(...slot.details);
      else index.set(id, [...slot.details]);
    }
  }
  return index;
}

function activeWindows(details: readonly TimeSlotDetail[]): WeeklyWindow[] {
  const windows: WeeklyWindow[] = [];
  for (const d of details) {
    if (!d.isActive) continue;
    const w = toWindow(d.dayOfWeek, d.startAt, d.endAt);
    if (w) windows.push(w);
  }
  return windows;
}

/**
 * Is a position with these slot details available at `instant` (restaurant timezone, default +03:00)?
 * No details (undefined or empty) → always available.
 */
export function isPositionAvailable(
  details: readonly TimeSlotDetail[] | undefined,
  instant: Instant,
  tz: string | null | undefined = DEFAULT_TIMEZONE,
): boolean {
  if (!details || details.length === 0) return true;
  const now = localTimeAt(instant, tz);
  return activeWindows(details).some((w) => windowCovers(w, now.dayIndex, now.minutes));
}

/**
 * When the position next becomes available ("available from 08:00" / "from Monday 08:00"):
 * null when it is available now, has no slots, or has no active slot at all.
 */
export function nextAvailability(
  details: readonly TimeSlotDetail[] | undefined,
  instant: Instant,
  tz: string | null | undefined = DEFAULT_TIMEZONE,
): NextStart | null {
  if (isPositionAvailable(details, instant, tz)) return null;
  return nextWindowStart(activeWindows(details ?? []), instant, tz);
}

/** A run of consecutive weekdays sharing the same active ranges. */
export interface MergedSlotDays {
  from: DayOfWeek;
  to: DayOfWeek;
  days: DayOfWeek[];
  /** sorted by start; as written on the first day of the run */
  ranges: { startAt: string; endAt: string }[];
}

/**
 * spec §3: merges consecutive days (Monday → Sunday, no wrap-around) whose whole-day settings — the set of
 * active ranges — are identical, e.g. Mon–Fri 08:00–11:00. Days without an active range are left out
 * (the position is not available then). End 00:00 and 23:59 compare equal (both end the day).
 */
export function mergeSlotDays(details: readonly TimeSlotDetail[]): MergedSlotDays[] {
  const perDay = DAYS_OF_WEEK.map((day) => {
    const ranges = details
      .filter((d) => d.isActive && d.dayOfWeek === day && parseClockTime(d.startAt) !== null && closingMinutes(d.endAt) !== null)
      .map((d) => ({ startAt: d.startAt, endAt: d.endAt, start: parseClockTime(d.startAt)!, end: closingMinutes(d.endAt)! }))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    const unique = ranges.filter((r, i) => i === 0 || r.start !== ranges[i - 1]!.start || r.end !== ranges[i - 1]!.end);
    return { day, ranges: unique, signature: unique.map((r) => `${r.start}-${r.end}`).join(",") };
  });
  const merged: MergedSlotDays[] = [];
  let previous = "";
  for (const { day, ranges, signature } of perDay) {
    const last = merged[merged.length - 1];
    if (signature === "") {
      previous = "";
      continue;
    }
    if (last && signature === previous) {
      last.to = day;
      last.days.push(day);
    } else {
      merged.push({ from: day, to: day, days: [day], ranges: ranges.map(({ startAt, endAt }) => ({ startAt, endAt })) });
    }
    previous = signature;
  }
  return merged;
}

/**
 * One line of a merged run: "Пн–Пт 08:00–11:00", "Сб 10:00–12:00, 15:00–18:00". Day names come from the
 * caller (i18n).
 */
export function slotDaysText(run: MergedSlotDays, dayNames: Readonly<Record<DayOfWeek, string>>): string {
  const days = run.from === run.to ? dayNames[run.from] : `${dayNames[run.from]}–${dayNames[run.to]}`;
  return `${days} ${run.ranges.map((r) => `${r.startAt}–${r.endAt}`).join(", ")}`;
}
