/**
 * Repeating an order (issue 18 §1, ADR 101/102): the signed-in customer's last five orders are remembered
 * when an order is placed (`rememberOrder`, called by checkout); 'Повторить заказ' (the success screen, the
 * header's account menu) opens `/orders/repeat` — the list — and `/orders/<id>/repeat`: the order's lines
 * checked against today's catalog exactly as a shared cart's are (reorder.server.ts `checkCart`), merged into
 * the cart with one form.
 */
import { parseTranslated } from "~/features/forms/parse-translated";
import { data, redirect } from "react-router";
import { z } from "zod";
import { checkoutPerson } from "~/features/checkout/person.server";
import type { PlacedOrder } from "~/features/checkout/placed-order";
import { etaView, type EtaView } from "~/features/checkout/eta.server";
import { offsetMinutesAt } from "~/lib/schedule";
import type { PreflightPayload } from "~/lib/model";
import { effectiveLocation } from "~/features/location/location.server";
import { messagesFor } from "~/i18n/locale.server";
import { langTag } from "~/lib/lang-tag";
import { PAST_ORDER_ID, findPastOrder, type PastOrder } from "~/lib/order-history";
import { checkCart, mergeIntoCart, type SharedCartView } from "./reorder.server";
import { readPastOrders, recordPastOrder } from "~server/orders/history";
import { readForm } from "~/features/forms/read-form.server";
import type { RequestContext } from "~server/context";

/**
 * Checkout calls this right after a new (not replayed) order, before the cart is emptied: the cart's lines,
 * the names the order gave them, the restaurant and its city, the date and the total.
 */
export async function rememberOrder(rc: RequestContext, owner: string, order: PlacedOrder, cart: { payload: PreflightPayload | null }) {
  const { config, upstream } = rc.services;
  const state = await rc.session.get("storefront");
  const location = effectiveLocation(state, config.brand);
  const restoId = cart.payload?.restoId ?? location?.restoId;
  if (!restoId || !location || state.cart_positions.length === 0) return;
  const names = new Map((cart.payload?.positions ?? []).map((p) => [p.id, p.name]));
  await recordPastOrder(historyDeps(rc), owner, {
    orderId: order.orderId,
    number: order.number,
    restoId,
    cityId: location.cityId,
    at: upstream.clock.now().getTime(),
    total: order.total,
    currency: order.currency,
    lines: state.cart_positions.map((line) => {
      const name = names.get(line.positionId);
      return name ? { ...line, name } : { ...line };
    }),
    // when it arrives (ADR 190), for the history to say
    ...(order.eta && order.eta.at !== null ? { eta: { at: order.eta.at, method: order.eta.method } } : {}),
  });
}

/** the signed-in person's id, else a 303 to sign-in that comes back here */
async function ownerOrSignIn(rc: RequestContext, back: string): Promise<string> {
  const person = await checkoutPerson(rc);
  if (person) return String(person.auth.personId);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`, { status: 303, headers: await rc.session.commitHeaders() });
}

export interface PastOrderSummary {
  orderId: string;
  number: string;
  /** the date it was placed, in the restaurant's time zone and the page's language */
  date: string;
  total: number | null;
  currency: string;
  restoName: string | null;
  count: number;
  names: string[];
  /** when it was to arrive or be ready, in the restaurant's time zone (ADR 190); null for older entries */
  eta: EtaView | null;
}

const noStore = { "Cache-Control": "private, no-store" };

const historyDeps = (rc: RequestContext) => ({ session: rc.session, sessions: rc.services.sessions, redis: rc.services.redis });

/** `/orders/repeat`: the last orders, newest first. */
export async function loadRepeatList(rc: RequestContext) {
  const owner = await ownerOrSignIn(rc, "/orders/repeat");
  const history = await readPastOrders(historyDeps(rc), owner);
  const { upstream } = rc.services;
  const locale = rc.locale;
  const restos = new Map<number, { name: string; timezone: string } | null>();
  for (const restoId of new Set(history.map((o) => o.restoId))) {
    restos.set(restoId, await upstream.catalog.resto(restoId).then((r) => r.value).catch(() => null));
  }
  const now = upstream.clock.now().getTime();
  const orders: PastOrderSummary[] = history.map((o) => ({
    orderId: o.orderId,
    number: o.number,
    date: formatDate(o.at, restos.get(o.restoId)?.timezone, locale),
    total: o.total,
    currency: o.currency,
    restoName: restos.get(o.restoId)?.name ?? null,
    count: o.lines.reduce((n, l) => n + l.count, 0),
    names: o.lines.map((l) => l.name).filter((n): n is string => Boolean(n)),
    eta: o.eta
      ? etaView({ ...o.eta, orderedAt: o.at, timezone: restos.get(o.restoId)?.timezone ?? "+03:00", source: null }, now, locale)
      : null,
  }));
  return data({ orders }, { headers: await rc.session.commitHeaders(noStore) });
}

async function pastOrder(rc: RequestContext, orderId: string): Promise<PastOrder | null> {
  const back = `/orders/${encodeURIComponent(orderId)}/repeat`;
  const owner = await ownerOrSignIn(rc, back);
  if (!PAST_ORDER_ID.test(orderId)) return null;
  return findPastOrder(await readPastOrders(historyDeps(rc), owner), orderId);
}

export interface RepeatOrderPage {
  view: SharedCartView;
  order: { number: string; date: string; total: number | null; currency: string } | null;
}

/** `/orders/<id>/repeat`: the order's lines checked against today's catalog (404 when it is not remembered). */
export async function loadRepeatOrder(rc: RequestContext, orderId: string) {
  const order = await pastOrder(rc, orderId);
  if (!order) return data({ view: { kind: "invalid" }, order: null } satisfies RepeatOrderPage, { status: 404, headers: await rc.session.commitHeaders(noStore) });
  const { view } = await checkCart(rc, order, `/orders/${orderId}/repeat`);
  const timezone = await rc.services.upstream.catalog.resto(order.restoId).then((r) => r.value.timezone).catch(() => undefined);
  const date = formatDate(order.at, timezone, rc.locale);
  const page: RepeatOrderPage = { view, order: { number: order.number, date, total: order.total, currency: order.currency } };
  return data(page, { headers: await rc.session.commitHeaders(noStore) });
}

/**
 * a day in the restaurant's zone ("+03:00" or an IANA name; Moscow's when unknown), formatted on the server (no
 * hydration drift)
 */
function formatDate(at: number, timezone: string | undefined, locale: string): string {
  const offsetMs = offsetMinutesAt(timezone, at) * 60_000;
  return new Intl.DateTimeFormat(langTag(locale), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(at + offsetMs));
}

const addSchema = z.object({ intent: z.literal("add") });

/** 'Добавить в корзину': the order's lines that pass today's checks merge into the cart (303 to the cart). */
export async function repeatOrderAction(rc: RequestContext, orderId: string) {
  const form = await readForm(rc); // first: a body that is not a form is refused before anything is read
  const messages = messagesFor(rc.locale);
  const submission = parseTranslated(form, addSchema, rc.t);
  if (submission.status !== "success") return data({ error: messages.errors.requestFailed }, { status: 400 });
  const order = await pastOrder(rc, orderId);
  if (!order) return data({ error: messages.reorder.repeatMissing }, { status: 404 });
  const { checked } = await checkCart(rc, order, `/orders/${orderId}/repeat`);
  return mergeIntoCart(rc, checked);
}
