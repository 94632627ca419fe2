/**
 * The menu's cards as the server sent them (ADR 106): with JavaScript the browser keeps the first page's cards
 * instead of hydrating them, and their links and add forms work through the grid's delegation. These journeys
 * check what that could break for a customer: the add button waits while its add is in flight, an add made
 * after the URL changed (a layer opened by its URL, then closed) returns to the page the customer is on, and a
 * language switch re-renders the cards in the new language, which still add. Demo ids as in catalog.spec.ts.
 */
import { holdFirstCartPost } from "./helpers/hold-cart-post";
import { expect, test, type Page } from "./helpers/returning-customer";

const MARGHERITA = "/menus/501/positions/10001";
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.describe("kept menu cards", () => {
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the cards are the server's plain links and forms (catalog.spec.ts)");
  });

  test("a card's add button waits while its add is in flight, then adds once", async ({ page }) => {
    await page.goto("/menus/501");
    await markDocument(page);
    // hold the add's POST until the button was seen waiting
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/cart(\?|\.data|$)/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const add = page.getByRole("button", { name: "Добавить «Морс клюквенный» в корзину" });
    await add.click();
    await expect(add).toBeDisabled();
    release();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(add).toBeEnabled();
    await expect(page).toHaveURL(/\/menus\/501$/);
    expect(await sameDocument(page)).toBe(true);
  });

  test("two adds tapped one after the other both reach the cart, though the first is still on its way (ADR 119)", async ({ page }) => {
    await page.goto("/menus/501");
    // hold the first add's POST: sent together, both adds would start from the same cart cookie and the later
    // answer would drop the other position
    const { posts, release } = await holdFirstCartPost(page, "positionId");
    await page.getByRole("button", { name: "Добавить «Морс клюквенный» в корзину" }).click();
    await page.getByRole("button", { name: "Добавить «Кола» в корзину" }).click();
    await expect.poll(() => posts.length).toBe(1);
    await page.waitForTimeout(300); // the second add waits, not sent
    expect(posts).toHaveLength(1);
    release();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-line").filter({ hasText: "Морс клюквенный" })).toHaveCount(1);
    await expect(page.getByTestId("cart-line").filter({ hasText: "Кола" })).toHaveCount(1);
  });

  test("an add after a layer opened by its URL was closed stays on the menu", async ({ page }) => {
    // the menu behind the layer was rendered by the server for the layer's URL
    await page.goto(MARGHERITA);
    const layer = page.getByRole("dialog", { name: "Маргарита" });
    await expect(layer).toBeVisible();
    await markDocument(page);
    await layer.getByRole("link", { name: "Закрыть" }).click();
    await expect(page).toHaveURL(/\/menus\/501$/);
    await expect(layer).toBeHidden();
    await page.getByRole("button", { name: "Добавить «Морс клюквенный» в корзину" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    // not sent back to the layer's URL
    await expect(page).toHaveURL(/\/menus\/501$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);
  });

  test("the cards' routes are discovered once the page is idle, so opening a card needs no manifest round trip (ADR 134)", async ({ page }) => {
    // the hydration registers no card link: the server's cards carry no data-discover
    const html = await (await page.request.get("/menus/501")).text();
    expect(html).toContain(`href="${MARGHERITA}"`);
    expect(html).not.toMatch(/<a [^>]*href="\/menus\/501\/positions\/[^"]*"[^>]*data-discover|<a [^>]*data-discover[^>]*href="\/menus\/501\/positions\//);
    const discovered = page.waitForResponse((r) => r.url().includes("/__manifest") && decodeURIComponent(r.url()).includes(MARGHERITA));
    await page.goto("/menus/501");
    await discovered;
    // one link per card, later
    const cardUrls = await page.getByTestId("position-card").evaluateAll((cards) => new Set(cards.map((c) => c.querySelector("a[data-nav]")?.getAttribute("href"))).size);
    await expect.poll(() => page.locator("[data-testid=position-card] a[data-nav][data-discover]").count()).toBe(cardUrls);
    const manifestAsks: string[] = [];
    page.on("request", (r) => {
      // (the layer's own links are discovered when it mounts: only a request for the card's URL is a round trip)
      if (r.url().includes("/__manifest") && decodeURIComponent(r.url()).includes(MARGHERITA)) manifestAsks.push(r.url());
    });
    await page.getByTestId("position-card").filter({ hasText: "Маргарита" }).getByRole("link", { name: "Маргарита", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Маргарита" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${MARGHERITA}$`));
    expect(manifestAsks).toEqual([]);
  });

  test("after a language switch the cards speak the new language and still add", async ({ page }) => {
    await page.goto("/menus/501");
    await page.locator("summary").filter({ hasText: "ru" }).click();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const add = page.getByRole("button", { name: "Add “Морс клюквенный” to cart" });
    await expect(add).toBeVisible();
    await expect(page.getByRole("button", { name: "Добавить «Морс клюквенный» в корзину" })).toHaveCount(0);
    await add.click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(page).toHaveURL(/\/menus\/501$/);
  });
});
