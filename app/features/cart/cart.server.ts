/**
 * Server-side cart operations shared by every form that changes the cart (position cards, the
 * position layer, the cart page). The cart in the cookie holds ids, counts and modifier choices only;
 * whether a position exists, may be ordered now (time slots) and has a valid modifier choice is checked
 * here against the cached catalog — never trusted from the browser.
 */
import {
  addLine,
  clearCart,
  lineKey,
  removeLine,
  setCount,
  validateModifierChoice,
  type CartModifier,
  type ModifierChoiceError,
} from "~/lib/cart";
import { isPositionAvailable } from "~/lib/time-slots";
import { effectiveLocation } from "~/features/location/location.server";
import { CookieTooLargeError, renewCartId, type StorefrontState } from "~server/session";
import type { RestoCatalog } from "~server/upstream";
import type { RequestContext } from "~server/context";

export interface AddToCartInput {
  positionId: number;
  menuId: number;
  count: number;
  modifiers: CartModifier[];
}

export type CartFailure =
  | { ok: false; status: 400; reason: "no-location" | "position-not-found" | "unavailable" | "cookie-too-large" | "cart-full" }
  | { ok: false; status: 400; reason: "modifiers"; modifierErrors: ModifierChoiceError[] };
export type CartResult = { ok: true; headers: Headers } | CartFailure;

/** The catalog of the customer's current resto, or null when no location is chosen yet. */
export async function currentCatalog(rc: RequestContext): Promise<RestoCatalog | null> {
  const { config, upstream } = rc.services;
  const location = effectiveLocation(await rc.session.get("storefront"), config.brand);
  if (!location?.restoId) return null;
  return upstream.boot.loadRestoCatalog(location.restoId);
}

export function findPosition(catalog: RestoCatalog, menuId: number, positionId: number) {
  const menu = catalog.menus.find((m) => m.menu.id === menuId);
  return menu?.positions.find((p) => p.id === positionId) ?? null;
}

/** Adds a line (identical lines merge) after checking it against the catalog; commits the cookie once. */
export async function addToCart(rc: RequestContext, input: AddToCartInput): Promise<CartResult> {
  const catalog = await currentCatalog(rc);
  if (!catalog) return { ok: false, status: 400, reason: "no-location" };
  const position = findPosition(catalog, input.menuId, input.positionId);
  if (!position) return { ok: false, status: 400, reason: "position-not-found" };
  // spec §6: an 18+ section's positions are not orderable until the age is confirmed (no button offers them)
  const group = catalog.menus.find((m) => m.menu.id === input.menuId)?.groups.find((g) => g.id === (position.positionGroup?.id ?? 0));
  if (group?.isAdult && (await rc.session.get("prefs")).person_adulthood_confirmed !== true) {
    return { ok: false, status: 400, reason: "position-not-found" };
  }

  const { upstream } = rc.services;
  if (!isPositionAvailable(catalog.timeSlotsByPosition[position.id], upstream.clock.now(), catalog.resto.timezone)) {
    return { ok: false, status: 400, reason: "unavailable" };
  }
  const modifierErrors = validateModifierChoice(catalog.modifiersByPosition[position.id] ?? [], input.modifiers);
  if (modifierErrors.length > 0) return { ok: false, status: 400, reason: "modifiers", modifierErrors };

  const state = await rc.session.get("storefront");
  const previous = state.cart_positions;
  const change = addLine(previous, {
    positionId: position.id,
    menuId: input.menuId,
    count: input.count,
    modifiers: input.modifiers,
  });
  if (change.issue && change.issue !== "count-capped") return { ok: false, status: 400, reason: "cart-full" };
  state.cart_positions = change.cart;
  return commitCart(rc, previous);
}

/**
 * Commits the storefront cookie with the cart's generation kept (ADR 216); when it would be too large, restores the
 * previous cart and says so.
 */
export async function commitCart(rc: RequestContext, previous: StateCart): Promise<CartResult> {
  const state = await rc.session.get("storefront");
  const previousId = state.cart_id;
  renewCartId(state, previous);
  try {
    return { ok: true, headers: await rc.session.commitHeaders() };
  } catch (error) {
    if (error instanceof CookieTooLargeError) {
      state.cart_positions = previous;
      if (previousId === undefined) delete state.cart_id;
      else state.cart_id = previousId;
      return { ok: false, status: 400, reason: "cookie-too-large" };
    }
    throw error;
  }
}

type StateCart = StorefrontState["cart_positions"];

// ── the cart page's changes (issue 5) ───────────────────────────────────────────────────────────

/** spec §4: a count change; 0 removes the line. `key` is the line's `lineKey`. */
export async function setCartCount(rc: RequestContext, key: string, count: number): Promise<CartResult> {
  const state = await rc.session.get("storefront");
  const previous = state.cart_positions;
  const change = setCount(previous, key, count);
  if (change.issue === "not-found" || change.issue === "invalid-line")
    return { ok: false, status: 400, reason: "position-not-found" };
  state.cart_positions = change.cart;
  return commitCart(rc, previous);
}

/** spec §4: removal matches id, menu id and modifiers (the line's key carries all three). */
export async function removeCartLine(rc: RequestContext, key: string): Promise<CartResult> {
  const state = await rc.session.get("storefront");
  const previous = state.cart_positions;
  const line = previous.find((l) => lineKey(l) === key);
  if (!line) return { ok: false, status: 400, reason: "position-not-found" };
  state.cart_positions = removeLine(previous, line);
  return commitCart(rc, previous);
}

/** spec §4: the cart can be cleared (the page asks the confirmation popup first). */
export async function clearCartLines(rc: RequestContext): Promise<CartResult> {
  const state = await rc.session.get("storefront");
  const previous = state.cart_positions;
  state.cart_positions = clearCart();
  return commitCart(rc, previous);
}

/** Drops lines whose position or modifier left the catalog. */
export async function removeUnavailable(rc: RequestContext): Promise<CartResult> {
  const catalog = await currentCatalog(rc);
  const state = await rc.session.get("storefront");
  const previous = state.cart_positions;
  state.cart_positions = previous.filter((line) => {
    const position = catalog ? findPosition(catalog, line.menuId, line.positionId) : null;
    if (!position) return false;
    const groups = catalog!.modifiersByPosition[position.id] ?? [];
    return line.modifiers.every((m) => groups.some((g) => g.id === m.modifierGroupId && g.items.some((i) => i.id === m.itemId)));
  });
  return commitCart(rc, previous);
}
