/**
 * Turns a resto catalog into the compact view the menu pages render: one language, only the fields a
 * card shows, sent once (DESIGN.md budget: ≤ 0.5 KB gzipped HTML per position).
 */
import type { RestoCatalog } from "~server/upstream";
import type { DeliveryMethod } from "~server/upstream/schemas";

export interface PositionCardView {
  id: number;
  menuId: number;
  name: string;
  price: number;
  photo: string | null;
  measure: { value: number; unit: "g" | "pc" | "ml" | "cm" } | null;
  longCooking: boolean;
  hasModifiers: boolean;
}
export interface GroupView {
  id: number;
  name: string;
  photo: string | null;
  adult: boolean;
  positions: PositionCardView[];
}
export interface MenuView {
  id: number;
  name: string;
  groups: GroupView[];
}

/** Menus the chosen method can order from (resto menu flags isDelivery / isTakeAway), in their order. */
export function menusFor(catalog: RestoCatalog, method: DeliveryMethod) {
  return catalog.menus
    .filter((m) => (method === "DELIVERY" ? m.menu.isDelivery : m.menu.isTakeAway))
    .sort((a, b) => a.menu.order - b.menu.order);
}

export function toMenuViews(catalog: RestoCatalog, method: DeliveryMethod): MenuView[] {
  return menusFor(catalog, method).map(({ menu, groups, positions }) => {
    const byGroup = new Map<number, PositionCardView[]>();
    for (const p of [...positions].sort((a, b) => a.order - b.order || a.id - b.id)) {
      const groupId = p.positionGroup?.id ?? 0;
      const list = byGroup.get(groupId) ?? [];
      list.push({
        id: p.id,
        menuId: menu.id,
        name: p.name,
        price: p.price,
        photo: p.photos[0]?.url ?? null,
        measure: p.measure,
        longCooking: (p.cookingTime ?? 0) > 90,
        hasModifiers: p.hasModifiers || (catalog.modifiersByPosition[p.id]?.length ?? 0) > 0,
      });
      byGroup.set(groupId, list);
    }
    return {
      id: menu.id,
      name: menu.name,
      groups: groups
        .map((g) => ({ id: g.id, name: g.name, photo: g.photos[0]?.url ?? null, adult: g.isAdult, positions: byGroup.get(g.id) ?? [] }))
        .filter((g) => g.positions.length > 0),
    };
  });
}
