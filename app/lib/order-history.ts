/**
 * A signed-in customer's last orders, to repeat one (issue 18 §1, ADR 101): per order the lines as the cart
 * holds them (position and menu ids, counts, modifier choices) with the names they had, the restaurant and its
 * city, the date, the number and the total. Never a price per line: a repeated order is priced by today's
 * catalog (`checkLines` in ./reorder).
 *
 * Entries are kept compact — the lines in the shared-cart code (`r<resto>.<city>~…`, ./reorder) — so that the
 * cookie copy fits its budget; what does not fit is the oldest orders, dropped first, then the newest order's
 * names. Anything unreadable is left out entry by entry (an old or damaged cookie is never an error).
 */
import { z } from "zod";
import { decodeSharedCart, encodeSharedCart } from "./reorder";
import type { CartLine } from "./cart";
import type { DeliveryMethod } from "./model";

/** how many orders are remembered */
export const ORDER_HISTORY_MAX = 5;
/** a name is kept to this many characters (it only names a line in a notice) */
export const HISTORY_NAME_MAX = 60;

export interface PastOrder {
  orderId: string;
  number: string;
  restoId: number;
  cityId: number;
  /** when it was placed, ms since the epoch */
  at: number;
  /** minor units, as the upstream answered; null when it did not say */
  total: number | null;
  currency: string;
  /** the lines with the names they had then (a name may be missing: the budget dropped it) */
  lines: (CartLine & { name?: string })[];
  /** when it was to arrive (delivery) or be ready (takeaway), ms since the epoch (ADR 190); missing in older entries */
  eta?: { at: number; method: DeliveryMethod } | null;
}

/** One stored entry: short keys, the lines as a shared-cart code, names in line order. */
const entrySchema = z.object({
  i: z.string().min(1).max(64),
  n: z.string().max(64),
  c: z.string().min(1).max(4000),
  t: z.number().int().nonnegative(),
  s: z.number().int().nullable(),
  u: z.string().max(8),
  m: z.array(z.string().max(HISTORY_NAME_MAX)).max(50).optional(),
  /** ADR 190: the expected time and the method (D delivery, T takeaway); entries stored before have neither, and an
   * unreadable one is dropped, never the entry */
  e: z.number().int().nonnegative().optional().catch(undefined),
  k: z.enum(["D", "T"]).optional().catch(undefined),
});
export type StoredPastOrder = z.infer<typeof entrySchema>;

export function encodePastOrder(order: PastOrder, withNames = true): StoredPastOrder {
  const entry: StoredPastOrder = {
    i: order.orderId,
    n: order.number,
    c: encodeSharedCart({ restoId: order.restoId, cityId: order.cityId, lines: order.lines }),
    t: order.at,
    s: order.total,
    u: order.currency,
  };
  if (withNames && order.lines.some((l) => l.name)) entry.m = order.lines.map((l) => (l.name ?? "").slice(0, HISTORY_NAME_MAX));
  if (order.eta) {
    entry.e = order.eta.at;
    entry.k = order.eta.method === "DELIVERY" ? "D" : "T";
  }
  return entry;
}

/** One stored entry read back, or null when it is not one (a damaged code, a wrong shape). */
export function decodePastOrder(raw: unknown): PastOrder | null {
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return null;
  const e = parsed.data;
  const cart = decodeSharedCart(e.c);
  if (!cart) return null;
  // names belong to lines only when they line up one to one
  const names = e.m && e.m.length === cart.lines.length ? e.m : null;
  return {
    orderId: e.i,
    number: e.n,
    restoId: cart.restoId,
    cityId: cart.cityId,
    at: e.t,
    total: e.s,
    currency: e.u,
    lines: cart.lines.map((line, index) => (names?.[index] ? { ...line, name: names[index] } : line)),
    ...(e.e !== undefined && e.k !== undefined ? { eta: { at: e.e, method: e.k === "D" ? ("DELIVERY" as const) : ("TAKE_AWAY" as const) } } : {}),
  };
}

/** Stored entries read back: at most the last five, newest first, one per order, unreadable ones left out. */
export function decodeHistory(raw: unknown): PastOrder[] {
  if (!Array.isArray(raw)) return [];
  return mergeHistories(raw.slice(0, ORDER_HISTORY_MAX * 2).map(decodePastOrder).filter((o): o is PastOrder => o !== null));
}

/**
 * Histories put together (say Redis's and the cookie's, ADR 101): one entry per order id, newest first, at
 * most five. The first list wins for an order both hold.
 */
export function mergeHistories(...lists: readonly (readonly PastOrder[])[]): PastOrder[] {
  const byId = new Map<string, PastOrder>();
  for (const list of lists) for (const order of list) if (!byId.has(order.orderId)) byId.set(order.orderId, order);
  return newestFirst([...byId.values()]);
}

/** A new order in front of the history (replacing an entry of the same order), bounded to five. */
export function addToHistory(history: readonly PastOrder[], order: PastOrder): PastOrder[] {
  return newestFirst([order, ...history.filter((o) => o.orderId !== order.orderId)]);
}

function newestFirst(orders: PastOrder[]): PastOrder[] {
  return [...orders].sort((a, b) => b.at - a.at).slice(0, ORDER_HISTORY_MAX);
}

/**
 * What may be stored of a history, most first: all of it (at most five), then without the oldest order, …, the
 * newest alone, and last the newest without its names.
 */
export function historyCandidates(history: readonly PastOrder[]): StoredPastOrder[][] {
  const orders = newestFirst([...history]);
  const list: StoredPastOrder[][] = [];
  for (let n = orders.length; n > 0; n--) list.push(orders.slice(0, n).map((o) => encodePastOrder(o)));
  if (orders[0]) list.push([encodePastOrder(orders[0], false)]);
  return list;
}

/**
 * The stored entries of a history that fit a budget: `fits` says whether a list of entries may be stored
 * (the server measures the sealed cookie). The oldest orders go first; when the newest alone does not fit,
 * it is kept without its names; when even that does not fit, nothing is stored (the caller logs it).
 */
export function fitHistory(history: readonly PastOrder[], fits: (entries: StoredPastOrder[]) => boolean): StoredPastOrder[] {
  return historyCandidates(history).find(fits) ?? [];
}

/** The order of this id in a history, if any. */
export function findPastOrder(history: readonly PastOrder[], orderId: string): PastOrder | null {
  return history.find((o) => o.orderId === orderId) ?? null;
}

/** Order ids in URLs: what the upstream gives (digits, letters, dashes), bounded. */
export const PAST_ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;
