/**
 * When the order arrives (issue 39 §3, ADR 190): the time a delivery should be at the door, or a takeaway order
 * ready at the counter, and how it reads in the restaurant's time zone ('сегодня к 19:40', 'завтра к 09:30',
 * '12 декабря к 10:00'). Pure: the clock, the time zone and the minutes are arguments.
 *
 * Which time, best first:
 * 1. the upstream's own expected time (the order answer's `expectedAt`, an assumed contract: ADR 190), when it is a
 *    readable instant not before the order;
 * 2. the pre-order time the customer chose: exact, to the minute;
 * 3. an estimate from the order time: delivery — the zone's delivery time (spec §3 `time` → `deliveryTime`);
 *    takeaway — the kitchen's cooking time (the restaurant record has none: the longest cooking time of the ordered
 *    positions), else the restaurant's lead time for takeaway pre-orders (`minTimeMinutes`). An estimate is rounded
 *    up to 5 minutes of the restaurant's clock: a promise 'к 19:40' is never earlier than the minutes it adds.
 * Nothing known (a delivery without a zone time, a takeaway without either time): no time is said.
 */
import type { DeliveryMethod } from "./model";
import { langTag } from "./lang-tag";
import { formatClockTime, localDayNumber, localTimeAt, offsetMinutesAt } from "./schedule";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** an estimate is rounded up to this many minutes */
export const ETA_ROUND_MINUTES = 5;
/** a time further than this from the order is not believed (a pre-order is at most a few days ahead) */
export const ETA_MAX_AHEAD_DAYS = 60;
/** estimated minutes above this (a week) are not believed either */
const MAX_MINUTES = 7 * 24 * 60;

export interface EtaBasis {
  method: DeliveryMethod;
  /** when the order was placed, epoch ms */
  orderedAt: number;
  /** the restaurant's time zone: an estimate is rounded on its wall clock (the default +03:00 when unknown) */
  timezone?: string | null;
  /** the pre-order time the customer chose (an ISO instant); empty or null: as soon as possible */
  preOrderAt?: string | null;
  /** delivery: the zone's delivery time, minutes */
  deliveryMinutes?: number | null;
  /** takeaway: the kitchen's time, minutes (the longest cooking time of the ordered positions) */
  cookingMinutes?: number | null;
  /** takeaway: the restaurant's lead time for takeaway pre-orders, minutes (when no cooking time is known) */
  leadMinutes?: number | null;
  /** the upstream's own expected time (an ISO instant), preferred when it is readable */
  upstreamAt?: string | null;
}

/** where the time came from */
export type EtaSource = "upstream" | "pre-order" | "estimate";

export interface Eta {
  /** epoch ms, a whole minute */
  at: number;
  source: EtaSource;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO instant with its offset ("2026-12-12T10:00:00+03:00", "…Z") as epoch ms; null for anything else. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== "string" || !ISO_INSTANT.test(value.trim())) return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}

const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step;

/** a time the order can arrive at: not before the order, not absurdly far after it */
function plausible(at: number | null, orderedAt: number): at is number {
  return at !== null && at >= orderedAt && at - orderedAt <= ETA_MAX_AHEAD_DAYS * DAY;
}

function minutesOf(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_MINUTES ? value : null;
}

/** When the order should arrive (delivery) or be ready (takeaway); null when nothing says. */
export function expectedArrival(basis: EtaBasis): Eta | null {
  const { orderedAt } = basis;
  if (!Number.isFinite(orderedAt)) return null;
  const upstream = parseInstant(basis.upstreamAt);
  if (plausible(upstream, orderedAt)) return { at: ceilTo(upstream, MINUTE), source: "upstream" };
  const preOrder = parseInstant(basis.preOrderAt);
  if (plausible(preOrder, orderedAt)) return { at: ceilTo(preOrder, MINUTE), source: "pre-order" };
  const minutes =
    basis.method === "DELIVERY" ? minutesOf(basis.deliveryMinutes) : (minutesOf(basis.cookingMinutes) ?? minutesOf(basis.leadMinutes));
  if (minutes === null) return null;
  // rounded up on the restaurant's wall clock (an offset need not be whole hours, nor even 5 minutes)
  const due = orderedAt + minutes * MINUTE;
  const offset = offsetMinutesAt(basis.timezone, due) * MINUTE;
  return { at: ceilTo(due + offset, ETA_ROUND_MINUTES * MINUTE) - offset, source: "estimate" };
}

/** How a time reads: today, tomorrow or a date, the wall-clock time, all in the restaurant's time zone. */
export interface EtaWords {
  day: "today" | "tomorrow" | "date";
  /** "HH:mm" */
  time: string;
  /** the local date in the customer's language ("12 декабря", "December 12"; with the year when not this one) */
  date: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", timeZone: "UTC", ...(withYear ? { year: "numeric" } : {}) };
    try {
      format = new Intl.DateTimeFormat(langTag(locale), options);
    } catch {
      format = new Intl.DateTimeFormat("ru", options);
    }
    dateFormats.set(key, format);
  }
  return format;
}

/** `at` as read in `timezone` at `now` ("+03:00", an IANA name; the default +03:00 when unknown). */
export function etaWords(at: number, now: number, timezone: string | null | undefined, locale: string): EtaWords {
  const day = localDayNumber(at, timezone);
  const today = localDayNumber(now, timezone);
  const midnight = new Date(day * DAY);
  const withYear = midnight.getUTCFullYear() !== new Date(today * DAY).getUTCFullYear();
  return {
    day: day === today ? "today" : day === today + 1 ? "tomorrow" : "date",
    time: formatClockTime(localTimeAt(at, timezone).minutes),
    date: dateFormat(locale, withYear).format(midnight),
  };
}
