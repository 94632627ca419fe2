/**
 * The customer's effective location: the saved one, else the brand's default location (spec §4 boot:
 * a configured default applies on first boot). Issue 3 adds the popup that changes it.
 */
import type { StorefrontState } from "~server/session";
import type { Brand } from "~server/brand";
import type { DeliveryMethod } from "~server/upstream/schemas";

export interface EffectiveLocation {
  cityId: number;
  restoId: number | null;
  method: DeliveryMethod;
  /** true when nothing is saved yet and the brand default stands in */
  isDefault: boolean;
}

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
