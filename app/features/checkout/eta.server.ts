/**
 * When the order arrives (issue 39 §3, ADR 190), on the server: what the time is computed from, read before the
 * order is sent (cached catalog reads — the restaurant's time zone, the ordered positions' cooking times, its
 * takeaway lead time), the time itself once the upstream answered, and how it reads on a page. The rules are pure, in
 * `app/lib/eta.ts`. Nothing here throws: an unreadable part means a time less, never a failed order or page.
 */
import { DEFAULT_TIMEZONE } from "~/lib/constants";
import { etaWords, expectedArrival, parseInstant, type EtaSource, type EtaWords } from "~/lib/eta";
import type { DeliveryMethod, Order } from "~/lib/model";
import type { RequestContext } from "~server/context";
import type { OrderEta } from "./placed-order";

/** What the time of an order is computed from, besides the order time and the upstream's answer. */
export interface EtaInputs {
  method: DeliveryMethod;
  timezone: string;
  preOrderAt: string | null;
  deliveryMinutes: number | null;
  cookingMinutes: number | null;
  leadMinutes: number | null;
}

/**
 * Reads what the order's time needs, before the order is sent: the restaurant's time zone, for takeaway the longest
 * cooking time of the ordered positions and the restaurant's takeaway lead time (all from the cached catalog).
 */
export async function etaInputs(
  rc: RequestContext,
  order: {
    method: DeliveryMethod;
    restoId: number | null;
    deliveryMinutes: number | null;
    preOrderAt: string | null;
    lines: readonly { positionId: number; menuId: number }[];
  },
): Promise<EtaInputs> {
  const { catalog } = rc.services.upstream;
  const restoId = order.restoId;
  const takeaway = order.method === "TAKE_AWAY";
  const [resto, cooking, lead] = await Promise.all([
    restoId === null ? null : catalog.resto(restoId).then((r) => r.value).catch(() => null),
    takeaway ? cookingMinutes(rc, order.lines) : null,
    takeaway && restoId !== null
      ? catalog
          .workingHours(restoId)
          .then((r) => r.value.find((h) => h.type === "TAKE_AWAY")?.minTimeMinutes ?? null)
          .catch(() => null)
      : null,
  ]);
  return {
    method: order.method,
    timezone: resto?.timezone ?? DEFAULT_TIMEZONE,
    preOrderAt: order.preOrderAt || null,
    deliveryMinutes: order.method === "DELIVERY" ? order.deliveryMinutes : null,
    cookingMinutes: cooking,
    leadMinutes: lead,
  };
}

/** The longest cooking time of the ordered positions (the kitchen cooks them side by side); null when none says. */
async function cookingMinutes(rc: RequestContext, lines: readonly { positionId: number; menuId: number }[]): Promise<number | null> {
  const wanted = new Set(lines.map((l) => l.positionId));
  const menus = [...new Set(lines.map((l) => l.menuId))];
  const lists = await Promise.all(menus.map((menuId) => rc.services.upstream.catalog.positions(menuId).then((r) => r.value).catch(() => [])));
  let longest: number | null = null;
  for (const list of lists) {
    for (const position of list) {
      if (!wanted.has(position.id) || position.cookingTime === null) continue;
      longest = Math.max(longest ?? 0, position.cookingTime);
    }
  }
  return longest;
}

/**
 * The order's time once the upstream answered: placed at its `createdAt` when that is a readable instant not in
 * the future (an order found after its answer was lost, ADR 145), else now; the upstream's `expectedAt` first.
 */
export function orderEta(inputs: EtaInputs, answer: Pick<Order, "createdAt"> & { expectedAt?: string | null }, now: number): OrderEta {
  const created = parseInstant(answer.createdAt);
  const orderedAt = created !== null && created <= now ? created : now;
  const eta = expectedArrival({ ...inputs, orderedAt, upstreamAt: answer.expectedAt ?? null });
  return { method: inputs.method, orderedAt, timezone: inputs.timezone, at: eta?.at ?? null, source: eta?.source ?? null };
}

/** How the time reads on a page: its words in the restaurant's time zone, and the instant for `<time>`. */
export interface EtaView extends EtaWords {
  method: DeliveryMethod;
  /** ISO instant */
  at: string;
  source: EtaSource;
}

/**
 * The view of an order's time at `now`; `better` is a newer word of the upstream (the order's status answer), taken
 * when it is a readable instant not before the order. null when nothing says when.
 */
export function etaView(eta: OrderEta | null | undefined, now: number, locale: string, better?: string | null): EtaView | null {
  if (!eta) return null;
  const fresh = better ? expectedArrival({ method: eta.method, orderedAt: eta.orderedAt, timezone: eta.timezone, upstreamAt: better }) : null;
  const at = fresh?.at ?? eta.at;
  const source = fresh?.source ?? eta.source ?? "estimate";
  if (at === null || !Number.isFinite(at)) return null;
  return { method: eta.method, at: new Date(at).toISOString(), source, ...etaWords(at, now, eta.timezone, locale) };
}
