import { expect, test } from "./helpers/returning-customer";
import { expectFirstViewWithout } from "./helpers/first-view";

/**
 * ADR 124, 126: the cart's two conform forms (the checkout, the promo code) and conform's runtime are not in the
 * cart's first view. The server renders the forms in place; the browser fetches their code as the cart hydrates and
 * hydrates them when it has arrived. Until then (and before the page itself has hydrated: its scripts start after
 * the largest paint, ADR 080/121) the server's forms work as plain forms, and what was picked then survives.
 */
const FORM_CODE_MARKERS = ["__intent__", "__state__"]; // conform's own field names: only its runtime holds them

test.describe("the cart's forms hydrate after their code arrives (ADR 124, 126)", () => {
  test.beforeEach(async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the forms are the server's plain forms (cart-checkout.spec)");
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
  });

  test("the first view carries no conform runtime; the forms then hydrate without a console error", async ({ page }) => {
    await expectFirstViewWithout(page, "/cart", FORM_CODE_MARKERS);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/cart");
    // the JavaScript flag is rendered by the hydrated forms only
    await expect(page.getByTestId("checkout-form").locator('input[name="js"]')).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "Промокод" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  test("while the forms' code is held: the server's forms work, and a payment method picked then is kept", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (FORM_CODE_MARKERS.some((marker) => body.includes(marker))) {
        held.push(new URL(route.request().url()).pathname);
        await released;
      }
      await route.fulfill({ response, body });
    });
    // the held scripts keep the document's load event back: wait for the page, not for the load
    await page.goto("/cart", { waitUntil: "commit" });
    await expect.poll(() => held.length, { message: "the page asked for the forms' code" }).toBeGreaterThan(0);
    const form = page.getByTestId("checkout-form");
    await expect(form.getByLabel("Телефон")).toBeVisible();
    await expect(form.locator('input[name="js"]')).toHaveCount(0); // not hydrated yet
    // a plain form meanwhile: the code goes to the action as without JavaScript, and the page shows its answer
    await page.getByRole("textbox", { name: "Промокод" }).fill("welcome");
    await page.getByRole("button", { name: "Применить" }).click({ noWaitAfter: true });
    await expect(page.getByTestId("promo-applied")).toContainText("WELCOME");
    // a payment method picked on the server's form is kept by the hydration, and saved
    await page.getByRole("radio", { name: "Картой при получении" }).check();
    release();
    await expect(page.getByTestId("checkout-form").locator('input[name="js"]')).toHaveCount(1);
    await expect(page.getByRole("radio", { name: "Картой при получении" })).toBeChecked();
    await page.waitForLoadState("networkidle");
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await expect(page.getByRole("radio", { name: "Картой при получении" })).toBeChecked();
    expect(errors).toEqual([]);
  });
});
