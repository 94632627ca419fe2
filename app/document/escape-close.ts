/**
 * Escape on a layer before its code runs (ADR 228). A layer the server drew (a position or promotion, the cart's
 * confirmation, a refused order, the location popup) shows and works as plain links before the hydration, which
 * starts only after the first paint (ADR 080, 121) — and a dialog whose code comes after the first view (ADR 114)
 * stays the server's until that code arrives. Its close link closes it; Escape did nothing until then.
 *
 * The boot script (boot.ts) listens from the start: Escape follows the close link of the topmost layer whose own code
 * is not running yet. A layer marks itself live when its code runs (its own Escape handler is then attached), and
 * from then on the listener leaves it alone.
 */

/** on a layer's close link: the address Escape goes to */
export const ESCAPE_CLOSE_ATTR = "data-escape-close";
/** set on a layer by its own code once it runs (never by the server) */
export const LAYER_LIVE_ATTR = "data-layer-live";

export function closeOnEscapeUntilLive(d: Document): void {
  d.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented || event.isComposing) return;
    // an address field's suggestions close first (the field's own Escape)
    const target = event.target as Element | null;
    if (target && typeof target.closest === "function" && target.closest("[role=combobox]")) return;
    const links = d.querySelectorAll<HTMLAnchorElement>(`a[${ESCAPE_CLOSE_ATTR}]`);
    const close = links.length ? links[links.length - 1]! : null;
    if (!close || close.closest(`[${LAYER_LIVE_ATTR}]`)) return;
    event.preventDefault();
    close.click();
  });
}
