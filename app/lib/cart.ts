/**
 * The cart (spec §3 "Cart position", spec §4 "Cart: identical position (same id and modifiers by full content)
 * increases count; otherwise appended. Updating count recalculates sum. Removal matches id, menu id and
 * modifiers. Cart can be cleared.").
 *
 * Lines are compact — ids and counts only — because the cart lives in a cookie (DESIGN "Where state lives");
 * prices come from catalog data on the server (`priceLines`), never from the browser. Every operation is
 * immutable and bounded by CART_MAX_LINES / CART_MAX_COUNT / CART_MAX_MODIFIERS so a cookie can't be blown up.
 */
import { z } from "zod";
import type { ModifierGroup, Position } from "~/lib/model";
import { CART_MAX_COUNT, CART_MAX_LINES, CART_MAX_MODIFIERS } from "./constants";
import { multiplyMinor, sumMinor } from "./money";

export interface CartModifier {
  modifierGroupId: number;
  itemId: number;
  count: number;
}

export interface CartLine {
  positionId: number;
  menuId: number;
  count: number;
  modifiers: CartModifier[];
}

export type Cart = readonly CartLine[];

/** What identifies a line: position, menu and modifiers (counts of the line itself don't matter). */
export type LineMatch = Pick<CartLine, "positionId" | "menuId"> & { modifiers?: readonly CartModifier[] };

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(1).max(CART_MAX_COUNT);

/** One modifier entry as stored. */
export const cartModifierSchema = z.object({ modifierGroupId: id, itemId: id, count });
/** One line as stored. */
export const cartLineSchema = z.object({
  positionId: id,
  menuId: id,
  count,
  modifiers: z.array(cartModifierSchema).max(CART_MAX_MODIFIERS).default([]),
});

/**
 * Canonical modifiers: duplicates of one group+item summed (capped at CART_MAX_COUNT), zero or negative
 * counts dropped, sorted by group then item.
 */
export function normalizeModifiers(modifiers: readonly CartModifier[] = []): CartModifier[] {
  const byKey = new Map<string, CartModifier>();
  for (const m of modifiers) {
    if (!(m.count > 0)) continue;
    const key = `${m.modifierGroupId}.${m.itemId}`;
    const seen = byKey.get(key);
    if (seen) seen.count = Math.min(CART_MAX_COUNT, seen.count + m.count);
    else byKey.set(key, { modifierGroupId: m.modifierGroupId, itemId: m.itemId, count: Math.min(CART_MAX_COUNT, m.count) });
  }
  return [...byKey.values()].sort((a, b) => a.modifierGroupId - b.modifierGroupId || a.itemId - b.itemId);
}

function modifiersSignature(modifiers: readonly CartModifier[] = []): string {
  return normalizeModifiers(modifiers)
    .map((m) => `${m.modifierGroupId}.${m.itemId}x${m.count}`)
    .join(",");
}

/** spec §4: same modifiers by full content — group, item and count — regardless of order or duplicates. */
export function sameModifiers(a: readonly CartModifier[] = [], b: readonly CartModifier[] = []): boolean {
  return modifiersSignature(a) === modifiersSignature(b);
}

/** Stable string key of a line's identity: "positionId:menuId" plus ":g.ixc,…" when it has modifiers. */
export function lineKey(line: LineMatch): string {
  const mods = modifiersSignature(line.modifiers);
  return mods ? `${line.positionId}:${line.menuId}:${mods}` : `${line.positionId}:${line.menuId}`;
}

/** spec §4: does a line match (id, menu id and modifiers)? */
export function matchesLine(line: LineMatch, match: LineMatch): boolean {
  return line.positionId === match.positionId && line.menuId === match.menuId && sameModifiers(line.modifiers, match.modifiers);
}

export type CartIssue =
  /** the line is malformed (ids, count, too many modifiers); cart unchanged */
  | "invalid-line"
  /** adding a new line would pass CART_MAX_LINES; cart unchanged */
  | "too-many-lines"
  /** the count was capped at CART_MAX_COUNT; cart changed */
  | "count-capped"
  /** no such line; cart unchanged */
  | "not-found";

export interface CartChange {
  cart: CartLine[];
  issue: CartIssue | null;
}

/**
 * spec §4: adds a line; an identical line (same position, menu and modifiers) gets its count increased,
 * otherwise the line is appended. Counts are capped at CART_MAX_COUNT ('count-capped').
 */
export function addLine(
  cart: Cart,
  line: { positionId: number; menuId: number; count?: number; modifiers?: readonly CartModifier[] },
): CartChange {
  const parsed = cartLineSchema.safeParse({ ...line, count: line.count ?? 1, modifiers: line.modifiers ?? [] });
  if (!parsed.success) return { cart: [...cart], issue: "invalid-line" };
  const incoming: CartLine = { ...parsed.data, modifiers: normalizeModifiers(parsed.data.modifiers) };
  const index = cart.findIndex((l) => matchesLine(l, incoming));
  if (index >= 0) {
    const existing = cart[index]!;
    const wanted = existing.count + incoming.count;
    const next = [...cart];
    next[index] = { ...existing, count: Math.min(wanted, CART_MAX_COUNT) };
    return { cart: next, issue: wanted > CART_MAX_COUNT ? "count-capped" : null };
  }
  if (cart.length >= CART_MAX_LINES) return { cart: [...cart], issue: "too-many-lines" };
  return { cart: [...cart, incoming], issue: null };
}

/**
 * Sets the count of the line at an index or with a `lineKey`; 0 (or less) removes it; above CART_MAX_COUNT is
 * capped. A non-integer count is 'invalid-line'; an unknown index or key is 'not-found'.
 */
export function setCount(cart: Cart, target: number | string, newCount: number): CartChange {
  const index =
    typeof target === "number"
      ? Number.isInteger(target) && target >= 0 && target < cart.length
        ? target
        : -1
      : cart.findIndex((l) => lineKey(l) === target);
  if (index < 0) return { cart: [...cart], issue: "not-found" };
  if (!Number.isInteger(newCount)) return { cart: [...cart], issue: "invalid-line" };
  if (newCount <= 0) return { cart: cart.filter((_, i) => i !== index), issue: null };
  const next = [...cart];
  next[index] = { ...cart[index]!, count: Math.min(newCount, CART_MAX_COUNT) };
  return { cart: next, issue: newCount > CART_MAX_COUNT ? "count-capped" : null };
}

/** spec §4: removes lines matching id, menu id and modifiers (by full content). */
export function removeLine(cart: Cart, match: LineMatch): CartLine[] {
  return cart.filter((l) => !matchesLine(l, match));
}

/** spec §4: the cart can be cleared. */
export function clearCart(): CartLine[] {
  return [];
}

/** Total number of items (sum of counts), e.g. for 'Корзина: N позиций'. */
export function cartCount(cart: Cart): number {
  return cart.reduce((n, l) => n + l.count, 0);
}

/**
 * Reads a cart from untrusted data (a decoded cookie): keeps valid lines, merges duplicates, caps counts and
 * stops at CART_MAX_LINES. Anything that isn't an array gives an empty cart.
 */
export function parseCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  let cart: CartLine[] = [];
  for (const raw of value) {
    const parsed = cartLineSchema.safeParse(raw);
    if (!parsed.success) continue;
    cart = addLine(cart, parsed.data).cart;
  }
  return cart;
}

// ── pricing ──────────────────────────────────────────────────────────────────────────────────────

/** Catalog data the server prices the cart with. */
export interface CatalogLookup {
  /** the position of a menu, or undefined when it no longer exists */
  position(positionId: number, menuId: number): Pick<Position, "id" | "name" | "price"> | null | undefined;
  /** the modifier groups of a position */
  modifierGroups(positionId: number): readonly Pick<ModifierGroup, "id" | "modifierId" | "name" | "items">[] | null | undefined;
}

export interface PricedModifier extends CartModifier {
  /** the group's `modifierId` (upstream payloads name it) */
  modifierId: number;
  name: string;
  /** minor units per item */
  price: number;
  /** price × count, per one unit of the position */
  sum: number;
}

export interface PricedLine {
  index: number;
  key: string;
  line: CartLine;
  name: string;
  /** position price alone, minor units */
  positionPrice: number;
  /** position price + Σ modifier item price × count, minor units */
  unitPrice: number;
  /** unitPrice × count */
  sum: number;
  modifiers: PricedModifier[];
}

export interface DroppedLine {
  index: number;
  line: CartLine;
  reason: "position-missing" | "modifier-missing";
}

export interface PricedCart {
  lines: PricedLine[];
  /** lines that could not be priced because their position or a modifier item disappeared */
  dropped: DroppedLine[];
  /** Σ line sums, minor units */
  total: number;
  /** Σ counts of priced lines */
  count: number;
}

/**
 * Prices the cart from catalog data (spec §3 cart position: price, sum; modifiers count, price). Lines whose
 * position or one of whose modifier items is gone are reported in `dropped` and left out of the total.
 */
export function priceLines(cart: Cart, catalog: CatalogLookup): PricedCart {
  const lines: PricedLine[] = [];
  const dropped: DroppedLine[] = [];
  cart.forEach((line, index) => {
    const position = catalog.position(line.positionId, line.menuId);
    if (!position) {
      dropped.push({ index, line, reason: "position-missing" });
      return;
    }
    const modifiers: PricedModifier[] = [];
    if (line.modifiers.length > 0) {
      const groups = catalog.modifierGroups(line.positionId) ?? [];
      for (const m of line.modifiers) {
        const group = groups.find((g) => g.id === m.modifierGroupId);
        const item = group?.items.find((i) => i.id === m.itemId);
        if (!group || !item) {
          dropped.push({ index, line, reason: "modifier-missing" });
          return;
        }
        modifiers.push({
          ...m,
          modifierId: group.modifierId,
          name: item.name,
          price: item.price,
          sum: multiplyMinor(item.price, m.count),
        });
      }
    }
    const unitPrice = sumMinor([position.price, ...modifiers.map((m) => m.sum)]);
    lines.push({
      index,
      key: lineKey(line),
      line,
      name: position.name,
      positionPrice: position.price,
      unitPrice,
      sum: multiplyMinor(unitPrice, line.count),
      modifiers,
    });
  });
  return {
    lines,
    dropped,
    total: sumMinor(lines.map((l) => l.sum)),
    count: lines.reduce((n, l) => n + l.line.count, 0),
  };
}

// ── modifier choice ──────────────────────────────────────────────────────────────────────────────

export type ModifierChoiceError =
  /** fewer than minCount items chosen in the group */
  | { groupId: number; name: string; kind: "min"; min: number; actual: number }
  /** more than maxCount items chosen in the group */
  | { groupId: number; name: string; kind: "max"; max: number; actual: number }
  /** an unknown group or item, or a count that is not a positive integer */
  | { groupId: number; name: string | null; kind: "invalid"; itemId: number };

/**
 * Checks a modifier choice against the position's groups (spec §3 modifiers[{minCount, maxCount}]): the sum of
 * counts chosen in each group must be ≥ minCount and, when maxCount > 0, ≤ maxCount (maxCount 0 = no upper
 * limit — the upstream default). Returns one error per failing group (and per invalid entry); [] = valid.
 */
export function validateModifierChoice(
  groups: readonly Pick<ModifierGroup, "id" | "name" | "nameUi" | "minCount" | "maxCount" | "items">[],
  chosen: readonly CartModifier[],
): ModifierChoiceError[] {
  const errors: ModifierChoiceError[] = [];
  const totals = new Map<number, number>();
  for (const m of chosen) {
    const group = groups.find((g) => g.id === m.modifierGroupId);
    const valid = !!group && group.items.some((i) => i.id === m.itemId) && Number.isInteger(m.count) && m.count > 0;
    if (!valid) {
      errors.push({
        groupId: m.modifierGroupId,
        name: group ? (group.nameUi ?? group.name) : null,
        kind: "invalid",
        itemId: m.itemId,
      });
      continue;
    }
    totals.set(group.id, (totals.get(group.id) ?? 0) + m.count);
  }
  for (const group of groups) {
    const actual = totals.get(group.id) ?? 0;
    const name = group.nameUi ?? group.name;
    if (actual < group.minCount) errors.push({ groupId: group.id, name, kind: "min", min: group.minCount, actual });
    else if (group.maxCount > 0 && actual > group.maxCount)
      errors.push({ groupId: group.id, name, kind: "max", max: group.maxCount, actual });
  }
  return errors;
}

// ── modifier token ───────────────────────────────────────────────────────────────────────────────

/**
 * The one form encoding of a chosen modifier: `group:item:count` (e.g. `100011:102:1`), posted as repeated
 * `modifier` fields by the position layer and the cart's add form. Ids are positive safe integers, the count
 * 1..CART_MAX_COUNT — the same bounds as a stored cart modifier, so a token that parses can be stored.
 */
export const MODIFIER_TOKEN = /^(\d{1,15}):(\d{1,15}):(\d{1,3})$/;

/** A modifier token from a form field, parsed and checked into a `CartModifier`. */
export const modifierTokenSchema = z
  .string()
  .regex(MODIFIER_TOKEN)
  .transform((raw, ctx): CartModifier => {
    const [, g, i, c] = MODIFIER_TOKEN.exec(raw)!;
    const parsed = cartModifierSchema.safeParse({ modifierGroupId: Number(g), itemId: Number(i), count: Number(c) });
    if (!parsed.success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "modifier" });
      return z.NEVER;
    }
    return parsed.data;
  });

/** The `modifier` fields of a form: at most CART_MAX_MODIFIERS tokens. */
export const modifierTokensSchema = z.array(modifierTokenSchema).max(CART_MAX_MODIFIERS).default([]);

/** A token, or null when it is not a valid one. */
export function parseModifierToken(raw: string): CartModifier | null {
  const parsed = modifierTokenSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function formatModifierToken(m: CartModifier): string {
  return `${m.modifierGroupId}:${m.itemId}:${m.count}`;
}
