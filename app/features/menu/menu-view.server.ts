/**
 * Turns a resto catalog into the compact views the catalog pages render: one language, only the fields a
 * card shows, sent once (DESIGN.md budget: ≤ 0.5 KB gzipped HTML per position). Availability by time slots
 * is decided here with the server clock (rc.services.upstream.clock) in the resto's timezone, so the first
 * HTML is right and the browser never needs the raw slots.
 */
import { isExtendedCooking } from "~/lib/measure";
import { isPositionAvailable, mergeSlotDays, nextAvailability } from "~/lib/time-slots";
import type { RestoCatalog } from "~server/upstream";
import type { DayOfWeek, DeliveryMethod, MeasureUnit, ModifierGroup, Position } from "~/lib/model";
import type { RequestContext } from "~server/context";

/** When a position outside its time slots becomes available (serializable). */
export interface NextAvailable {
  dayOfWeek: DayOfWeek;
  time: string;
  /** 0 = later today, 1 = tomorrow, … */
  daysAhead: number;
}

export interface PositionCardView {
  id: number;
  menuId: number;
  name: string;
  price: number;
  photo: string | null;
  measure: { value: number; unit: MeasureUnit } | null;
  longCooking: boolean;
  hasModifiers: boolean;
  /** false outside the position's time slots: it cannot be added */
  available: boolean;
  /** when it can be ordered again; null when available now or never */
  next: NextAvailable | null;
}
export interface GroupView {
  id: number;
  name: string;
  photo: string | null;
  adult: boolean;
  /** an 18+ group the customer has not confirmed their age for: positions are withheld */
  locked: boolean;
  positions: PositionCardView[];
}
export interface MenuView {
  id: number;
  name: string;
  groups: GroupView[];
}
export interface MenuSummary {
  id: number;
  name: string;
  photo: string | null;
  positionCount: number;
}

/** Menus the chosen method can order from (resto menu flags isDelivery / isTakeAway), in their order. */
export function menusFor(catalog: RestoCatalog, method: DeliveryMethod) {
  return catalog.menus
    .filter((m) => (method === "DELIVERY" ? m.menu.isDelivery : m.menu.isTakeAway))
    .sort((a, b) => a.menu.order - b.menu.order || a.menu.id - b.menu.id);
}

/** Whether the customer confirmed being 18+ (prefs cookie, spec §3 person_adulthood_confirmed). */
export async function isAdultConfirmed(rc: RequestContext): Promise<boolean> {
  return (await rc.session.get("prefs")).person_adulthood_confirmed === true;
}

function availabilityOf(catalog: RestoCatalog, positionId: number, now: Date) {
  const details = catalog.timeSlotsByPosition[positionId];
  const available = isPositionAvailable(details, now, catalog.resto.timezone);
  if (available) return { available, next: null };
  const next = nextAvailability(details, now, catalog.resto.timezone);
  return { available, next: next ? { dayOfWeek: next.dayOfWeek, time: next.time, daysAhead: next.daysAhead } : null };
}

export function toCardView(catalog: RestoCatalog, menuId: number, p: Position, now: Date): PositionCardView {
  return {
    id: p.id,
    menuId,
    name: p.name,
    price: p.price,
    photo: p.photos[0]?.url ?? null,
    measure: p.measure,
    longCooking: isExtendedCooking(p.cookingTime),
    hasModifiers: p.hasModifiers || (catalog.modifiersByPosition[p.id]?.length ?? 0) > 0,
    ...availabilityOf(catalog, p.id, now),
  };
}

export interface ViewOptions {
  now: Date;
  adultConfirmed: boolean;
}

function toMenuView(catalog: RestoCatalog, entry: RestoCatalog["menus"][number], options: ViewOptions): MenuView {
  const { menu, groups, positions } = entry;
  const byGroup = new Map<number, PositionCardView[]>();
  for (const p of [...positions].sort((a, b) => a.order - b.order || a.id - b.id)) {
    const groupId = p.positionGroup?.id ?? 0;
    const list = byGroup.get(groupId) ?? [];
    list.push(toCardView(catalog, menu.id, p, options.now));
    byGroup.set(groupId, list);
  }
  return {
    id: menu.id,
    name: menu.name,
    groups: groups
      .map((g) => {
        const all = byGroup.get(g.id) ?? [];
        const locked = g.isAdult && !options.adultConfirmed;
        return { id: g.id, name: g.name, photo: g.photos[0]?.url ?? null, adult: g.isAdult, locked, positions: locked ? [] : all, size: all.length };
      })
      .filter((g) => g.size > 0)
      .map(({ size: _size, ...g }) => g),
  };
}

export function toMenuViews(catalog: RestoCatalog, method: DeliveryMethod, options: ViewOptions): MenuView[] {
  return menusFor(catalog, method).map((entry) => toMenuView(catalog, entry, options));
}

export function toMenuSummaries(catalog: RestoCatalog, method: DeliveryMethod): MenuSummary[] {
  return menusFor(catalog, method).map(({ menu, groups, positions }) => ({
    id: menu.id,
    name: menu.name,
    photo: groups.find((g) => g.photos.length > 0)?.photos[0]?.url ?? null,
    positionCount: positions.length,
  }));
}

// ── the position detail layer ─────────────────────────────────────────────────────────────────────

export interface ModifierGroupView {
  id: number;
  name: string;
  minCount: number;
  /** 0 = no upper limit */
  maxCount: number;
  items: { id: number; name: string; price: number }[];
}

export interface PositionDetailView extends PositionCardView {
  description: string;
  photos: string[];
  adult: boolean;
  groupName: string | null;
  modifiers: ModifierGroupView[];
  /** merged weekly ranges, e.g. Mon–Fri 08:00–11:00; empty when the position has no time slots */
  slots: { from: DayOfWeek; to: DayOfWeek; ranges: { startAt: string; endAt: string }[] }[];
}

function toModifierView(g: ModifierGroup): ModifierGroupView {
  return { id: g.id, name: g.nameUi ?? g.name, minCount: g.minCount, maxCount: g.maxCount, items: g.items.map((i) => ({ id: i.id, name: i.name, price: i.price })) };
}

/** The position of a menu the customer may order from, or null (unknown, other resto, menu not offered). */
export function findMenuPosition(catalog: RestoCatalog, method: DeliveryMethod, menuId: number, positionId: number) {
  const entry = menusFor(catalog, method).find((m) => m.menu.id === menuId);
  const position = entry?.positions.find((p) => p.id === positionId);
  if (!entry || !position) return null;
  const group = entry.groups.find((g) => g.id === (position.positionGroup?.id ?? 0)) ?? null;
  return { entry, position, group };
}

export function toPositionDetail(catalog: RestoCatalog, method: DeliveryMethod, menuId: number, positionId: number, now: Date): PositionDetailView | null {
  const found = findMenuPosition(catalog, method, menuId, positionId);
  if (!found) return null;
  const { position, group } = found;
  const details = catalog.timeSlotsByPosition[position.id] ?? [];
  return {
    ...toCardView(catalog, menuId, position, now),
    description: position.description,
    photos: position.photos.map((p) => p.url),
    adult: group?.isAdult ?? false,
    groupName: group && group.id !== 0 ? group.name : null,
    modifiers: (catalog.modifiersByPosition[position.id] ?? []).map(toModifierView),
    slots: mergeSlotDays(details).map(({ from, to, ranges }) => ({ from, to, ranges })),
  };
}

// ── search ────────────────────────────────────────────────────────────────────────────────────────

/** Normalized for matching: lower case, ё → е, single spaces. */
export function normalizeQuery(text: string): string {
  return text.toLocaleLowerCase("ru").replace(/ё/g, "е").replace(/\s+/g, " ").trim();
}

/**
 * spec §2 search: positions of the current resto's menus whose name (or, after those, description) contains
 * the query; 18+ positions only after the age confirmation. At most `limit` results.
 */
export function searchPositions(catalog: RestoCatalog, method: DeliveryMethod, query: string, options: ViewOptions, limit = 60): PositionCardView[] {
  const q = normalizeQuery(query);
  if (q.length === 0) return [];
  const byName: PositionCardView[] = [];
  const byDescription: PositionCardView[] = [];
  for (const { menu, groups, positions } of menusFor(catalog, method)) {
    const adultGroups = new Set(groups.filter((g) => g.isAdult).map((g) => g.id));
    for (const p of positions) {
      if (!options.adultConfirmed && adultGroups.has(p.positionGroup?.id ?? 0)) continue;
      if (normalizeQuery(p.name).includes(q)) byName.push(toCardView(catalog, menu.id, p, options.now));
      else if (normalizeQuery(p.description).includes(q)) byDescription.push(toCardView(catalog, menu.id, p, options.now));
    }
  }
  return [...byName, ...byDescription].slice(0, limit);
}
