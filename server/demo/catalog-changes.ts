/**
 * Menu changes of the twin for the browser tests (issue 18 §1): a position taken off the menu, a position's
 * price changed — what a real restaurant does between two orders, so that a repeated order can be seen to leave
 * the one out and price the other today. Per position, so tests running alongside on other positions are not
 * disturbed; the catalog lists and the twin's preflight and orders all see them. `POST /_demo/catalog`.
 */
import type { Position } from "~/lib/model";

export interface CatalogChanges {
  /** Takes positions off the menu, sets prices (minor units), or restores positions (both undone). */
  change(input: { remove?: readonly number[]; prices?: Readonly<Record<string, number>>; restore?: readonly number[] }): void;
  reset(): void;
  /** The position as the twin serves it today: undefined when taken off the menu, else with today's price. */
  position<P extends Pick<Position, "id" | "price">>(position: P): P | undefined;
  /** A list of positions as the twin serves it today (no copy when nothing changed). */
  positions<P extends Pick<Position, "id" | "price">>(positions: readonly P[]): P[];
}

/** The changes of one twin (its store owns them). */
export function createCatalogChanges(): CatalogChanges {
  const removed = new Set<number>();
  const prices = new Map<number, number>();
  function position<P extends Pick<Position, "id" | "price">>(p: P): P | undefined {
    if (removed.has(p.id)) return undefined;
    const price = prices.get(p.id);
    return price === undefined ? p : { ...p, price };
  }
  return {
    change(input) {
      for (const id of input.remove ?? []) removed.add(id);
      for (const [id, price] of Object.entries(input.prices ?? {})) prices.set(Number(id), price);
      for (const id of input.restore ?? []) {
        removed.delete(id);
        prices.delete(id);
      }
    },
    reset() {
      removed.clear();
      prices.clear();
    },
    position,
    positions<P extends Pick<Position, "id" | "price">>(list: readonly P[]): P[] {
      if (removed.size === 0 && prices.size === 0) return list as P[];
      return list.map((p) => position(p)).filter((p): p is P => p !== undefined);
    },
  };
}
