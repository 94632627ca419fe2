/**
 * The cart's add-on suggestions (issue 39, ADR 185): the brand's rules (`addOns`) over the menus the customer
 * orders from now — the current restaurant's menus for the chosen method, as the menu pages show them — decided by
 * `pickAddOns` (lib/add-ons.ts). Only the groups the rules name are read, so a large menu costs no more.
 */
import { pickAddOns, type AddOnMenu, type AddOnSettings } from "~/lib/add-ons";
import { isPositionAvailable } from "~/lib/time-slots";
import type { RestoCatalog } from "~server/upstream";
import type { DeliveryMethod } from "~/lib/model";

/** One suggestion as the cart shows it: a one-tap add of `positionId` from `menuId`. */
export interface AddOnView {
  positionId: number;
  menuId: number;
  name: string;
  /** the position's own price (minor units): it is added without modifiers */
  price: number;
  photo: string | null;
}

export function cartAddOns(input: {
  settings: AddOnSettings;
  catalog: RestoCatalog | null;
  method: DeliveryMethod;
  cart: readonly { positionId: number; menuId: number }[];
  now: Date;
  adultConfirmed: boolean;
}): AddOnView[] {
  const { settings, catalog, method, cart, now, adultConfirmed } = input;
  if (!catalog || cart.length === 0 || settings.rules.length === 0) return [];
  const named = new Set(settings.rules.flatMap((rule) => rule.groupIds));
  // the menus the method orders from, in their order (the menu pages' `menusFor`; not imported: its module would
  // bring the menu's messages into the cart's set, ADR 122)
  const menus = catalog.menus
    .filter((m) => (method === "DELIVERY" ? m.menu.isDelivery : m.menu.isTakeAway))
    .sort((a, b) => a.menu.order - b.menu.order || a.menu.id - b.menu.id);
  const addOnMenus: AddOnMenu[] = menus.map(({ menu, groups, positions }) => ({
    id: menu.id,
    groups: groups
      .filter((group) => named.has(group.id))
      .map((group) => {
        const locked = group.isAdult && !adultConfirmed;
        return {
          id: group.id,
          positions: positions
            .filter((p) => (p.positionGroup?.id ?? 0) === group.id)
            .sort((a, b) => a.order - b.order || a.id - b.id)
            .map((p) => ({
              id: p.id,
              available: !locked && isPositionAvailable(catalog.timeSlotsByPosition[p.id], now, catalog.resto.timezone),
              needsChoice: (catalog.modifiersByPosition[p.id] ?? []).some((m) => m.minCount > 0),
            })),
        };
      }),
  }));
  return pickAddOns(settings, addOnMenus, cart).flatMap((pick) => {
    const position = menus.find((m) => m.menu.id === pick.menuId)?.positions.find((p) => p.id === pick.positionId);
    return position
      ? [{ positionId: position.id, menuId: pick.menuId, name: position.name, price: position.price, photo: position.photos[0]?.url ?? null }]
      : [];
  });
}
