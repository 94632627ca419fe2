/**
 * Catalog reads of spec §7: cities, restos, menus (groups, positions), modifiers, time slots, working
 * hours, promotions. All GETs, all cached per brand (DESIGN.md "Where state lives"); each answer is
 * `Cached<T>` so the caller knows when it is the last good value of a failing upstream.
 */
import type { z } from "zod";
import type { Cached } from "./cache";
import { cacheKey, queryKey, type UpstreamDeps } from "./deps";
import { NOT_FOUND_MESSAGES } from "./errors";
import type { GetOptions, Query } from "./http";
import { dropReporter, reading } from "./tolerant";
import {
  citiesSchema,
  citySchema,
  positionGroupsSchema,
  positionModifiersListSchema,
  positionsSchema,
  positionTimeSlotsSchema,
  promotionsSchema,
  restoSchema,
  restoSummariesSchema,
  workingHoursListSchema,
  type City,
  type Position,
  type PositionGroup,
  type PositionModifiers,
  type PositionTimeSlot,
  type Promotion,
  type Resto,
  type RestoSummary,
  type WorkingHours,
} from "~/lib/model";

export interface Catalog {
  /** GET /1/p/cities?whiteLabel (+ optional query) */
  cities(query?: Query): Promise<Cached<City[]>>;
  /** GET /1/p/cities/{cityId}; 404 → 'City not found' */
  city(cityId: number): Promise<Cached<City>>;
  /** GET /1/p/restos?cityId&whiteLabel */
  restos(cityId: number): Promise<Cached<RestoSummary[]>>;
  /** GET /1/p/restos/{restoId}; 404 → 'Resto not found' */
  resto(restoId: number): Promise<Cached<Resto>>;
  /** GET /1/p/menus/{menuId}/position-groups; 404 → 'Menu groups not found' */
  positionGroups(menuId: number): Promise<Cached<PositionGroup[]>>;
  /** GET /1/p/menus/{menuId}/positions (+ optional query); 404 → 'Menu positions not found' */
  positions(menuId: number, query?: Query): Promise<Cached<Position[]>>;
  /** GET /1/restos/{restoId}/positions/modifiers */
  modifiers(restoId: number): Promise<Cached<PositionModifiers[]>>;
  /** GET /1/restos/{restoId}/position-time-slots */
  timeSlots(restoId: number): Promise<Cached<PositionTimeSlot[]>>;
  /** GET /1/restos/{restoId}/working-hours (spec §3 pre-order hours) */
  workingHours(restoId: number): Promise<Cached<WorkingHours[]>>;
  /** GET /1/restos/{restoId}/promotions */
  promotions(restoId: number): Promise<Cached<Promotion[]>>;
}

export function createCatalog(deps: UpstreamDeps): Catalog {
  const { cache, whiteLabel } = deps;
  const key = (...parts: (string | number)[]) => cacheKey(deps, ...parts);
  const http = { get: tolerantGet(deps) };

  return {
    cities: (query) =>
      cache.cached(key("cities", queryKey(query)), () =>
        http.get("/1/p/cities", citiesSchema, { query: { ...query, whiteLabel }, notFoundMessage: NOT_FOUND_MESSAGES.cities }),
      ),
    city: (cityId) =>
      cache.cached(key("city", cityId), () =>
        deps.http.get(`/1/p/cities/${cityId}`, citySchema, { notFoundMessage: NOT_FOUND_MESSAGES.city }),
      ),
    restos: (cityId) =>
      cache.cached(key("restos", cityId), () =>
        http.get("/1/p/restos", restoSummariesSchema, {
          query: { cityId, whiteLabel },
          notFoundMessage: NOT_FOUND_MESSAGES.restos,
        }),
      ),
    resto: (restoId) =>
      cache.cached(key("resto", restoId), () =>
        http.get(`/1/p/restos/${restoId}`, restoSchema, { notFoundMessage: NOT_FOUND_MESSAGES.resto }),
      ),
    positionGroups: (menuId) =>
      cache.cached(key("menu", menuId, "groups"), () =>
        http.get(`/1/p/menus/${menuId}/position-groups`, positionGroupsSchema, { notFoundMessage: NOT_FOUND_MESSAGES.groups }),
      ),
    positions: (menuId, query) =>
      cache.cached(key("menu", menuId, "positions", queryKey(query)), () =>
        http.get(`/1/p/menus/${menuId}/positions`, positionsSchema, { query, notFoundMessage: NOT_FOUND_MESSAGES.positions }),
      ),
    modifiers: (restoId) =>
      cache.cached(key("resto", restoId, "modifiers"), () =>
        http.get(`/1/restos/${restoId}/positions/modifiers`, positionModifiersListSchema, {
          notFoundMessage: NOT_FOUND_MESSAGES.modifiers,
        }),
      ),
    timeSlots: (restoId) =>
      cache.cached(key("resto", restoId, "time-slots"), () =>
        http.get(`/1/restos/${restoId}/position-time-slots`, positionTimeSlotsSchema, {
          notFoundMessage: NOT_FOUND_MESSAGES.timeSlots,
        }),
      ),
    workingHours: (restoId) =>
      cache.cached(key("resto", restoId, "working-hours"), () =>
        http.get(`/1/restos/${restoId}/working-hours`, workingHoursListSchema, {
          notFoundMessage: NOT_FOUND_MESSAGES.workingHours,
        }),
      ),
    promotions: (restoId) =>
      cache.cached(key("resto", restoId, "promotions"), () =>
        http.get(`/1/restos/${restoId}/promotions`, promotionsSchema, { notFoundMessage: NOT_FOUND_MESSAGES.promotions }),
      ),
  };
}

/**
 * GET with the answer's lists read tolerantly (issue 19): records left out are logged and counted, once
 * per fetch — the catalog fetches only to fill its cache.
 */
export function tolerantGet(deps: UpstreamDeps) {
  const logger = deps.logger ?? (() => {});
  return <S extends z.ZodTypeAny>(path: string, schema: S, options?: GetOptions): Promise<z.output<S>> =>
    deps.http.get(path, reading(schema, dropReporter(logger, path)), options);
}
