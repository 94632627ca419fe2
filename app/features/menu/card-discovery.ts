/**
 * Route discovery for a grid's card links, after the first view (ADR 134).
 *
 * React Router's lazy route discovery registers, in an effect of the hydration, every link of the document that carries
 * `data-discover` and asks `/__manifest` for their routes. On the menu the cards' ≈ 230 links made that the
 * largest part of the hydration's last task. The cards carry no `data-discover`; once the browser is idle the grid
 * gives it to one link per detail URL, a few at a time, and React Router's observer (it watches that attribute) registers
 * them then. A card opened before that is discovered by the navigation itself, as any undiscovered link is.
 */

/** links given the attribute per idle slice: React Router's observer then registers them in that slice's task */
export const DISCOVER_PER_SLICE = 24;

/** how long one slice may wait for the browser to be idle */
const DISCOVER_SLICE_TIMEOUT_MS = 3_000;

/** what the grid needs of its list (a `<ul>`, or a fake in a unit test) */
export interface LinkRoot {
  querySelectorAll(selector: string): Iterable<LinkLike>;
}
export interface LinkLike {
  readonly isConnected: boolean;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
}

/** runs `task` later (when idle); returns its cancellation */
export type Schedule = (task: () => void) => () => void;

const whenIdle: Schedule = (task) => {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task, { timeout: DISCOVER_SLICE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 50);
  return () => clearTimeout(timer);
};

/** the card links still to be marked: one per detail URL, none whose URL a marked link already has */
export function linksToDiscover(root: LinkRoot): LinkLike[] {
  const links = [...root.querySelectorAll("a[data-nav][href]")];
  const known = new Set(links.filter((a) => a.hasAttribute("data-discover")).map((a) => a.getAttribute("href")));
  const pending: LinkLike[] = [];
  for (const a of links) {
    const href = a.getAttribute("href");
    if (href === null || known.has(href)) continue;
    known.add(href);
    pending.push(a);
  }
  return pending;
}

/**
 * Marks the card links of `root` for React Router's route discovery in slices of `perSlice`, each when the browser is
 * idle. Returns the cancellation (the grid's effect cleanup): nothing is marked after it.
 */
export function discoverCardLinks(root: LinkRoot, schedule: Schedule = whenIdle, perSlice = DISCOVER_PER_SLICE): () => void {
  let pending: LinkLike[] | null = null;
  let cancel = () => {};
  const slice = () => {
    pending ??= linksToDiscover(root);
    for (const a of pending.splice(0, perSlice)) if (a.isConnected) a.setAttribute("data-discover", "true");
    if (pending.length > 0) cancel = schedule(slice);
  };
  cancel = schedule(slice);
  return () => cancel();
}
