/**
 * Delivery zones (spec §3 "Delivery zone", §7 GET /1/restos/{restoId}/deliveries?size=100) and the area
 * load of spec §4 boot: the restos of a city and the zones of each, fetched in parallel.
 */
import type { Cached } from "./cache";
import { tolerantGet, type Catalog } from "./catalog";
import { cacheKey, type UpstreamDeps } from "./deps";
import { NOT_FOUND_MESSAGES } from "./errors";
import { deliveriesPageSchema, type DeliveryRule, type DeliveryZoneDto, type Polygon, type Resto } from "~/lib/model";

/** spec §9: delivery zones page size. */
export const DELIVERY_ZONES_PAGE_SIZE = 100;

/** spec §3: a zone's threshold, built from one server rule; money in minor units of `currency`. */
export interface DeliveryThreshold {
  currency: string;
  /** 0 means free delivery ('Бесплатно') */
  deliveryCost: number;
  /** minutes */
  deliveryTime: number;
  /** applies when min <= order total < max; max null = no maximum */
  orderPrice: { min: number; max: number | null };
}

export interface DeliveryZone {
  id: number;
  name: string;
  polygon: Polygon;
  restoId: number;
  currency: string;
  /** sorted by orderPrice.min */
  thresholds: DeliveryThreshold[];
}

/** A resto of the chosen city: the full resto (street, hours, pay config, currency) and its city ids. */
export type AreaResto = Resto & { cityIds: number[] };

export interface AreaData {
  restos: AreaResto[];
  deliveryZones: DeliveryZone[];
  /** some part is the last good value of a failing upstream */
  degraded: boolean;
}

export interface Delivery {
  /** the zones of a resto as the upstream gives them (cached) */
  zones(restoId: number): Promise<Cached<DeliveryZoneDto[]>>;
  /** spec §4: the restos of a city and the zones of each resto, tagged by resto, with thresholds */
  loadAreaData(cityId: number): Promise<AreaData>;
}

/** spec §3: deliveryPrice → deliveryCost, time → deliveryTime, min/maxOrderPrice → orderPrice. */
export function toThreshold(rule: DeliveryRule, currency: string): DeliveryThreshold {
  return {
    currency,
    deliveryCost: rule.deliveryPrice,
    deliveryTime: rule.time,
    orderPrice: { min: rule.minOrderPrice, max: rule.maxOrderPrice },
  };
}

export function toDeliveryZone(dto: DeliveryZoneDto, restoId: number, currency: string): DeliveryZone {
  return {
    id: dto.id,
    name: dto.name,
    polygon: dto.polygon,
    restoId,
    currency,
    thresholds: dto.rules.map((rule) => toThreshold(rule, currency)).sort((a, b) => a.orderPrice.min - b.orderPrice.min),
  };
}

export function createDelivery(deps: UpstreamDeps, catalog: Catalog): Delivery {
  const { cache } = deps;
  const get = tolerantGet(deps);

  const zones = (restoId: number) =>
    cache.cached(cacheKey(deps, "resto", restoId, "deliveries"), async () => {
      const page = await get(`/1/restos/${restoId}/deliveries`, deliveriesPageSchema, {
        query: { size: DELIVERY_ZONES_PAGE_SIZE },
        notFoundMessage: NOT_FOUND_MESSAGES.deliveries,
      });
      return page.content;
    });

  async function loadAreaData(cityId: number): Promise<AreaData> {
    const summaries = await catalog.restos(cityId);
    // every resto's details (currency, street, hours) and zones at once
    const perResto = await Promise.all(
      summaries.value.map(async (summary) => {
        const [resto, restoZones] = await Promise.all([catalog.resto(summary.id), zones(summary.id)]);
        return {
          resto: { ...resto.value, cityIds: summary.cityIds },
          zones: restoZones.value.map((zone) => toDeliveryZone(zone, summary.id, resto.value.currency)),
          degraded: resto.degraded || restoZones.degraded,
        };
      }),
    );
    return {
      restos: perResto.map((r) => r.resto),
      deliveryZones: perResto.flatMap((r) => r.zones),
      degraded: summaries.degraded || perResto.some((r) => r.degraded),
    };
  }

  return { zones, loadAreaData };
}
