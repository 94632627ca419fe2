/**
 * Opening hours (spec §3 "openingHours (each dayOfWeek, active, open, close)", spec §4 "Opening hours states:
 * open, closed, day off, round the clock; end 00:00 or 23:59 is end of day; whole day shown as round the clock;
 * inactive is day off. When not accepting orders a day-off message is shown.").
 *
 * Times are evaluated in the restaurant's timezone (spec §3, default "+03:00"), never the machine's.
 *
 * Decisions the spec leaves open:
 * - a closing time earlier than the opening time (18:00–02:00) runs past midnight: the hours after midnight
 *   belong to the entry of the day before;
 * - an opening time equal to a closing time other than 00:00 (10:00–10:00) is an empty interval (closed);
 * - a weekday without any entry, while other weekdays have entries, is a day off;
 * - several entries for one weekday (a lunch break) are all honoured;
 * - an empty opening-hours list means "no schedule known": no state is shown and orders are accepted
 *   (the upstream still refuses orders while closed, spec §8).
 * - besides "+03:00" style offsets ("Z", "UTC", "+0300", "+3" too), an IANA name ("Europe/Moscow") is
 *   accepted; anything else falls back to the default timezone.
 */
import type { DayOfWeek, OpeningHours } from "~/lib/model";
import { DEFAULT_TIMEZONE } from "./constants";

/** Monday first, as spec §3 lists the weekdays. */
export const DAYS_OF_WEEK: readonly DayOfWeek[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

export const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = MINUTES_PER_DAY * MS_PER_MINUTE;

/** An instant: a Date or epoch milliseconds. */
export type Instant = Date | number;

function toMs(instant: Instant): number {
  const ms = instant instanceof Date ? instant.getTime() : instant;
  if (!Number.isFinite(ms)) throw new RangeError("invalid instant");
  return ms;
}

// ── clock times ──────────────────────────────────────────────────────────────────────────────────

/** "HH:mm" (00:00–23:59) → minutes since midnight, or null when malformed. */
export function parseClockTime(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** Minutes since midnight → "HH:mm" (1440 → "24:00"). */
export function formatClockTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** spec §4: a closing time of 00:00 or 23:59 is the end of the day (1440). */
export function closingMinutes(close: string): number | null {
  const minutes = parseClockTime(close);
  if (minutes === null) return null;
  return minutes === 0 || minutes === MINUTES_PER_DAY - 1 ? MINUTES_PER_DAY : minutes;
}

// ── timezones ────────────────────────────────────────────────────────────────────────────────────

/** "+03:00", "-05:30", "+0300", "+3", "UTC+03:00", "Z", "UTC", "GMT" → minutes east of UTC; else null. */
export function parseUtcOffset(tz: string): number | null {
  const text = tz.trim().toUpperCase();
  if (text === "Z" || text === "UTC" || text === "GMT") return 0;
  const match = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(text);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? "0");
  if (hours > 14 || minutes > 59) return null;
  const total = hours * 60 + minutes;
  return match[1] === "-" ? -total : total;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat | null>();

function ianaOffsetMinutes(tz: string, ms: number): number | null {
  let dtf = zoneFormatters.get(tz);
  if (dtf === undefined) {
    try {
      dtf = new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      dtf = null;
    }
    zoneFormatters.set(tz, dtf);
  }
  if (!dtf) return null;
  const parts: Record<string, number> = {};
  for (const part of dtf.formatToParts(ms)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const { year, month, day, hour, minute, second } = parts;
  if ([year, month, day, hour, minute, second].some((v) => v === undefined || Number.isNaN(v))) return null;
  const asUtc = Date.UTC(year!, month! - 1, day!, hour! % 24, minute!, second!);
  const wholeSeconds = ms - (((ms % 1000) + 1000) % 1000);
  return Math.round((asUtc - wholeSeconds) / MS_PER_MINUTE);
}

/**
 * The UTC offset (minutes east) of `tz` at `instant`: fixed for offset strings, looked up for IANA names,
 * the default timezone (+03:00) for a missing or unknown value.
 */
export function offsetMinutesAt(tz: string | null | undefined, instant: Instant): number {
  const ms = toMs(instant);
  if (tz) {
    const fixed = parseUtcOffset(tz);
    if (fixed !== null) return fixed;
    const iana = ianaOffsetMinutes(tz, ms);
    if (iana !== null) return iana;
  }
  return parseUtcOffset(DEFAULT_TIMEZONE)!;
}

/** Wall-clock position of an instant in a timezone. */
export interface LocalTime {
  dayOfWeek: DayOfWeek;
  /** 0 = Monday … 6 = Sunday */
  dayIndex: number;
  /** minutes since local midnight, 0–1439 */
  minutes: number;
  /** epoch ms of the local midnight that starts this day */
  midnight: number;
  /** the offset used, minutes east of UTC */
  offset: number;
}

/** Local weekday and time of day of `instant` in `tz` (default +03:00). */
export function localTimeAt(instant: Instant, tz: string | null | undefined = DEFAULT_TIMEZONE): LocalTime {
  const ms = toMs(instant);
  const offset = offsetMinutesAt(tz, ms);
  const local = ms + offset * MS_PER_MINUTE;
  const localMidnight = Math.floor(local / MS_PER_DAY) * MS_PER_DAY;
  const dayIndex = (new Date(localMidnight).getUTCDay() + 6) % 7;
  return {
    dayOfWeek: DAYS_OF_WEEK[dayIndex]!,
    dayIndex,
    minutes: Math.floor((local - localMidnight) / MS_PER_MINUTE),
    midnight: localMidnight - offset * MS_PER_MINUTE,
    offset,
  };
}

/** The weekday of `instant` in `tz`. */
export function dayOfWeekAt(instant: Instant, tz: string | null | undefined = DEFAULT_TIMEZONE): DayOfWeek {
  return localTimeAt(instant, tz).dayOfWeek;
}

/** Minutes since local midnight (0–1439) of `instant` in `tz`. */
export function minutesOfDayAt(instant: Instant, tz: string | null | undefined = DEFAULT_TIMEZONE): number {
  return localTimeAt(instant, tz).minutes;
}

// ── weekly windows (shared with time-slots.ts) ───────────────────────────────────────────────────

/** One weekly interval: starts on `dayIndex` at `start`; `end` ≤ `start` means it ends on the next day. */
export interface WeeklyWindow {
  dayIndex: number;
  start: number;
  /** 1–1440; smaller than `start` = past midnight; equal to `start` = empty */
  end: number;
}

/** A weekly window from a day and "HH:mm" bounds, or null when malformed. */
export function toWindow(dayOfWeek: DayOfWeek, open: string, close: string): WeeklyWindow | null {
  const dayIndex = DAYS_OF_WEEK.indexOf(dayOfWeek);
  const start = parseClockTime(open);
  const end = closingMinutes(close);
  if (dayIndex < 0 || start === null || end === null) return null;
  return { dayIndex, start, end };
}

/** Does the window cover the local minute `minutes` of weekday `dayIndex`? Start inclusive, end exclusive. */
export function windowCovers(window: WeeklyWindow, dayIndex: number, minutes: number): boolean {
  if (window.end > window.start) return window.dayIndex === dayIndex && minutes >= window.start && minutes < window.end;
  if (window.end === window.start) return false;
  // past midnight: [start, 24:00) on its day, [00:00, end) on the next
  return (
    (window.dayIndex === dayIndex && minutes >= window.start) || ((window.dayIndex + 1) % 7 === dayIndex && minutes < window.end)
  );
}

/** When a closed thing next opens. */
export interface NextStart {
  dayOfWeek: DayOfWeek;
  /** "HH:mm" local */
  time: string;
  /** the instant it starts */
  at: Date;
  /** 0 = later today, 1 = tomorrow … 7 = the same weekday next week */
  daysAhead: number;
}

/**
 * The instant at which the wall clock of `tz` reads `minute` minutes after the local midnight of `localDay` (days
 * since the epoch, counted in local dates); null when that wall time does not exist (a DST spring-forward gap).
 * Of a wall time that happens twice (autumn), the first.
 */
export function instantOfWallTime(localDay: number, minute: number, tz: string | null | undefined): number | null {
  const wall = localDay * MS_PER_DAY + minute * MS_PER_MINUTE;
  // the wall time read as UTC, less the zone's offset a day before, at, and a day after it: one of them is the
  // offset in force then (a change of offset is at most a day away from the wall time read as UTC, and zones change
  // it at most once a day). The offset after matters in autumn: New York's 02:00 on the day clocks go back is 07:00Z,
  // which neither the offset a day before nor the one at 02:00Z (both summer time) gives.
  const guesses = [wall - MS_PER_DAY, wall, wall + MS_PER_DAY].map((probe) => wall - offsetMinutesAt(tz, probe) * MS_PER_MINUTE);
  for (const at of [...new Set(guesses)].sort((a, b) => a - b)) {
    const local = localTimeAt(at, tz);
    if (Math.floor((at + local.offset * MS_PER_MINUTE) / MS_PER_DAY) === localDay && local.minutes === minute % MINUTES_PER_DAY) return at;
  }
  return null;
}

/** The local date of `instant` in `tz` as days since the epoch. */
export function localDayNumber(instant: Instant, tz: string | null | undefined): number {
  const local = localTimeAt(instant, tz);
  return Math.round((local.midnight + local.offset * MS_PER_MINUTE) / MS_PER_DAY);
}

/** The first window start strictly after `instant` (local time), within a week; null when there is none. */
export function nextWindowStart(windows: readonly WeeklyWindow[], instant: Instant, tz?: string | null): NextStart | null {
  const now = localTimeAt(instant, tz ?? DEFAULT_TIMEZONE);
  const usable = windows.filter((w) => w.end !== w.start).sort((a, b) => a.start - b.start);
  for (let daysAhead = 0; daysAhead <= 7; daysAhead++) {
    const dayIndex = (now.dayIndex + daysAhead) % 7;
    const first = usable.find((w) => w.dayIndex === dayIndex && (daysAhead > 0 || w.start > now.minutes));
    if (first) {
      // by the wall clock (a DST change within the week moves the instant, not the time); in a spring-forward gap,
      // the first minute that exists after it
      const day = localDayNumber(instant, tz ?? DEFAULT_TIMEZONE) + daysAhead;
      let at: number | null = null;
      for (let minute = first.start; at === null && minute <= first.start + 180; minute += 15) at = instantOfWallTime(day, minute, tz ?? DEFAULT_TIMEZONE);
      return {
        dayOfWeek: DAYS_OF_WEEK[dayIndex]!,
        time: formatClockTime(first.start),
        at: new Date(at ?? now.midnight + daysAhead * MS_PER_DAY + first.start * MS_PER_MINUTE),
        daysAhead,
      };
    }
  }
  return null;
}

// ── opening hours ────────────────────────────────────────────────────────────────────────────────

/** spec §3/§4 opening-hours states. */
export type OpeningState = "open" | "closed" | "day-off" | "round-the-clock";

/** How one entry reads on its own: a day off, round the clock, or hours. */
export type DayKind = "day-off" | "round-the-clock" | "hours";

/** spec §4: inactive → day off; 00:00 to end of day (00:00 or 23:59) → round the clock; else hours. */
export function dayKind(entry: OpeningHours): DayKind {
  if (!entry.active) return "day-off";
  return parseClockTime(entry.open) === 0 && closingMinutes(entry.close) === MINUTES_PER_DAY ? "round-the-clock" : "hours";
}

function activeWindows(openingHours: readonly OpeningHours[]): WeeklyWindow[] {
  const windows: WeeklyWindow[] = [];
  for (const entry of openingHours) {
    if (!entry.active) continue;
    const window = toWindow(entry.dayOfWeek, entry.open, entry.close);
    if (window) windows.push(window);
  }
  return windows;
}

/**
 * The state at `instant` in the restaurant's timezone (spec §4): 'round-the-clock' when today's active entry
 * spans the whole day; 'open' inside an active interval (opening minute inclusive, closing minute exclusive,
 * including yesterday's past-midnight hours); 'day-off' when today has no active entry; else 'closed'.
 * null for an empty list (no schedule known).
 */
export function openingStateAt(
  openingHours: readonly OpeningHours[],
  instant: Instant,
  tz: string | null | undefined = DEFAULT_TIMEZONE,
): OpeningState | null {
  if (openingHours.length === 0) return null;
  const now = localTimeAt(instant, tz);
  const today = openingHours.filter((e) => e.dayOfWeek === now.dayOfWeek);
  if (today.some((e) => dayKind(e) === "round-the-clock")) return "round-the-clock";
  if (activeWindows(openingHours).some((w) => windowCovers(w, now.dayIndex, now.minutes))) return "open";
  if (!today.some((e) => e.active)) return "day-off";
  return "closed";
}

/**
 * spec §4: whether orders are accepted now (open or round the clock). An empty schedule accepts orders.
 * When this is false the day-off message is shown.
 */
export function isAcceptingOrders(
  openingHours: readonly OpeningHours[],
  instant: Instant,
  tz: string | null | undefined = DEFAULT_TIMEZONE,
): boolean {
  const state = openingStateAt(openingHours, instant, tz);
  return state === null || state === "open" || state === "round-the-clock";
}

/** When the restaurant next opens; null while it accepts orders or when it never opens. */
export function nextOpening(
  openingHours: readonly OpeningHours[],
  instant: Instant,
  tz: string | null | undefined = DEFAULT_TIMEZONE,
): NextStart | null {
  if (isAcceptingOrders(openingHours, instant, tz)) return null;
  return nextWindowStart(activeWindows(openingHours), instant, tz);
}

/** One row of the week table. */
export interface ScheduleRow {
  dayOfWeek: DayOfWeek;
  kind: DayKind;
  /** active intervals of the day, sorted; empty for a day off */
  intervals: { open: string; close: string }[];
  /** "10:00–22:00" (several joined by ", ") for kind 'hours'; null otherwise (the UI translates the kind) */
  text: string | null;
  isToday: boolean;
}

/** The row of one weekday (the 'Часы работы' of today in the map info window, spec §2). */
export function daySchedule(openingHours: readonly OpeningHours[], dayOfWeek: DayOfWeek, today?: DayOfWeek): ScheduleRow {
  const entries = openingHours.filter((e) => e.dayOfWeek === dayOfWeek);
  const active = entries.filter((e) => e.active);
  const kind: DayKind =
    active.length === 0 ? "day-off" : active.some((e) => dayKind(e) === "round-the-clock") ? "round-the-clock" : "hours";
  const intervals =
    kind === "hours"
      ? active
          .map((e) => ({ open: e.open, close: e.close }))
          .sort((a, b) => (parseClockTime(a.open) ?? 0) - (parseClockTime(b.open) ?? 0))
      : [];
  return {
    dayOfWeek,
    kind,
    intervals,
    text: kind === "hours" ? intervals.map((i) => `${i.open}–${i.close}`).join(", ") : null,
    isToday: today === dayOfWeek,
  };
}

/** spec §3/§4: seven rows Monday..Sunday; [] for an empty list (no schedule known). */
export function weekSchedule(openingHours: readonly OpeningHours[], today?: DayOfWeek): ScheduleRow[] {
  if (openingHours.length === 0) return [];
  return DAYS_OF_WEEK.map((day) => daySchedule(openingHours, day, today));
}
