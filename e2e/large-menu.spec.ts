/**
 * A real chain's menu (issue 17 goal 2, ADR 107): on the twin's large-menu scenario (DEMO_LARGE_MENU=1, 1,000
 * positions in 40 groups), on a server of its own (one for the run), the menu page comes in pages of whole groups. With
 * JavaScript, scrolling to the end appends the rest without a document load (the first page's cards kept as
 * the server sent them, the appended ones React's: ADR 106) and a card far down is added to the cart; without
 * it, 'Показать ещё' is a plain link to the next page and reaches the same card; a chip of a group on a later
 * page reaches that group either way; the keyboard continues into the appended groups.
 */
import { expect, test, type Page } from "./helpers/returning-customer";
import { LARGE_MENU_URL } from "../playwright.config";

/** the large-menu server, started once for the run by playwright.config.ts */
const server = { base: LARGE_MENU_URL };

const cards = (page: Page) => page.getByTestId("position-card");
const more = (page: Page) => page.getByRole("link", { name: "Показать ещё" });
const chips = (page: Page) => page.getByRole("navigation", { name: "Разделы меню" }).getByRole("link");

test.describe("large menu", () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ context, page }) => {
    // a returning customer of this server: one 'Сохранить' of the default location
    const saved = await context.request.post(`${server.base}/location`, {
      form: { intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" },
      maxRedirects: 0,
      headers: { Origin: server.base },
    });
    expect(saved.status()).toBe(303);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    (page as unknown as { errors: string[] }).errors = errors;
  });

  test("the first page is about a hundred positions, not the whole menu", async ({ page }) => {
    const response = await page.goto(`${server.base}/menus/501`);
    expect(response?.status()).toBe(200);
    const first = await cards(page).count();
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(100);
    await expect(more(page)).toHaveAttribute("href", "/menus/501?page=2");
    // every group of the menu has its chip, those of later pages link to their page
    expect(await chips(page).count()).toBeGreaterThanOrEqual(40);
    const lastChip = chips(page).last();
    // (a desktop's menu page is the combined page of every menu: its last group is another menu's)
    await expect(lastChip).toHaveAttribute("href", /^\/menus\/501\?page=\d+#group-\d+-\d+$/);
  });

  test("with JavaScript, scrolling to the end appends the rest; a card far down is added without a document load", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the JavaScript journey");
    await page.goto(`${server.base}/menus/501`);
    const first = await cards(page).count();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // scroll to the end, again and again, until no page is left
    for (let i = 0; i < 30 && (await more(page).count()) > 0; i++) {
      const before = await cards(page).count();
      // a fling to the bottom (a phone has no End key)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(async () => (await more(page).count()) === 0 || (await cards(page).count()) > before, { timeout: 30_000 }).toBe(true);
    }
    await expect(more(page)).toHaveCount(0);
    expect(await cards(page).count()).toBeGreaterThan(first * 5);
    // the first page's cards are the server's own nodes, kept rather than hydrated (ADR 106: no React fiber on
    // them); the appended pages are rendered by React in the browser
    const fibers = await cards(page).evaluateAll((els) => els.map((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))));
    expect(fibers.slice(0, first).filter(Boolean)).toEqual([]);
    expect(fibers.slice(first).every(Boolean)).toBe(true);
    expect(await cards(page).count()).toBeGreaterThanOrEqual(1000);
    await expect(page).toHaveURL(/\/menus\/501$/);

    // the last card with an add form, hundreds of cards below the first screen
    const card = page.locator('[data-testid="position-card"]:has(form[data-add-form])').last();
    const name = (await card.locator("h4").innerText()).trim();
    await card.getByRole("button", { name: `Добавить «${name}» в корзину` }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1", { timeout: 30_000 });
    await expect(page).toHaveURL(/\/menus\/501$/);
    // the appended groups stay after the add's revalidation
    expect(await cards(page).count()).toBeGreaterThanOrEqual(1000);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
  });

  test("without JavaScript, 'Показать ещё' pages through the menu to a card far down, which is added", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the plain-link journey");
    await page.goto(`${server.base}/menus/501`);
    const seen = new Set<string>();
    let pageNumber = 1;
    while ((await more(page).count()) > 0) {
      for (const id of await cards(page).evaluateAll((els) => els.map((e) => e.id))) seen.add(id);
      await more(page).click();
      pageNumber += 1;
      await expect(page).toHaveURL(new RegExp(`/menus/501\\?page=${pageNumber}$`));
      // the whole next document (its link is at the end of a streamed page)
      await page.waitForLoadState("domcontentloaded");
    }
    for (const id of await cards(page).evaluateAll((els) => els.map((e) => e.id))) seen.add(id);
    // every position once, over the pages
    expect(seen.size).toBeGreaterThanOrEqual(1000);
    expect(pageNumber).toBeGreaterThanOrEqual(8);

    const card = page.locator('[data-testid="position-card"]:has(form[data-add-form])').last();
    const name = (await card.locator("h4").innerText()).trim();
    await card.getByRole("button", { name: `Добавить «${name}» в корзину` }).click();
    // back on the same page of the menu, with the position in the cart
    await expect(page).toHaveURL(new RegExp(`/menus/501\\?page=${pageNumber}`));
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(page.locator(`#${await card.getAttribute("id")}`)).toBeVisible();
  });

  test("a chip of a group on a later page shows that group", async ({ page }) => {
    await page.goto(`${server.base}/menus/501`);
    const chip = chips(page).last();
    const name = (await chip.innerText()).trim();
    const anchor = (await chip.getAttribute("href"))!.split("#")[1]!;
    await chip.click();
    const section = page.locator(`#${anchor}`);
    await expect(section.getByRole("heading", { name })).toBeInViewport({ timeout: 30_000 });
    await expect(section.getByTestId("position-card").first()).toBeVisible();
  });

  test("with the keyboard, 'Показать ещё' moves the focus into the groups it brought", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the link is a plain link to the next page (the journey above)");
    await page.goto(`${server.base}/menus/501`);
    const first = await cards(page).count();
    // the paged sections' code comes one round trip after the page's (ADR 123): until it has, the link is the
    // plain link to the next page (the journey above), so the keyboard waits for React to hold the link
    await expect
      .poll(() => more(page).evaluate((link) => Object.keys(link).some((key) => key.startsWith("__reactFiber"))), { timeout: 15_000 })
      .toBe(true);
    // appending as the link nears the viewport is the scroll's business; here the keyboard reaches the link first
    await more(page).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBeGreaterThan(first);
    const focused = page.locator(":focus");
    await expect(focused).toHaveAttribute("id", /^group-501-\d+$/);
    await expect(focused).toBeInViewport();
    const groupId = await focused.getAttribute("id");
    // the next Tab goes on inside that group
    await page.keyboard.press("Tab");
    const inGroup = await page.evaluate(() => {
      const active = document.activeElement;
      const group = active?.closest("[data-group-section]");
      return group?.id ?? null;
    });
    expect(inGroup).toBe(groupId);
  });
});
