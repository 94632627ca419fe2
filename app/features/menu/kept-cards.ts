/**
 * The pure rules of the kept menu cards (ADR 106): when the server's cards a grid kept still show what the grid
 * would render, and which adds are in flight.
 */

/** what a grid's server cards were rendered from (not the page path: an add sends the current one) */
export interface CardsIdentity {
  positions: readonly object[];
  lang: string;
  currency: string;
  eager: number;
}

/**
 * Whether the cards rendered from `b` are those rendered from `a`. A revalidation (after every add) hands the
 * grid new position objects with the same content: the kept cards stay then; a change of the positions
 * (price, availability, another menu), the language, the currency or the eager photos does not keep them.
 */
export function sameCards(a: CardsIdentity | null, b: CardsIdentity): boolean {
  if (!a || a.lang !== b.lang || a.currency !== b.currency || a.eager !== b.eager) return false;
  if (a.positions === b.positions) return true;
  return a.positions.length === b.positions.length && JSON.stringify(a.positions) === JSON.stringify(b.positions);
}

/** the fetcher key of a card's add: one per position, so two adds of different positions run side by side */
export const ADD_KEY = "add-";
export const addKey = (cardId: string) => ADD_KEY + cardId;

/** the cards (`menuId-positionId`) whose add is in flight, among the page's fetchers */
export function addsInFlight(fetchers: readonly { key: string; state: string }[]): Set<string> {
  return new Set(fetchers.filter((f) => f.key.startsWith(ADD_KEY) && f.state !== "idle").map((f) => f.key.slice(ADD_KEY.length)));
}
