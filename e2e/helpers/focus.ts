/**
 * Keyboard-focus assertions that work with JavaScript on and off. `page.evaluate` hangs where the page's
 * JavaScript is disabled, but Playwright's own selector machinery runs in an isolated world that still works
 * there, and so does a custom selector engine registered with `contentScript: true`. The `focused` engine
 * below answers with the focused element, optionally only when a condition holds:
 *
 * - `focused=any` — the focused element (never <body>);
 * - `focused=ring` — … when it matches `:focus-visible` and its computed style draws something: an outline
 *   that is not `none`, at least 2 px wide and not transparent, or a box-shadow;
 * - `focused=unobscured` — … when it is not entirely hidden (WCAG 2.4.11): some point of it inside the
 *   viewport is the element itself (or inside it), not a sticky bar, scrim or banner over it;
 * - `focused=visible` — both.
 */
import { expect, selectors, test, type Locator, type Page } from "@playwright/test";

let registered: Promise<void> | null = null;

/** Registers the `focused` selector engine once per worker (call before the first page is created). */
export function registerFocusEngine(): Promise<void> {
  registered ??= selectors
    .register(
      "focused",
      () => {
        const transparent = (color: string) => color === "transparent" || /rgba\(.*,\s*0\)$/.test(color);
        const matches = (el: Element, condition: string): boolean => {
          if (condition === "any") return true;
          if (condition === "visible") return matches(el, "ring") && matches(el, "unobscured");
          if (condition === "ring") {
            if (!el.matches(":focus-visible")) return false;
            const style = getComputedStyle(el);
            const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 && !transparent(style.outlineColor);
            return outline || (style.boxShadow !== "none" && style.boxShadow !== "");
          }
          if (condition === "unobscured") {
            // a 5 × 5 grid over the part of the element inside the viewport
            const box = el.getBoundingClientRect();
            const view = el.ownerDocument.documentElement;
            const left = Math.max(box.left, 0) + 1;
            const right = Math.min(box.right, view.clientWidth) - 1;
            const top = Math.max(box.top, 0) + 1;
            const bottom = Math.min(box.bottom, view.clientHeight) - 1;
            if (right < left || bottom < top) return false;
            for (let i = 0; i <= 4; i++) {
              for (let j = 0; j <= 4; j++) {
                const hit = el.ownerDocument.elementFromPoint(left + ((right - left) * i) / 4, top + ((bottom - top) * j) / 4);
                if (hit && (hit === el || el.contains(hit))) return true;
              }
            }
            return false;
          }
          throw new Error(`focused=${condition}: expected any, ring, unobscured or visible`);
        };
        const focused = (root: Element | Document, condition: string): Element | null => {
          const doc = root instanceof Document ? root : root.ownerDocument;
          const el = doc.activeElement;
          if (!el || el === doc.body || el === doc.documentElement) return null;
          return matches(el, condition.trim()) ? el : null;
        };
        return {
          query: (root: Element | Document, condition: string) => focused(root, condition),
          queryAll: (root: Element | Document, condition: string) => {
            const el = focused(root, condition);
            return el ? [el] : [];
          },
        };
      },
      { contentScript: true },
    )
    .catch((error: unknown) => {
      // a second registration in the same worker (another spec file) is fine
      if (!String(error).includes("already registered")) throw error;
    });
  return registered;
}

/** A short description of the focused element, for messages. */
export async function describeFocus(page: Page): Promise<string> {
  const focused = page.locator("focused=any");
  if ((await focused.count()) === 0) return "nothing (body)";
  const label = (await focused.getAttribute("aria-label")) ?? (await focused.textContent())?.trim().slice(0, 40) ?? "";
  const role = (await focused.getAttribute("role")) ?? (await focused.getAttribute("type")) ?? "";
  return `${role ? `${role} ` : ""}“${label}”`;
}

/** The focused element exists, shows a focus ring and is not covered by anything. */
export async function expectVisibleFocus(page: Page, step: string): Promise<void> {
  const what = await describeFocus(page);
  try {
    await expect(page.locator("focused=any"), `${step}: something has the focus`).toHaveCount(1, { timeout: 2_000 });
    await expect(page.locator("focused=ring"), `${step}: ${what} shows a focus ring`).toHaveCount(1, { timeout: 2_000 });
    await expect(page.locator("focused=unobscured"), `${step}: ${what} is not covered`).toHaveCount(1, { timeout: 2_000 });
  } catch (error) {
    const path = test.info().outputPath(`focus-${step.replace(/[^\p{L}\d]+/gu, "-")}.png`);
    await page.screenshot({ path });
    await test.info().attach(`focus at “${step}”`, { path, contentType: "image/png" });
    throw error;
  }
}

/**
 * Presses `key` (Tab by default) until `target` has the focus, at most `max` times; every element the focus
 * passes on the way must show a visible, uncovered focus ring too.
 */
export async function tabTo(page: Page, target: Locator, step: string, { key = "Tab", max = 40 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    // one query per stop while all is well; the detailed assertions (with their messages) when it is not.
    // Focus on nothing is the browser's own UI between the page's last and first element: nothing to see.
    if ((await page.locator("focused=visible").count()) === 0 && (await page.locator("focused=any").count()) === 1) {
      await expectVisibleFocus(page, `${step}, stop ${i + 1}`);
    }
    if ((await target.and(page.locator("focused=any")).count()) === 1) return;
  }
  throw new Error(`${step}: ${max}× ${key} did not reach the target; the focus is on ${await describeFocus(page)}`);
}

/** `target` has the focus now, visibly. */
export async function expectFocusOn(page: Page, target: Locator, step: string): Promise<void> {
  await expect(target, `${step}: focus on the expected control (it is on ${await describeFocus(page)})`).toBeFocused();
  await expectVisibleFocus(page, step);
}
