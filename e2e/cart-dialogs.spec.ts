import { expect, test, type Page } from "./helpers/returning-customer";
import { expectFirstViewWithout } from "./helpers/first-view";

/**
 * ADR 114: the two dialogs over the cart (the clearing confirmation and the refused-order popup) and the
 * Layer they are drawn in are rendered by the server in place, but their code is not in the cart's first
 * view: the browser fetches it at the customer's first touch of the cart. The journeys themselves (open,
 * cancel, 'Ок', the order popups) are in cart-checkout.spec and order-errors.spec.
 */

/** texts only the dialogs' modules hold: the Layer's z-index class, the two dialogs' message keys */
const DIALOG_MARKERS = ["z-[2400]", "cart.clearConfirm", "checkout.orderErrorTitle"];

/** the dialogs' code as the browser fetches it: every script response holding one of the markers */
function dialogCodeFetches(page: Page): string[] {
  const fetched: string[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith(".js")) return;
    const body = await response.text().catch(() => "");
    if (DIALOG_MARKERS.some((marker) => body.includes(marker))) fetched.push(response.url());
  });
  return fetched;
}

test.describe("the cart's dialogs load after the first view (ADR 114)", () => {
  test.beforeEach(async ({ page }) => {
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
  });

  test("the first view carries no dialog code; the first touch fetches it and 'Очистить корзину' opens the dialog", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript no script runs; the server renders the dialog (cart-checkout.spec)");
    await expectFirstViewWithout(page, "/cart", DIALOG_MARKERS);

    const fetched = dialogCodeFetches(page);
    await page.goto("/cart");
    await expect(page.getByTestId("checkout-form").locator('input[name="js"]')).toHaveCount(1); // hydrated
    await page.waitForLoadState("networkidle");
    expect(fetched, "fetched before anyone touched the cart").toEqual([]);

    await page.getByRole("link", { name: "Очистить корзину" }).click();
    const confirm = page.getByTestId("confirm");
    await expect(confirm.getByRole("heading", { name: "Подтвердить?" })).toBeVisible();
    // a response is read after it arrives: the dialog may be drawn before its script's body has been read here
    await expect.poll(() => fetched.length, { message: "the dialog's code fetched at the first touch" }).toBeGreaterThan(0);
    // the layer's focus lock has run: the focus is inside the dialog
    await expect.poll(() => confirm.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  test("hydrating the cart reports no error (the dialogs' boundary is not updated before it has hydrated)", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "hydration needs JavaScript");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/cart");
    await expect(page.getByTestId("checkout-form").locator('input[name="js"]')).toHaveCount(1); // hydrated
    await page.waitForLoadState("networkidle");
    // React reports a boundary that received an update mid-hydration as error #421 and re-renders it on the
    // client; Lighthouse counts that in best practices
    expect(errors).toEqual([]);
  });

  test("a confirmation the server drew (/cart?confirm=clear) stays on screen while its code arrives, then works in place", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the same page without JavaScript is cart-checkout.spec's clearing journey");
    await page.goto("/cart?confirm=clear");
    const confirm = page.getByTestId("confirm");
    await expect(confirm.getByRole("heading", { name: "Подтвердить?" })).toBeVisible();
    // hydrated: the clearing form became a fetcher form (it carries the JavaScript flag)
    await expect(confirm.locator('input[name="js"]')).toHaveCount(1);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await confirm.getByRole("button", { name: "Ок" }).click();
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
