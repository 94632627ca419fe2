/**
 * What the server drew stays where it was drawn when the scripts take over (ADR 229). The hydration starts after the
 * first paint (ADR 080, 121): by then a customer may be reaching for a button, and anything the scripts add, remove or
 * resize above or beside it moves it under the finger — a press that lands on the wrong control, or a press released
 * on another element, which is no click at all. For each screen, every link, button and field is measured as the
 * server's document is parsed (DOMContentLoaded, before the hydration) and again once the scripts have run; none may
 * have moved. The cart's screens are seen empty and filled, and signed in (the checkout form). With JavaScript only (without it nothing takes over), at a desktop, a Pixel 7, and 320 and 360 px.
 */
import { expect, test, type Page } from "./helpers/returning-customer";
import { signInWithPhone } from "./helpers/sign-in";

const SCREENS = [
  "/",
  "/menus/501",
  "/menus/501/positions/10001",
  "/menus/501/positions/10031",
  "/menus/502",
  "/promotions",
  "/promotions/301",
  "/restos",
  "/restos/173",
  "/search",
  "/cart",
  "/cart?confirm=clear",
  "/auth?redirectTo=%2F",
  "/location",
  "/orders/repeat",
  "/terms-of-sale",
];

type Moved = { screen: string; label: string; dx: number; dy: number; connected: boolean };

/** the init script: each document's interactive elements and where they are, as the parser finishes */
function recordDrawn() {
  if (window.top !== window) return;
  document.addEventListener("DOMContentLoaded", () => {
    const drawn = [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary")]
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { el, label: `${el.tagName.toLowerCase()} "${(el.textContent?.trim() || el.getAttribute("name") || el.getAttribute("aria-label") || "").slice(0, 30)}"`, top: box.top + scrollY, left: box.left + scrollX, shown: box.width > 0 && box.height > 0 };
      })
      // the count field narrows as its own −/+ buttons arrive beside it (a press at its left edge meets "−",
      // disabled at the count of 1 the server drew); everything around it keeps its place
      .filter((d) => d.shown && !d.el.matches("input[name=count]"));
    const hydrating = Object.keys(document).some((key) => key.startsWith("__reactContainer"));
    (window as unknown as { __drawn: { drawn: typeof drawn; hydrating: boolean } }).__drawn = { drawn, hydrating };
  });
}

async function movedOn(page: Page, screen: string): Promise<Moved[] | "hydrated before parsed"> {
  await page.goto(screen);
  // the scripts have run: React attached (the load gate), its effects done, the layers' code in (a layer marks itself
  // live, ADR 228), no request still open
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  return page.evaluate((screen) => {
    const record = (window as unknown as { __drawn?: { drawn: { el: Element; label: string; top: number; left: number }[]; hydrating: boolean } }).__drawn;
    if (!record) return [{ screen, label: "no record", dx: 0, dy: 0, connected: false }];
    if (record.hydrating) return "hydrated before parsed" as const;
    return record.drawn
      .map(({ el, label, top, left }) => {
        const box = el.getBoundingClientRect();
        return { screen, label, connected: el.isConnected, dx: Math.round(box.left + scrollX - left), dy: Math.round(box.top + scrollY - top) };
      })
      .filter((m) => !m.connected || Math.abs(m.dx) > 1 || Math.abs(m.dy) > 1);
  }, screen);
}

/** Loads each screen in turn (`before` runs ahead of the screen at its index) and expects no control to have moved. */
async function expectNothingMoved(page: Page, screens: readonly string[], before: Record<number, () => Promise<unknown>> = {}) {
  await page.addInitScript(recordDrawn);
  const moved: Moved[] = [];
  let checked = 0;
  for (const [i, screen] of screens.entries()) {
    await before[i]?.();
    const result = await movedOn(page, screen);
    if (result === "hydrated before parsed") continue;
    checked += 1;
    moved.push(...result);
  }
  // the hydration starting before the parser is done is rare (a long document, a fast machine): most screens are checked
  expect(checked, "screens checked").toBeGreaterThanOrEqual(screens.length - 3);
  expect(moved).toEqual([]);
}

const addToCart = (page: Page) => () =>
  page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501", count: "2" }, maxRedirects: 0 });

/** every screen as a returning guest, then the cart's screens again with a filled cart (its lines, steppers, totals) */
function asGuest(page: Page) {
  const filled = ["/cart", "/menus/501", "/cart?confirm=clear"];
  return expectNothingMoved(page, [...SCREENS, ...filled], { [SCREENS.length]: addToCart(page) });
}

test.use({ serviceWorkers: "block" });
test.describe("layout stability", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript nothing takes the page over");
  // nineteen page loads, each waited to its idle network
  test.describe.configure({ timeout: 90_000 });

  test("nothing the server drew moves when the scripts take over", async ({ page }) => {
    await asGuest(page);
  });

  test("signed in with a filled cart: nothing moves either (the checkout form, preferences, past orders)", async ({ page }) => {
    await signInWithPhone(page);
    await expectNothingMoved(page, ["/cart", "/preferences", "/orders/repeat", "/", "/menus/501/positions/10001"], { 0: addToCart(page) });
  });

  for (const width of [320, 360]) {
    test.describe(`${width} px`, () => {
      test.skip(({ isMobile }) => !isMobile, "phone widths: the phone project");
      test.use({ viewport: { width, height: 640 } });
      test(`nothing the server drew moves when the scripts take over at ${width} px`, async ({ page }) => {
        await asGuest(page);
      });
    });
  }
});
