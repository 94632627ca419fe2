/**
 * Sharing a cart (issue 18 §2, ADR 056): a link that carries the lines (ids, counts, modifier choices — no
 * personal data, no prices), and the page that opens it: the lines checked against today's catalog, added to the
 * visitor's cart with one form ('Добавить в корзину', merging), or — for another restaurant — an offer to switch.
 */
import { parseTranslated } from "~/features/forms/parse-translated";
import { data, redirect } from "react-router";
import { z } from "zod";
import { commitCart, currentCatalog, findPosition } from "~/features/cart/cart.server";
import { effectiveLocation } from "~/features/location/location.server";
import { messagesFor } from "~/i18n/locale.server";
import { addLine, type CartLine } from "~/lib/cart";
import { checkLines, decodeSharedCart, encodeSharedCart, type CheckedLines, type ReorderLookup, type SharedCart } from "~/lib/reorder";
import { isPositionAvailable } from "~/lib/time-slots";
import { pageUrls } from "~/lib/page-urls";
import type { RestoCatalog } from "~server/upstream";
import { readForm } from "~/features/forms/read-form.server";
import type { RequestContext } from "~server/context";

/** today's catalog as the reorder rules read it (18+ positions count as not orderable until confirmed) */
export function reorderLookup(catalog: RestoCatalog, now: Date, adultConfirmed: boolean): ReorderLookup {
  return {
    position: (positionId, menuId) => findPosition(catalog, menuId, positionId),
    modifierGroups: (positionId) => catalog.modifiersByPosition[positionId] ?? [],
    orderable(positionId, menuId) {
      const menu = catalog.menus.find((m) => m.menu.id === menuId);
      const position = menu?.positions.find((p) => p.id === positionId);
      const group = menu?.groups.find((g) => g.id === (position?.positionGroup?.id ?? 0));
      if (!position || (group?.isAdult && !adultConfirmed)) return false;
      return isPositionAvailable(catalog.timeSlotsByPosition[positionId], now, catalog.resto.timezone);
    },
  };
}

async function adultConfirmed(rc: RequestContext) {
  return (await rc.session.get("prefs")).person_adulthood_confirmed === true;
}

/** The share page: the link of the customer's current cart (null when the cart is empty). */
export async function loadSharePage(rc: RequestContext) {
  const { config } = rc.services;
  const state = await rc.session.get("storefront");
  const location = effectiveLocation(state, config.brand);
  const { origin } = pageUrls(rc);
  const lines = state.cart_positions;
  const url =
    location?.restoId && lines.length > 0
      ? `${origin}/shared-cart/${encodeSharedCart({ restoId: location.restoId, cityId: location.cityId, lines })}`
      : null;
  return { url, count: lines.reduce((n, l) => n + l.count, 0) };
}

export type SharedCartView =
  | { kind: "invalid" }
  | { kind: "other-resto"; sharedResto: string; currentResto: string | null; switchTo: string }
  | {
      kind: "lines";
      currency: string;
      restoName: string;
      lines: { key: string; name: string; count: number; unitPrice: number; sum: number; modifiers: string[] }[];
      leftOut: { name: string | null; reason: CheckedLines["leftOut"][number]["reason"] }[];
      total: number;
    };

async function checkShared(rc: RequestContext, code: string) {
  const shared = decodeSharedCart(code);
  if (!shared) return { view: { kind: "invalid" } as SharedCartView, checked: null };
  return checkCart(rc, shared, `/shared-cart/${code}`);
}

/**
 * Lines of one restaurant (a shared cart, a past order: issue 18 §1–2) checked against today's catalog of the
 * customer's restaurant; another restaurant's lines are an offer to switch that comes back to `back`.
 */
export async function checkCart(rc: RequestContext, cart: SharedCart & { lines: (CartLine & { name?: string })[] }, back: string) {
  const { config, upstream } = rc.services;
  const location = effectiveLocation(await rc.session.get("storefront"), config.brand);
  if (location?.restoId !== cart.restoId) {
    const [sharedResto, currentResto] = await Promise.all([
      upstream.catalog.resto(cart.restoId).then((r) => r.value.name).catch(() => null),
      location?.restoId ? upstream.catalog.resto(location.restoId).then((r) => r.value.name).catch(() => null) : null,
    ]);
    if (!sharedResto) return { view: { kind: "invalid" } as SharedCartView, checked: null };
    const switchTo = `/location?${new URLSearchParams({ city: String(cart.cityId), method: "TAKE_AWAY", resto: String(cart.restoId), redirectTo: back })}`;
    return { view: { kind: "other-resto", sharedResto, currentResto, switchTo } as SharedCartView, checked: null };
  }
  const catalog = await currentCatalog(rc);
  if (!catalog) return { view: { kind: "invalid" } as SharedCartView, checked: null };
  const checked = checkLines(cart.lines, reorderLookup(catalog, upstream.clock.now(), await adultConfirmed(rc)));
  const view: SharedCartView = {
    kind: "lines",
    currency: catalog.resto.currency,
    restoName: catalog.resto.name,
    lines: checked.lines.map((l) => ({ key: l.key, name: l.name, count: l.line.count, unitPrice: l.unitPrice, sum: l.sum, modifiers: l.modifiers.map((m) => (m.count > 1 ? `${m.name} × ${m.count}` : m.name)) })),
    leftOut: checked.leftOut.map((l) => ({ name: l.name, reason: l.reason })),
    total: checked.lines.reduce((n, l) => n + l.sum, 0),
  };
  return { view, checked };
}

export async function loadSharedCart(rc: RequestContext, code: string) {
  const { view } = await checkShared(rc, code);
  return data({ view }, { headers: { "Cache-Control": "private, no-store" }, status: view.kind === "invalid" ? 404 : 200 });
}

const addSchema = z.object({ intent: z.literal("add") });

/** 'Добавить в корзину': the shared lines that pass today's checks merge into the visitor's cart. */
export async function sharedCartAction(rc: RequestContext, code: string) {
  const form = await readForm(rc); // first: a body that is not a form is refused before anything is read
  const messages = messagesFor(rc.locale);
  const submission = parseTranslated(form, addSchema, rc.t);
  if (submission.status !== "success") return data({ error: messages.errors.requestFailed }, { status: 400 });
  const { checked } = await checkShared(rc, code);
  return mergeIntoCart(rc, checked);
}

/** The checked lines merged into the customer's cart (the cart's own rules and cookie guard), 303 to the cart. */
export async function mergeIntoCart(rc: RequestContext, checked: CheckedLines | null) {
  const messages = messagesFor(rc.locale);
  if (!checked || checked.lines.length === 0) return data({ error: messages.reorder.nothingToAdd }, { status: 400 });
  const state = await rc.session.get("storefront");
  const previous = state.cart_positions;
  let cart = previous;
  for (const { line } of checked.lines) {
    const change = addLine(cart, line);
    if (change.issue && change.issue !== "count-capped") return data({ error: messages.menu.errors.cartFull }, { status: 400 });
    cart = change.cart;
  }
  state.cart_positions = [...cart];
  const result = await commitCart(rc, previous);
  if (!result.ok) return data({ error: messages.errors.cookieTooLarge }, { status: 400 });
  return redirect("/cart", { status: 303, headers: result.headers });
}
