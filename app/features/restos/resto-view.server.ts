/**
 * Restaurants as the pages render them: the list of the customer's city and the 'О заведении' detail with
 * opening hours per weekday and today's state in the resto's timezone (spec §3, §4; default +03:00).
 */
import { dayOfWeekAt, nextOpening, openingStateAt, weekSchedule, type OpeningState } from "~/lib/schedule";
import type { DayOfWeek, Resto } from "~/lib/model";

export interface RestoState {
  /** null when the resto publishes no schedule */
  state: OpeningState | null;
  /** when it next opens, while closed or on a day off */
  next: { dayOfWeek: DayOfWeek; time: string; daysAhead: number } | null;
  today: DayOfWeek;
}

export function restoStateNow(resto: Pick<Resto, "openingHours" | "timezone">, now: Date): RestoState {
  const next = nextOpening(resto.openingHours, now, resto.timezone);
  return {
    state: openingStateAt(resto.openingHours, now, resto.timezone),
    next: next ? { dayOfWeek: next.dayOfWeek, time: next.time, daysAhead: next.daysAhead } : null,
    today: dayOfWeekAt(now, resto.timezone),
  };
}

export interface RestoCardView {
  id: number;
  name: string;
  address: string;
  photo: string | null;
  averageCheck: number | null;
  currency: string;
  tags: string[];
  state: RestoState;
}

export function toRestoCard(resto: Resto, now: Date): RestoCardView {
  return {
    id: resto.id,
    name: resto.name,
    address: resto.address,
    photo: resto.photos[0]?.url ?? null,
    averageCheck: resto.averageCheck,
    currency: resto.currency,
    tags: resto.tags.map((t) => t.name),
    state: restoStateNow(resto, now),
  };
}

export interface RestoDetailView extends RestoCardView {
  street: string;
  description: string;
  phones: string[];
  emails: string[];
  links: string[];
  pays: string[];
  photos: string[];
  timezone: string;
  location: { lat: number; lng: number } | null;
  openingHours: Resto["openingHours"];
  week: ReturnType<typeof weekSchedule>;
}

export function toRestoDetail(resto: Resto, now: Date): RestoDetailView {
  const card = toRestoCard(resto, now);
  return {
    ...card,
    street: resto.street,
    description: resto.description,
    phones: resto.phones.map((p) => p.value),
    emails: resto.emails.map((e) => e.value),
    links: resto.links.map((l) => l.value).filter((l) => /^https?:\/\//i.test(l)),
    pays: resto.pays.map((p) => p.name),
    photos: resto.photos.map((p) => p.url),
    timezone: resto.timezone,
    location: resto.location,
    openingHours: resto.openingHours,
    week: weekSchedule(resto.openingHours, card.state.today),
  };
}
