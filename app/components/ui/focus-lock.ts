import { useEffect, type RefObject } from "react";

/**
 * Keeps the keyboard inside a layer (ADR 111): on mount the focus moves to the layer's first control unless it is
 * already inside; Tab from the last control goes to the first and Shift+Tab from the first to the last. The page
 * behind is already `inert` (ADR 050), so nothing behind can take the focus or a click. This replaces Headless UI's
 * FocusTrap in `Layer` (its InitialFocus | TabLock features, 7.7 KB gz in every first view with a layer, the cart's
 * included); the map and location popups keep Headless UI's.
 */
export function useFocusLock(ref: RefObject<HTMLElement>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    if (!root.contains(document.activeElement)) tabbables(root)[0]?.focus({ preventScroll: true });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const items = tabbables(root);
      const active = document.activeElement;
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = active instanceof Node && root.contains(active);
      if (event.shiftKey ? !inside || active === first : !inside || active === last) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [ref]);
}

const CANDIDATES =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, iframe, summary, [tabindex], [contenteditable="true"]';

/** The controls of `root` that Tab visits, in document order (one per radio group: its checked radio, else its first). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const seenGroups = new Set<string>();
  const out: HTMLElement[] = [];
  for (const el of root.querySelectorAll<HTMLElement>(CANDIDATES)) {
    if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest("[inert]")) continue;
    if (el.getClientRects().length === 0) continue; // display:none, or inside a closed <details>
    if (el instanceof HTMLInputElement && el.type === "radio" && el.name) {
      const key = `${el.form?.id ?? ""}|${el.name}`;
      if (seenGroups.has(key)) continue;
      const group = [...root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]`)];
      const pick = group.find((r) => r.checked && !r.disabled) ?? el;
      seenGroups.add(key);
      out.push(pick);
      continue;
    }
    out.push(el);
  }
  return out;
}
