/**
 * When an order can be placed for (issue 36 §2, spec §3 "Pre-order hours", §4 "Opening hours"): 'Как можно скорее'
 * while the restaurant accepts orders, and pre-order times — every `step` minutes within the pre-order hours of the
 * chosen method, while the restaurant is open, from now + minTimeMinutes up to `dayInAdvance` days ahead (at most
 * `MAX_PRE_ORDER_DAYS`). Pure: the
 * clock, the hours and the timezone are arguments.
 *
 * Decisions the spec leaves open (ADR 151):
 * - a pre-order time must lie inside both the method's pre-order hours and the restaurant's opening hours ("its
 *   working and pre-order hours"): the kitchen is open when the order is due. An empty opening-hours list (no
 *   schedule known, schedule.ts) restricts nothing;
 * - a slot is a start time; the last one of a window ends at its close (a window 10:00–22:30 offers 22:00 last);
 * - pre-order hours past midnight (18:00–02:00) run into the next day, as opening hours do; such slots are shown on
 *   the day they fall on, and count towards `dayInAdvance` by that day;
 * - `dayInAdvance` counts local calendar days from today (0 = today only);
 * - times are local to the restaurant's timezone, DST included for IANA names: a wall time that does not exist that
 *   day (a spring-forward gap) is skipped, one that happens twice is offered once.
 */
import type { OpeningHours, WorkingHours } from "./model";
import {
  DAYS_OF_WEEK,
  closingMinutes,
  formatClockTime,
  instantOfWallTime,
  isAcceptingOrders,
  localDayNumber,
  nextOpening,
  openingStateAt,
  parseClockTime,
  type Instant,
  type NextStart,
  type OpeningState,
} from "./schedule";

export const PRE_ORDER_STEP_MINUTES = 30;
/**
 * The furthest day a pre-order is offered for, whatever the upstream's `dayInAdvance` says. Every cart render computes
 * the times: 36,500 days (a year typed as a century) took 16 s of the event loop and made 1.75 million options; 1e21
 * never ended. 30 days of round-the-clock hours are 1,440 options.
 */
export const MAX_PRE_ORDER_DAYS = 30;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface PreOrderSlot {
  /** ISO instant sent to the upstream and stored in the draft */
  value: string;
  /** 0 today, 1 tomorrow … (local days of the restaurant) */
  dayOffset: number;
  /** local "HH:mm" */
  time: string;
  /** local "YYYY-MM-DD" */
  localDate: string;
}

/** Whether the restaurant is open at `at` by its opening hours (an empty list: no schedule known, always). */
export function openAt(openingHours: readonly OpeningHours[], at: Instant, tz: string | null | undefined): boolean {
  return isAcceptingOrders(openingHours, at, tz);
}

/**
 * The pre-order times of `hours` (one method's pre-order hours) at `instant`, in the restaurant's timezone, that
 * also fall while the restaurant is open by `openingHours` (none given: not checked).
 */
export function preOrderSlots(
  hours: WorkingHours | null | undefined,
  instant: Instant,
  timezone: string | null | undefined,
  step = PRE_ORDER_STEP_MINUTES,
  openingHours: readonly OpeningHours[] = [],
): PreOrderSlot[] {
  if (!hours) return [];
  const now = typeof instant === "number" ? instant : instant.getTime();
  const todayNumber = localDayNumber(now, timezone);
  const earliest = now + hours.minTimeMinutes * MINUTE;
  const lastDay = todayNumber + Math.min(MAX_PRE_ORDER_DAYS, Math.max(0, hours.dayInAdvance));
  const seen = new Set<number>();
  const slots: PreOrderSlot[] = [];
  // from yesterday: its hours past midnight fall on today
  for (let day = todayNumber - 1; day <= lastDay; day++) {
    const dayName = DAYS_OF_WEEK[(((day + 3) % 7) + 7) % 7]!; // the epoch's day 0 was a Thursday
    for (const entry of hours.hours) {
      if (!entry.active || entry.dayOfWeek !== dayName) continue;
      const open = parseClockTime(entry.open);
      let close = closingMinutes(entry.close);
      if (open === null || close === null || close === open) continue;
      if (close < open) close += 24 * 60; // past midnight
      for (let minute = Math.ceil(open / step) * step; minute + step <= close; minute += step) {
        const slotDay = day + Math.floor(minute / (24 * 60));
        const slotMinute = minute % (24 * 60);
        if (slotDay < todayNumber || slotDay > lastDay) continue;
        const at = instantOfWallTime(slotDay, slotMinute, timezone);
        if (at === null || at < earliest || seen.has(at)) continue;
        if (openingHours.length > 0 && !openAt(openingHours, at, timezone)) continue;
        seen.add(at);
        slots.push({
          value: new Date(at).toISOString(),
          dayOffset: slotDay - todayNumber,
          time: formatClockTime(slotMinute),
          localDate: new Date(slotDay * DAY).toISOString().slice(0, 10),
        });
      }
    }
  }
  return slots.sort((a, b) => a.value.localeCompare(b.value));
}

/** Why a restaurant that is not accepting orders is closed now. */
export type ClosedReason = "before-opening" | "after-closing" | "day-off";

/**
 * Why the restaurant does not accept orders at `instant`: a day off (no active hours today), before its next
 * opening today, or after its last closing today; null while it accepts orders (or has no schedule).
 */
export function closedReason(
  openingHours: readonly OpeningHours[],
  instant: Instant,
  tz: string | null | undefined,
): ClosedReason | null {
  const state = openingStateAt(openingHours, instant, tz);
  if (state === null || state === "open" || state === "round-the-clock") return null;
  if (state === "day-off") return "day-off";
  const next = nextOpening(openingHours, instant, tz);
  return next && next.daysAhead === 0 ? "before-opening" : "after-closing";
}

/** What the checkout offers at `instant`: ASAP only while the restaurant accepts orders, and the pre-order times. */
export interface OrderTimes {
  /** 'Как можно скорее' is offered */
  asap: boolean;
  state: OpeningState | null;
  /** while closed: why, and when it next opens (null when it never does) */
  closed: { reason: ClosedReason; next: NextStart | null } | null;
  slots: PreOrderSlot[];
}

export function orderTimes(
  resto: { openingHours: readonly OpeningHours[]; timezone?: string | null } | null,
  hours: WorkingHours | null | undefined,
  instant: Instant,
  step = PRE_ORDER_STEP_MINUTES,
): OrderTimes {
  const openingHours = resto?.openingHours ?? [];
  const tz = resto?.timezone;
  const reason = closedReason(openingHours, instant, tz);
  return {
    asap: reason === null,
    state: openingStateAt(openingHours, instant, tz),
    closed: reason ? { reason, next: nextOpening(openingHours, instant, tz) } : null,
    slots: preOrderSlots(hours, instant, tz, step, openingHours),
  };
}

/**
 * Whether an order for `preOrderAt` (an ISO instant; empty: as soon as possible) can be placed at `instant`: ASAP
 * while the restaurant accepts orders; a pre-order time when it is still ahead and one of the method's pre-order
 * times while the restaurant is open (the lead time is not checked again: the time was offered when the form was
 * drawn). What the twin checks on an order, as the real platform would (ADR 151).
 */
export function orderTimeAllowed(
  resto: { openingHours: readonly OpeningHours[]; timezone?: string | null },
  hours: WorkingHours | null | undefined,
  preOrderAt: string | null | undefined,
  instant: Instant,
): "ok" | "closed" | "day-off" | "bad-time" {
  if (!preOrderAt) {
    const reason = closedReason(resto.openingHours, instant, resto.timezone);
    return reason === null ? "ok" : reason === "day-off" ? "day-off" : "closed";
  }
  const at = Date.parse(preOrderAt);
  const now = typeof instant === "number" ? instant : instant.getTime();
  if (Number.isNaN(at) || at <= now || !hours) return "bad-time";
  // a time offered when the form was drawn is still good while it is ahead: the lead time is the form's to keep
  const offered = preOrderSlots({ ...hours, minTimeMinutes: 0 }, now, resto.timezone, PRE_ORDER_STEP_MINUTES, resto.openingHours);
  return offered.some((slot) => Date.parse(slot.value) === at) ? "ok" : "bad-time";
}
