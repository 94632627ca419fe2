/**
 * A restaurant whose clock a test sets (issue 36 §2, ADR 151): `/_demo/clock` makes a restaurant of the test's own,
 * a copy of the Samara one (city 118: Monday to Saturday 09:00–22:00, Sunday a day off, takeaway), whose wall clock
 * reads the weekday and time the test asked for, now and from then on. Closed before opening, after closing and on a
 * day off are so reproducible at any time of day, and tests running alongside each have a restaurant and a clock of
 * their own (a clock shared by the server would change every other test's restaurant).
 *
 * A restaurant's clock is its timezone: the copy gets the UTC offset that puts its time of day where the test asked,
 * and its week (opening hours, pre-order hours) relabelled so that the weekday the storefront computes from that
 * offset carries the hours of the weekday asked for. The storefront and the twin then read it as any other
 * restaurant: its local time, its hours, whether it takes an order.
 */
import type { DayOfWeek, OpeningHours, WorkingHours } from "~/lib/model";
import { addMadeResto, DEMO_RESTO_IDS, findDemoResto, type DemoResto } from "./data";

const WEEK: readonly DayOfWeek[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

export interface WallClock {
  day: DayOfWeek;
  /** "HH:mm" */
  time: string;
}

let made = 0;

/** "+HH:MM" / "-HH:MM" of an offset in minutes */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/**
 * The timezone offset (minutes, within −12:00…+11:59) at which `now` reads `clock.time`, and how many days the week
 * must be turned so that the weekday at that offset carries `clock.day`'s hours.
 */
export function clockOffset(now: number, clock: WallClock): { offsetMinutes: number; shiftDays: number } {
  const [hh, mm] = clock.time.split(":").map(Number) as [number, number];
  const utcMinutes = Math.floor(now / MINUTE) % DAY_MINUTES;
  let offset = (((hh * 60 + mm - utcMinutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  if (offset >= DAY_MINUTES / 2) offset -= DAY_MINUTES;
  // the local weekday at that offset (1970-01-01, day 0, was a Thursday: index 3 from Monday)
  const localDay = Math.floor((Math.floor(now / MINUTE) + offset) / DAY_MINUTES);
  const shownIndex = (((localDay + 3) % 7) + 7) % 7;
  const wantedIndex = WEEK.indexOf(clock.day);
  return { offsetMinutes: offset, shiftDays: (wantedIndex - shownIndex + 7) % 7 };
}

/** `dayOfWeek` as shown: the hours of weekday `d` go under the weekday `shiftDays` before it */
function relabel<T extends { dayOfWeek: DayOfWeek }>(entries: readonly T[], shiftDays: number): T[] {
  return entries.map((entry) => ({ ...entry, dayOfWeek: WEEK[(WEEK.indexOf(entry.dayOfWeek) - shiftDays + 7) % 7]! }));
}

/** Makes a restaurant whose wall clock reads `clock` at `now`; its id. */
export function makeClockResto(now: number, clock: WallClock): DemoResto {
  const template = findDemoResto(DEMO_RESTO_IDS.samara)!;
  const { offsetMinutes, shiftDays } = clockOffset(now, clock);
  made++;
  const id = 9000 + made;
  const entry: DemoResto = {
    ...template,
    resto: {
      ...template.resto,
      id,
      name: `${template.resto.name} · часы ${made}`,
      street: `${template.resto.street}, часы ${made}`,
      order: 100 + made,
      timezone: offsetText(offsetMinutes),
      openingHours: relabel<OpeningHours>(template.resto.openingHours, shiftDays),
    },
    workingHours: template.workingHours.map((hours): WorkingHours => ({ ...hours, hours: relabel(hours.hours, shiftDays) })),
  };
  addMadeResto(entry);
  return entry;
}
