/**
 * The customer's current location, as the other features read it (spec §4 boot: the saved location, else the
 * brand's default), and the header chip's summary of it.
 *
 * The popup's other jobs live beside this module: the URL draft (draft.ts), resolving it
 * (resolve-draft.server.ts), saving it (save.server.ts), the view's types (view.ts); docs/decisions/020.
 */
import type { StorefrontState } from "~server/session";
import type { Brand } from "~server/brand";
import type { City, DeliveryMethod } from "~/lib/model";
import { placeName } from "~/lib/place";
import type { AppLocale } from "~/i18n/i18n";

export interface EffectiveLocation {
  cityId: number;
  restoId: number | null;
  method: DeliveryMethod;
  /** true when nothing is saved yet and the brand default stands in */
  isDefault: boolean;
}

/**
 * The saved location, else the brand's default location (spec §4 boot: a configured default applies on first
 * boot), else null (the popup is then persistent).
 */
export function effectiveLocation(state: StorefrontState, brand: Brand): EffectiveLocation | null {
  if (state.city_id !== undefined) {
    return {
      cityId: state.city_id,
      restoId: state.resto_id ?? null,
      method: state.order_delivery_method ?? "TAKE_AWAY",
      isDefault: false,
    };
  }
  const d = brand.defaultLocation;
  if (!d) return null;
  return { cityId: d.cityId, restoId: d.restoId, method: d.deliveryMethod, isDefault: true };
}

/** spec §5: the name of a place without a street. */
export function pointLabel(locale: AppLocale) {
  return locale === "en" ? "Point on the map" : "Точка на карте";
}

export interface LocationSummary {
  method: DeliveryMethod;
  label: string;
  cityName: string | null;
}

/** The header chip: "Доставка · Тверская улица, 7" or "Самовывоз · на Тверской". Never throws. */
export async function locationSummary(
  state: StorefrontState,
  brand: Brand,
  upstream: {
    catalog: { resto(id: number): Promise<{ value: { name: string; street: string } }>; cities(): Promise<{ value: City[] }> };
  },
  locale: AppLocale,
): Promise<LocationSummary | null> {
  const location = effectiveLocation(state, brand);
  if (!location) return null;
  try {
    const cities = (await upstream.catalog.cities()).value;
    const cityName = cities.find((c) => c.id === location.cityId)?.name ?? null;
    if (location.method === "DELIVERY" && state.order_delivery_place) {
      const p = state.order_delivery_place;
      return {
        method: "DELIVERY",
        label: placeName({ street: p.street, houseNumber: p.houseNumber }, pointLabel(locale)),
        cityName,
      };
    }
    const resto = location.restoId ? (await upstream.catalog.resto(location.restoId)).value : null;
    return { method: location.method, label: resto ? resto.street || resto.name : "", cityName };
  } catch {
    return { method: location.method, label: "", cityName: null };
  }
}
