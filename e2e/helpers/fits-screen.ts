/**
 * Small-phone fit checks (issue 15 §3) that work with JavaScript on and off: `page.evaluate` hangs where the
 * page's JavaScript is disabled, so the measuring runs in a selector engine registered with
 * `contentScript: true` (Playwright's isolated world), like e2e/helpers/focus.ts.
 *
 * - `fits=content` — every element of <main> or of a layer that reaches past the viewport's right or left edge
 *   (what makes the page scroll sideways; the header is checked by the small-phone sweep of all routes);
 * - `fits=outside` — every rendered control (link, button, field) or dialog inside <main> or a layer that
 *   sticks out of the viewport to the left or right, or (a dialog) below its bottom.
 */
import { expect, selectors, type Page } from "@playwright/test";

let registered: Promise<void> | null = null;

export function registerFitsEngine(): Promise<void> {
  registered ??= selectors
    .register(
      "fits",
      () => {
        const outside = (doc: Document): Element[] => {
          const width = doc.documentElement.clientWidth;
          const height = doc.documentElement.clientHeight;
          const controls = doc.querySelectorAll(
            "main a[href], main button, main input:not([type=hidden]), main select, main textarea, [role=dialog], [role=dialog] a[href], [role=dialog] button",
          );
          return [...controls].filter((el) => {
            if (el.getClientRects().length === 0) return false;
            const style = getComputedStyle(el);
            if (style.visibility === "hidden") return false;
            const box = el.getBoundingClientRect();
            // sr-only text and the honeypot are 1 px boxes clipped away: nothing to see
            if (box.width <= 1 && box.height <= 1) return false;
            if (el.closest(".sr-only, [aria-hidden=true]")) return false;
            const sideways = box.left < -0.5 || box.right > width + 0.5;
            const below = el.getAttribute("role") === "dialog" && box.bottom > height + 0.5;
            return sideways || below;
          });
        };
        const run = (root: Element | Document, what: string): Element[] => {
          const doc = root instanceof Document ? root : root.ownerDocument;
          const html = doc.documentElement;
          if (what.trim() === "content") {
            const width = html.clientWidth;
            return [...doc.querySelectorAll("main *, [role=dialog] *")].filter((el) => {
              const box = el.getBoundingClientRect();
              return box.width > 1 && (box.right > width + 0.5 || box.left < -0.5) && !el.closest(".sr-only");
            });
          }
          if (what.trim() === "outside") return outside(doc);
          throw new Error(`fits=${what}: expected content or outside`);
        };
        return {
          query: (root: Element | Document, what: string) => run(root, what)[0] ?? null,
          queryAll: (root: Element | Document, what: string) => run(root, what),
        };
      },
      { contentScript: true },
    )
    .catch((error: unknown) => {
      if (!String(error).includes("already registered")) throw error;
    });
  return registered;
}

/** The page has no horizontal scroll and every control of the content and of any layer is on screen. */
export async function expectFitsScreen(page: Page, step: string): Promise<void> {
  await expect(page.locator("fits=content"), `${step}: nothing of the content wider than the screen`).toHaveCount(0);
  const out = page.locator("fits=outside");
  const names: string[] = [];
  for (const el of await out.all()) {
    const label = ((await el.getAttribute("aria-label")) ?? (await el.textContent()) ?? "").trim().slice(0, 30);
    names.push(label || (await el.getAttribute("name")) || "a control");
  }
  expect(names, `${step}: controls outside the screen`).toEqual([]);
}
