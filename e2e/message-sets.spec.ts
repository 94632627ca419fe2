import { expect, test, type Page } from "./helpers/returning-customer";

/**
 * ADR 122: a document carries the shell's messages and its page's own, not the whole catalog; a page reached by
 * the client router brings its own with its data. A message a page shows but does not carry would reach the
 * customer as its key ("cart.title"). The unit test (tests/i18n/message-sets.test.ts) reads the modules; this one
 * looks at the pages as a customer gets them: loaded as documents, and reached by the client router from a page
 * whose document carried other messages.
 */
const RAW_KEY = /\b(?:age|app|auth|brand|cart|checkout|errors|location|menu|payment|pwa|reorder|restos|search|validation|promotions)\.[A-Za-z_]+/;

async function expectNoRawKeys(page: Page, where: string) {
  await expect(page.locator("main")).toBeVisible();
  expect(await page.locator("body").innerText(), where).not.toMatch(RAW_KEY);
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** follows the first visible link to `href` with the client router and waits for the page it leads to */
async function follow(page: Page, href: string, heading: RegExp) {
  await page.locator(`a[href="${href}"]:visible`).first().click();
  await expect(page).toHaveURL((url) => url.pathname === href.split("?")[0]);
  await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
});

test("every page loaded as a document shows its texts, never a message key", async ({ page }) => {
  for (const path of ["/", "/menus/501", "/menus/501/positions/10001", "/cart", "/auth", "/location", "/restos", "/restos/173", "/promotions", "/search?q=пицца", "/orders/repeat", "/terms-of-sale", "/auth/apple?failed"]) {
    await page.goto(path);
    await expectNoRawKeys(page, path);
  }
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Корзина" })).toBeVisible();
});

test("pages reached by the client router bring their own texts", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript every page is a document (the test above)");
  await page.goto("/promotions");
  await hydrated(page);
  // a marker that a document load would wipe: every step below must be the client router's
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const steps: [string, RegExp][] = [
    ["/cart", /Корзина/],
    ["/", /.+/],
    ["/restos", /.+/],
    ["/terms-of-sale", /.+/],
    ["/cart", /Корзина/],
    ["/promotions", /.+/],
  ];
  for (const [href, heading] of steps) {
    await follow(page, href, heading);
    await expectNoRawKeys(page, `client navigation to ${href}`);
  }
  // the cart's checkout form, drawn from the messages the cart's data brought
  await follow(page, "/cart", /Корзина/);
  await expect(page.getByTestId("checkout-form")).toBeVisible();
  await expectNoRawKeys(page, "cart after the round trip");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
