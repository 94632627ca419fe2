import { expect, test, type Page } from "./helpers/returning-customer";
import { expectNoRawKeys } from "./helpers/raw-keys";

/**
 * ADR 122: a document carries the shell's messages and its page's own, not the whole catalog; a page reached by
 * the client router brings its own with its data. A message a page shows but does not carry would reach the
 * customer as its key ("cart.title"). The unit test (tests/i18n/message-sets.test.ts) reads the modules; a11y.spec.ts
 * reads every page loaded as a document (each screen and state it checks); this one, the pages reached by the client
 * router from a page whose document carried other messages.
 */
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

// Every page loaded as a document is read for message keys by a11y.spec.ts's check of each screen and state, in the four
// projects (every customer route, its dialogs and error states).

test("pages reached by the client router bring their own texts", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript every page is a document (a11y.spec.ts reads each for keys)");
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
