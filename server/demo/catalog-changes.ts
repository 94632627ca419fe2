/**
 * Menu changes of the twin for the browser tests (issue 18 §1): a position taken off the menu, a position's
 * price changed — what a real restaurant does between two orders, so that a repeated order can be seen to leave
 * the one out and price the other today. Per position, so tests running alongside on other positions are not
 * disturbed; the catalog lists and the twin's preflight and orders all see them. `POST /_demo/catalog`.
 */
import type { Position } from "~/lib/model";

interface Changes {
  removed: Set<number>;
  prices: Map<number, number>;
}

const KEY = Symbol.for("storefront.demo.catalogChanges");
type Holder = { [KEY]?: Changes };

function changes(): Changes {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= { removed: new Set(), prices: new Map() });
}

/** Takes positions off the menu, sets prices (minor units), or restores positions (both undone). */
export function changeCatalog(input: { remove?: readonly number[]; prices?: Readonly<Record<string, number>>; restore?: readonly number[] }) {
  const c = changes();
  for (const id of input.remove ?? []) c.removed.add(id);
  for (const [id, price] of Object.entries(input.prices ?? {})) c.prices.set(Number(id), price);
  for (const id of input.restore ?? []) {
    c.removed.delete(id);
    c.prices.delete(id);
  }
}

export function resetCatalogChanges() {
  const c = changes();
  c.removed.clear();
  c.prices.clear();
}

/** The position as the twin serves it today: undefined when taken off the menu, else with today's price. */
export function changedPosition<P extends Pick<Position, "id" | "price">>(position: P): P | undefined {
  const c = changes();
  if (c.removed.has(position.id)) return undefined;
  const price = c.prices.get(position.id);
  return price === undefined ? position : { ...position, price };
}

/** A list of positions as the twin serves it today (no copy when nothing changed). */
export function changedPositions<P extends Pick<Position, "id" | "price">>(positions: readonly P[]): P[] {
  const c = changes();
  if (c.removed.size === 0 && c.prices.size === 0) return positions as P[];
  return positions.map(changedPosition).filter((p): p is P => p !== undefined);
}
