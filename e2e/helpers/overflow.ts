/**
 * "Nothing scrolls sideways, every control inside the viewport" (issue 15 §3), measured the same way with
 * JavaScript on and off. `page.evaluate` hangs in a context without JavaScript (see a11y.ts), but a selector
 * engine registered with `contentScript: true` runs in Playwright's isolated world, which works there. The
 * `overflow` engine below answers with the offending elements, each labelled in `data-overflow` with why:
 *
 * - the document itself when it is wider than the viewport (the page scrolls sideways);
 * - any scroll container (a layer's body, the search view) that scrolls sideways, unless it is a deliberate
 *   horizontal scroller (a carousel, the group tabs): one that says so with the `overflow-x-*` or `snap-x`
 *   utility, or `data-scroll-x`; such a scroller itself must still sit inside the viewport;
 * - every visible control (link, button, field, summary, anything focusable) whose visible part (clipped by
 *   its scrolling and clipping ancestors, except the root) reaches past the left or right edge of the viewport.
 *   What a scroller has scrolled out (a carousel's next cards, a layer's lower part) is not counted:
 *   scrolling brings it in.
 */
import { expect, selectors, test, type Page } from "@playwright/test";

let registered: Promise<void> | null = null;

export function registerOverflowEngine(): Promise<void> {
  registered ??= selectors
    .register(
      "overflow",
      () => {
        const CONTROLS =
          'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="radio"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';
        const SLACK = 1;
        const describe = (el: Element) => {
          const id = el.id ? `#${el.id}` : "";
          const testId = el.getAttribute("data-testid");
          const label = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
          return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ""}> “${label}”`;
        };
        const deliberateScroller = (el: Element) =>
          el.hasAttribute("data-scroll-x") || /(^|\s)(overflow-x-(auto|scroll)|snap-x)(\s|$)/.test(el.getAttribute("class") ?? "");
        const scrolls = (style: CSSStyleDeclaration) => style.overflowX === "auto" || style.overflowX === "scroll";
        const clips = (style: CSSStyleDeclaration) => style.overflowX !== "visible";
        const find = (root: Document | Element, kind: string): Element[] => {
          const doc = root instanceof Document ? root : root.ownerDocument;
          const view = doc.documentElement;
          const width = view.clientWidth;
          const out: Element[] = [];
          const mark = (el: Element, why: string) => {
            el.setAttribute("data-overflow", why);
            out.push(el);
          };
          for (const el of Array.from(doc.querySelectorAll("[data-overflow]"))) el.removeAttribute("data-overflow");
          if (kind === "page" || kind === "all") {
            const scrollWidth = Math.max(view.scrollWidth, doc.body?.scrollWidth ?? 0);
            if (scrollWidth > width + SLACK) mark(view, `the page is ${scrollWidth} px wide in a ${width} px viewport`);
          }
          if (kind === "scrollers" || kind === "all") {
            for (const el of Array.from(doc.body.querySelectorAll("*"))) {
              const style = getComputedStyle(el);
              if (!scrolls(style) || el.clientWidth === 0) continue;
              if (deliberateScroller(el)) {
                const box = el.getBoundingClientRect();
                if (box.width > 0 && (box.left < -SLACK || box.right > width + SLACK))
                  mark(el, `horizontal scroller ${describe(el)} spans ${Math.round(box.left)}…${Math.round(box.right)} px`);
              } else if (el.scrollWidth > el.clientWidth + SLACK) {
                mark(el, `${describe(el)} scrolls sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
              }
            }
          }
          if (kind === "controls" || kind === "all") {
            for (const el of Array.from(doc.body.querySelectorAll(CONTROLS))) {
              const style = getComputedStyle(el);
              if (style.visibility !== "visible" || style.display === "none") continue;
              // the content of a closed <details> is not shown (Chrome still lays it out)
              const closed = el.closest("details:not([open])");
              if (closed && !(el.tagName === "SUMMARY" && el.parentElement === closed)) continue;
              const box = el.getBoundingClientRect();
              if (box.width <= 1 || box.height <= 1) continue; // sr-only, empty
              let left = box.left;
              let right = box.right;
              let top = box.top;
              let bottom = box.bottom;
              let fixed = style.position === "fixed";
              // clipped by its scrolling and clipping ancestors: what is scrolled out is reachable by scrolling
              // them, and they are checked themselves (a scroller that scrolls sideways by accident, above)
              for (let a = el.parentElement; a && a !== doc.body && a !== view && !fixed; a = a.parentElement) {
                const s = getComputedStyle(a);
                if (s.display === "contents") continue;
                if (clips(s)) {
                  const r = a.getBoundingClientRect();
                  left = Math.max(left, r.left);
                  right = Math.min(right, r.right);
                  top = Math.max(top, r.top);
                  bottom = Math.min(bottom, r.bottom);
                }
                if (s.position === "fixed") fixed = true;
              }
              if (right - left <= 1 || bottom - top <= 1) continue; // clipped away or scrolled out vertically
              if (left < -SLACK || right > width + SLACK) mark(el, `${describe(el)} spans ${Math.round(left)}…${Math.round(right)} px, outside 0…${width} px`);
            }
          }
          return out;
        };
        return {
          query: (root: Document | Element, kind: string) => find(root, kind.trim())[0] ?? null,
          queryAll: (root: Document | Element, kind: string) => find(root, kind.trim()),
        };
      },
      { contentScript: true },
    )
    .catch((error: unknown) => {
      if (!String(error).includes("already registered")) throw error;
    });
  return registered;
}

/** Why each offending element offends (empty when the page fits). */
export async function overflowProblems(page: Page): Promise<string[]> {
  const offenders = page.locator("overflow=all");
  const count = await offenders.count();
  const out: string[] = [];
  for (let i = 0; i < Math.min(count, 12); i++) {
    out.push((await offenders.nth(i).getAttribute("data-overflow").catch(() => null)) ?? "?");
  }
  if (count > 12) out.push(`… and ${count - 12} more`);
  return out;
}

/** Nothing scrolls sideways and every control is inside the viewport; a screenshot is attached when not. */
export async function expectNoSidewaysOverflow(page: Page, state: string): Promise<void> {
  const problems = await overflowProblems(page);
  if (problems.length) {
    const path = test.info().outputPath(`overflow-${state.replace(/[^\p{L}\d]+/gu, "-")}.png`);
    await page.screenshot({ path, fullPage: false });
    await test.info().attach(`overflow at “${state}”`, { path, contentType: "image/png" });
  }
  // soft: a test that checks several states names every one that overflows
  expect.soft(problems, `${state} at ${page.viewportSize()?.width} px`).toEqual([]);
}
