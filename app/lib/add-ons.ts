/**
 * The right add-on, in the cart (issue 39, ADR 185): under the cart's lines, a short row of positions the cart
 * lacks — a drink when there is none, a dessert, a sauce — chosen from the current menu by the brand's rules
 * (brand file `addOns`).
 *
 * A rule names menu groups. It applies only while the cart has no line from any of them; from each applying rule,
 * in the brand's order, the first suitable position of its groups is suggested (its groups in the rule's order,
 * each group's positions in the menu's order), until `max` suggestions. A suitable position can be added with one
 * tap: it is orderable now (inside its time slots, not in a locked 18+ group), has no modifier choice the customer
 * must make (only optional modifiers, added without them), is not in the cart and was not suggested already.
 *
 * Pure: the cart view (features/cart/add-ons.server.ts) hands it the menus; `brand:check` and server/brand.ts
 * validate the brand's rules with `addOnsSchema`.
 */
import { z } from "zod";

/** at most this many suggestions, whatever `max` a brand sets */
export const ADD_ONS_MAX = 6;
/** the default `max` */
export const ADD_ONS_DEFAULT_MAX = 3;
/** at most this many rules, and group ids per rule */
export const ADD_ON_RULES_MAX = 10;
export const ADD_ON_GROUP_IDS_MAX = 20;

const groupId = z
  .number({ invalid_type_error: "a menu group id is a number" })
  .int("a menu group id is a whole number")
  .min(0, "a menu group id is 0 or more")
  .max(Number.MAX_SAFE_INTEGER, "a menu group id is at most 2^53 − 1");

export const addOnRuleSchema = z
  .object({
    /** the rule's menu groups, the first suggested first; 0 is the menu's positions without a group ('Прочее') */
    groupIds: z
      .array(groupId)
      .min(1, "a rule names at least one menu group")
      .max(ADD_ON_GROUP_IDS_MAX, `a rule names at most ${ADD_ON_GROUP_IDS_MAX} menu groups`),
  })
  .strict();

export const addOnsSchema = z
  .object({
    /** in the brand's order: an earlier rule's suggestion comes first */
    rules: z.array(addOnRuleSchema).max(ADD_ON_RULES_MAX, `at most ${ADD_ON_RULES_MAX} rules`).default([]),
    /** at most this many suggestions */
    max: z
      .number({ invalid_type_error: "max is a number" })
      .int("max is a whole number")
      .min(1, "max is at least 1 (no rules turns the suggestions off)")
      .max(ADD_ONS_MAX, `max is at most ${ADD_ONS_MAX}`)
      .default(ADD_ONS_DEFAULT_MAX),
  })
  .strict();

export type AddOnSettings = z.infer<typeof addOnsSchema>;

/** A position of the current menu, as the selection sees it. */
export interface AddOnPosition {
  id: number;
  /** may be ordered now: inside its time slots, not in an 18+ group whose age confirmation is missing */
  available: boolean;
  /** has a modifier group with a minimum count: cannot be added with one tap */
  needsChoice: boolean;
}

export interface AddOnGroup {
  id: number;
  /** in the menu's order */
  positions: readonly AddOnPosition[];
}

export interface AddOnMenu {
  id: number;
  /** the menu's groups (only those the rules name are read) */
  groups: readonly AddOnGroup[];
}

/** A cart line as the selection sees it. */
export interface AddOnLine {
  positionId: number;
  menuId: number;
}

export interface AddOnPick {
  positionId: number;
  menuId: number;
  groupId: number;
  /** the index of the rule it answers */
  rule: number;
}

/**
 * The suggestions for a cart: at most `settings.max`, at most one per rule, in the rules' order. `menus` are the
 * menus the customer orders from now (the current restaurant and method), in their order.
 */
export function pickAddOns(settings: AddOnSettings, menus: readonly AddOnMenu[], cart: readonly AddOnLine[]): AddOnPick[] {
  const max = Math.min(settings.max, ADD_ONS_MAX);
  if (max < 1 || settings.rules.length === 0) return [];

  // the menus' groups by id (a group id may repeat across menus: 0, the positions without a group, does)
  const groupsById = new Map<number, { menuId: number; group: AddOnGroup }[]>();
  const groupOfLine = new Map<string, number>();
  for (const menu of menus) {
    for (const group of menu.groups) {
      const list = groupsById.get(group.id) ?? [];
      list.push({ menuId: menu.id, group });
      groupsById.set(group.id, list);
      for (const position of group.positions) groupOfLine.set(`${menu.id}:${position.id}`, group.id);
    }
  }
  const inCart = new Set(cart.map((line) => line.positionId));
  const cartGroups = new Set<number>();
  for (const line of cart) {
    const group = groupOfLine.get(`${line.menuId}:${line.positionId}`);
    if (group !== undefined) cartGroups.add(group);
  }

  const picks: AddOnPick[] = [];
  const suggested = new Set<number>();
  settings.rules.forEach((rule, index) => {
    if (picks.length >= max) return;
    if (rule.groupIds.some((id) => cartGroups.has(id))) return;
    const pick = firstSuitable(rule.groupIds, groupsById, (id) => !inCart.has(id) && !suggested.has(id));
    if (!pick) return;
    suggested.add(pick.positionId);
    picks.push({ ...pick, rule: index });
  });
  return picks;
}

function firstSuitable(
  groupIds: readonly number[],
  groupsById: ReadonlyMap<number, readonly { menuId: number; group: AddOnGroup }[]>,
  free: (positionId: number) => boolean,
): Omit<AddOnPick, "rule"> | null {
  for (const groupId of groupIds) {
    for (const { menuId, group } of groupsById.get(groupId) ?? []) {
      for (const position of group.positions) {
        if (position.available && !position.needsChoice && free(position.id)) return { positionId: position.id, menuId, groupId };
      }
    }
  }
  return null;
}
