import { expect, test, type Page } from "./helpers/returning-customer";
import { expectFirstViewWithout } from "./helpers/first-view";

/**
 * ADR 104: the browser's half of "the same schema on both sides" (zod, conform's zod parser, libphonenumber) is
 * not in a page's first view; it is fetched when the browser is idle or the form is touched, and then checks a
 * field on blur without asking the server. Until it has arrived a blur sends nothing (the form validates only
 * on submit, through the action), and a field left meanwhile is checked as soon as the code arrives.
 */

/** what only the validation code holds: libphonenumber's metadata, zod's error class, conform's zod parser */
const VALIDATION_MARKERS = ["country_calling_codes", "ZodError", "__skipped__"];

async function cartWithOnePosition(page: Page) {
  await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
}

/**
 * Holds every script that carries validation code (by its markers) until `released`; the others, the first view's
 * and the forms' own (fetched as the cart hydrates, ADR 126), go through. `arrived` gets a promise per held script
 * that settles when the page has received it.
 */
async function holdValidationCode(page: Page, released: Promise<void>, held: string[], arrived: Promise<unknown>[] = []) {
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (VALIDATION_MARKERS.some((marker) => body.includes(marker))) {
      const pathname = new URL(route.request().url()).pathname;
      held.push(pathname);
      arrived.push(page.waitForResponse((r) => new URL(r.url()).pathname === pathname));
      await released;
    }
    await route.fulfill({ response, body });
  });
}

/** form submissions to the cart's action (a POST to /cart, or to /cart.data with JavaScript) */
function cartPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/cart")) posts.push(request.url());
  });
  return posts;
}

test.describe("browser validation fetched after the first view (ADR 104)", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "validation in the browser needs JavaScript; without it the action validates (cart-checkout.spec)");
  });

  test("the cart's first view carries no validation code, and a blurred phone is still checked in the browser", async ({ page }) => {
    await cartWithOnePosition(page);
    await expectFirstViewWithout(page, "/cart", VALIDATION_MARKERS);

    const posts = cartPosts(page);
    await page.goto("/cart");
    const form = page.getByTestId("checkout-form");
    await expect(form.locator('input[name="js"]')).toHaveCount(1); // hydrated
    const phone = form.getByLabel("Телефон");
    await phone.fill("12");
    await phone.blur();
    await expect(form.getByTestId("error-phone")).toHaveText("Укажите корректный номер");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    // then again on each input: a valid number clears the message
    await phone.fill("8 999 123-45-67");
    await expect(form.getByTestId("error-phone")).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test("a field left before the code has arrived: nothing is sent, and it is checked once the code arrives", async ({ page }) => {
    await cartWithOnePosition(page);
    // hold the validation chunks until released (the first view's scripts go through)
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await holdValidationCode(page, released, held);

    const posts = cartPosts(page);
    await page.goto("/cart");
    const form = page.getByTestId("checkout-form");
    await expect(form.locator('input[name="js"]')).toHaveCount(1); // hydrated: the first view needed nothing held
    const phone = form.getByLabel("Телефон");
    await phone.fill("12");
    await phone.blur();
    // the touch (or the idle browser) asked for the validation code
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // a blur without the code must not send the form to the server for validation
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    await expect(form.getByTestId("error-phone")).toHaveCount(0);

    release();
    await expect(form.getByTestId("error-phone")).toHaveText("Укажите корректный номер");
    expect(posts).toEqual([]);
  });

  test("a refusal the server made before the code arrived stays when it arrives (a spent promo code)", async ({ page }) => {
    await cartWithOnePosition(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    const arrived: Promise<unknown>[] = [];
    await holdValidationCode(page, released, held, arrived);

    await page.goto("/cart");
    await expect(page.getByTestId("checkout-form").locator('input[name="js"]')).toHaveCount(1); // hydrated
    // typed, then the button pressed: the field is left (focus moves to the button) before the code arrived
    await page.getByRole("textbox", { name: "Промокод" }).fill("soldout");
    await page.getByRole("button", { name: "Применить" }).click();
    const refusal = page.getByTestId("promo-error");
    await expect(refusal).toHaveText("Лимит использования промокода исчерпан");
    expect(held.length).toBeGreaterThan(0);

    release();
    await Promise.all(arrived);
    // the browser's check of the left field would find "soldout" well-formed and clear the server's refusal
    await page.waitForTimeout(500);
    await expect(refusal).toHaveText("Лимит использования промокода исчерпан");
    await expect(page.getByRole("textbox", { name: "Промокод" })).toHaveAttribute("aria-invalid", "true");
  });
});
