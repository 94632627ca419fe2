/**
 * spec §4 "Boot": once a resto is selected, load its menu groups, positions, promotions, modifiers, time
 * slots and working hours in parallel. Requests that do not depend on each other go out together
 * (DESIGN.md budget: cold start ≤ 4 × upstream latency): the resto, modifiers, time slots, working hours and
 * promotions at once; the groups and positions of every menu as soon as the resto names its menus.
 */
import { shared } from "~/lib/shared-value";
import { telemetry } from "../telemetry";
import type { CatalogCache } from "./cache";
import type { Catalog } from "./catalog";
import type {
  ModifierGroup,
  Position,
  PositionGroup,
  PositionModifiers,
  PositionTimeSlot,
  Promotion,
  Resto,
  RestoMenuRef,
  TimeSlotDetail,
  WorkingHours,
} from "~/lib/model";

/** spec §3: the synthetic group of positions without a group. */
export const SYNTHETIC_GROUP_ID = 0;
export const SYNTHETIC_GROUP_NAME = "Прочее";
/** spec §9: synthetic group order. */
export const SYNTHETIC_GROUP_ORDER = 999_999;

export interface MenuCatalog {
  menu: RestoMenuRef;
  /** sorted by order, the synthetic group last when some positions have no group */
  groups: PositionGroup[];
  positions: Position[];
}

export interface RestoCatalog {
  resto: Resto;
  /** in the resto's order of menus */
  menus: MenuCatalog[];
  modifiersByPosition: Record<number, ModifierGroup[]>;
  /** the weekly ranges limiting a position (raw details; merging of days is presentation, app/lib) */
  timeSlotsByPosition: Record<number, TimeSlotDetail[]>;
  workingHours: WorkingHours[];
  promotions: Promotion[];
  /** some part is the last good value of a failing upstream (show the stale-data notice) */
  degraded: boolean;
}

export function syntheticGroup(menuId: number): PositionGroup {
  return { id: SYNTHETIC_GROUP_ID, menuId, name: SYNTHETIC_GROUP_NAME, order: SYNTHETIC_GROUP_ORDER, photos: [], isAdult: false };
}

/** spec §3: groups sorted by order, plus { id 0, 'Прочее', order 999999 } when some position has no group. */
export function withSyntheticGroup(
  groups: readonly PositionGroup[],
  positions: readonly Position[],
  menuId: number,
): PositionGroup[] {
  const sorted = [...groups].sort((a, b) => a.order - b.order || a.id - b.id);
  const hasUngrouped = positions.some((p) => p.positionGroup === null);
  const alreadyThere = sorted.some((g) => g.id === SYNTHETIC_GROUP_ID);
  return hasUngrouped && !alreadyThere ? [...sorted, syntheticGroup(menuId)] : sorted;
}

/**
 * issue 19: the positions a menu can sell — those without a group and those of a group that is in the
 * list. A position of a group the upstream did not list (or whose record was left out as unreadable) is
 * left out too: that group may have been an 18+ section, so it is never shown without its group.
 */
export function sellablePositions(groups: readonly PositionGroup[], positions: readonly Position[]): Position[] {
  const known = new Set(groups.map((g) => g.id));
  const all = positions.every((p) => p.positionGroup === null || known.has(p.positionGroup.id));
  return all ? (positions as Position[]) : positions.filter((p) => p.positionGroup === null || known.has(p.positionGroup.id));
}

export function modifiersByPosition(list: readonly PositionModifiers[]): Record<number, ModifierGroup[]> {
  const byPosition: Record<number, ModifierGroup[]> = {};
  for (const entry of list) byPosition[entry.positionId] = [...(byPosition[entry.positionId] ?? []), ...entry.modifiers];
  return byPosition;
}

export function timeSlotsByPosition(list: readonly PositionTimeSlot[]): Record<number, TimeSlotDetail[]> {
  const byPosition: Record<number, TimeSlotDetail[]> = {};
  for (const slot of list) {
    for (const positionId of slot.positionIds) byPosition[positionId] = [...(byPosition[positionId] ?? []), ...slot.details];
  }
  return byPosition;
}

export interface Boot {
  loadRestoCatalog(restoId: number): Promise<RestoCatalog>;
}

export function createBoot(catalog: Catalog, cache: Pick<CatalogCache, "version">): Boot {
  // The last catalog built per resto, with the cached parts it was built from: a warm page view gets the
  // same objects from the cache, so it reuses the normalized catalog instead of rebuilding it.
  const built = new Map<number, { parts: unknown[]; catalog: RestoCatalog }>();
  // ADR 133: the last catalog per resto whose every part came fresh from the in-memory store, until the first of
  // them stops being fresh or the cache changes: what asking for each part again would give, without asking
  const held = new Map<number, { catalog: RestoCatalog; parts: number; freshUntil: number; version: number }>();

  async function loadRestoCatalog(restoId: number): Promise<RestoCatalog> {
    const kept = held.get(restoId);
    if (kept && kept.version === cache.version() && Date.now() <= kept.freshUntil) {
      // the parts' reads are still the cache's hits, for its operators (issue 16)
      telemetry.count("catalog_cache_requests_total", { result: "hit" }, kept.parts);
      return kept.catalog;
    }
    const version = cache.version();
    const result = await buildCatalog(restoId);
    if (result.freshUntil !== undefined) held.set(restoId, { catalog: result.catalog, parts: result.parts, freshUntil: result.freshUntil, version });
    else held.delete(restoId);
    return result.catalog;
  }

  async function buildCatalog(restoId: number): Promise<{ catalog: RestoCatalog; parts: number; freshUntil: number | undefined }> {
    const resto = catalog.resto(restoId);
    const menus = resto.then(({ value }) =>
      Promise.all(value.menus.map((menu) => Promise.all([catalog.positionGroups(menu.id), catalog.positions(menu.id)]))),
    );
    // all at once; only the menu calls wait, for the resto's list of menus
    const [restoR, menusR, modifiersR, slotsR, hoursR, promotionsR] = await Promise.all([
      resto,
      menus,
      catalog.modifiers(restoId),
      catalog.timeSlots(restoId),
      catalog.workingHours(restoId),
      catalog.promotions(restoId),
    ]);

    const all = [restoR, modifiersR, slotsR, hoursR, promotionsR, ...menusR.flat()];
    const degraded = all.some((part) => part.degraded);
    const parts = [degraded, ...all.map((part) => part.value)];
    // undefined unless every part came fresh from the in-memory store
    const freshUntil = all.every((part) => part.freshUntil !== undefined) ? Math.min(...all.map((part) => part.freshUntil!)) : undefined;
    const previous = built.get(restoId);
    if (previous && previous.parts.length === parts.length && previous.parts.every((p, i) => p === parts[i])) {
      return { catalog: previous.catalog, parts: all.length, freshUntil };
    }

    const result: RestoCatalog = shared({
      resto: restoR.value,
      menus: restoR.value.menus.map((menu, i) => {
        const [groups, positions] = menusR[i]!;
        const sellable = sellablePositions(groups.value, positions.value);
        return { menu, groups: withSyntheticGroup(groups.value, sellable, menu.id), positions: sellable };
      }),
      modifiersByPosition: modifiersByPosition(modifiersR.value),
      timeSlotsByPosition: timeSlotsByPosition(slotsR.value),
      workingHours: hoursR.value,
      promotions: promotionsR.value,
      degraded,
    });
    built.set(restoId, { parts, catalog: result });
    return { catalog: result, parts: all.length, freshUntil };
  }

  return { loadRestoCatalog };
}
