/**
 * Putting lines back into a cart (issue 18 §1–2, ADR 056): a shared cart's link and a past order both carry
 * position ids, menu ids, counts and modifier choices — never prices. Before any of it enters a cart it is
 * checked against today's catalog: today's prices, lines no longer sold left out and named, a line whose modifier
 * no longer exists left out whole, a modifier choice that breaks today's min/max left out too.
 */
import { z } from "zod";
import { CART_MAX_COUNT, CART_MAX_LINES, CART_MAX_MODIFIERS } from "./constants";
import { normalizeModifiers, priceLines, validateModifierChoice, type CartLine, type CatalogLookup, type PricedLine } from "./cart";
import type { ModifierGroup } from "./model";

// ── the shared-cart code ─────────────────────────────────────────────────────────────────────────

export interface SharedCart {
  restoId: number;
  /** the sharer's city, so that a customer elsewhere can switch to that restaurant */
  cityId: number;
  lines: CartLine[];
}

const int = (max: number) => z.coerce.number().int().min(1).max(max);
const ID_MAX = 999_999_999_999;
/** `r<resto>.<city>~<menu>.<position>.<count>[.<group>-<item>-<count>_…]~…` — digits and `.-_~` only: URL-safe as it is */
const CODE = /^r(\d{1,12})\.(\d{1,12})((?:~\d{1,12}\.\d{1,12}\.\d{1,2}(?:\.\d{1,12}-\d{1,12}-\d{1,2}(?:_\d{1,12}-\d{1,12}-\d{1,2}){0,29})?){1,50})$/;

export function encodeSharedCart(cart: SharedCart): string {
  const lines = cart.lines.slice(0, CART_MAX_LINES).map((line) => {
    const base = `${line.menuId}.${line.positionId}.${Math.min(line.count, CART_MAX_COUNT)}`;
    const mods = normalizeModifiers(line.modifiers).map((m) => `${m.modifierGroupId}-${m.itemId}-${m.count}`);
    return mods.length ? `${base}.${mods.join("_")}` : base;
  });
  return `r${cart.restoId}.${cart.cityId}~${lines.join("~")}`;
}

/** the code of a shared link, or null when it is not one (anything odd: null, never a partial cart) */
export function decodeSharedCart(code: string): SharedCart | null {
  if (code.length > 4000) return null;
  const match = CODE.exec(code);
  if (!match) return null;
  const restoId = int(ID_MAX).safeParse(match[1]);
  const cityId = int(ID_MAX).safeParse(match[2]);
  if (!restoId.success || !cityId.success) return null;
  const lines: CartLine[] = [];
  for (const part of match[3]!.slice(1).split("~")) {
    const [menuId, positionId, count, mods] = part.split(".");
    const parsed = z
      .object({ menuId: int(ID_MAX), positionId: int(ID_MAX), count: int(CART_MAX_COUNT) })
      .safeParse({ menuId, positionId, count });
    if (!parsed.success) return null;
    const modifiers = (mods ? mods.split("_") : []).map((m) => {
      const [modifierGroupId, itemId, n] = m.split("-").map(Number) as [number, number, number];
      return { modifierGroupId, itemId, count: n };
    });
    if (modifiers.length > CART_MAX_MODIFIERS || modifiers.some((m) => m.count < 1 || m.count > CART_MAX_COUNT || m.itemId < 1)) return null;
    lines.push({ ...parsed.data, modifiers: normalizeModifiers(modifiers) });
  }
  return { restoId: restoId.data, cityId: cityId.data, lines };
}

// ── checking lines against today's catalog ───────────────────────────────────────────────────────

export interface ReorderLookup extends CatalogLookup {
  modifierGroups(positionId: number): readonly Pick<ModifierGroup, "id" | "modifierId" | "name" | "nameUi" | "minCount" | "maxCount" | "items">[] | null | undefined;
  /** false outside the position's time slots or behind an unconfirmed 18+ gate: it cannot be added now */
  orderable(positionId: number, menuId: number): boolean;
}

export type LeftOutReason = "gone" | "modifier-gone" | "unavailable";

export interface LeftOut {
  line: CartLine;
  /** the position's name today, else the name remembered with the line (a past order), else null */
  name: string | null;
  reason: LeftOutReason;
}

export interface CheckedLines {
  /** lines that may go into the cart, priced today */
  lines: PricedLine[];
  leftOut: LeftOut[];
}

/** Checks lines (with the names they were remembered with, when known) against today's catalog. */
export function checkLines(lines: readonly (CartLine & { name?: string })[], lookup: ReorderLookup): CheckedLines {
  const priced = priceLines(lines, lookup);
  const leftOut: LeftOut[] = priced.dropped.map(({ line, reason, index }) => ({
    line,
    name: lookup.position(line.positionId, line.menuId)?.name ?? lines[index]?.name ?? null,
    reason: reason === "position-missing" ? "gone" : "modifier-gone",
  }));
  const ok: PricedLine[] = [];
  for (const p of priced.lines) {
    const choiceErrors = validateModifierChoice(lookup.modifierGroups(p.line.positionId) ?? [], p.line.modifiers);
    if (choiceErrors.length > 0) leftOut.push({ line: p.line, name: p.name, reason: "modifier-gone" });
    else if (!lookup.orderable(p.line.positionId, p.line.menuId)) leftOut.push({ line: p.line, name: p.name, reason: "unavailable" });
    else ok.push(p);
  }
  return { lines: ok, leftOut };
}
