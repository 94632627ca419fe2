import { shot } from "./helpers/shots";
import { holdFirstCartPost } from "./helpers/hold-cart-post";
import { expectNoSeriousA11yIssues } from "./helpers/a11y";
import { expectFitsScreen, registerFitsEngine } from "./helpers/fits-screen";
import { expectNoSidewaysOverflow, registerOverflowEngine } from "./helpers/overflow";
import { expect, test, type Page } from "./helpers/returning-customer";

/**
 * Issue 39, "the right add-on, in the cart" (ADR 185): under the cart's lines, the positions the cart lacks by the
 * demo brand's rules (a drink, a dessert, a sauce, then a salad; at most 3), each added with one tap — a plain form
 * posting to the cart's add action: without JavaScript its 303 comes back to the cart, with it a fetcher adds
 * without a reload and shows that it is adding. In all four projects; the row fits 320 and 360 px on a phone.
 */

test.beforeAll(async () => {
  await registerFitsEngine();
  await registerOverflowEngine();
});

/** the cart holds a soup (Борщ): no drink, no dessert, no sauce */
test.beforeEach(async ({ page }) => {
  const added = await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
  expect(added.status()).toBe(303);
});

const addOns = (page: Page) => page.getByRole("region", { name: "Добавить к заказу" });

async function openCart(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  // with JavaScript the forms speak JSON once hydrated (JsFlag): a tap before that would be a plain post
  if (javaScriptEnabled) await expect(addOns(page).locator('input[name="js"]').first()).toBeAttached();
}

test("one tap adds the suggested drink; the next rule takes its place", async ({ page, javaScriptEnabled }) => {
  await openCart(page, javaScriptEnabled);
  const row = addOns(page);
  await expect(row.getByTestId("add-on")).toHaveText([/Морс клюквенный/, /Чизкейк Нью-Йорк/, /Соевый соус/]);
  await expect(row.getByTestId("add-on").first()).toContainText("190");

  const add = row.getByRole("button", { name: "Добавить «Морс клюквенный» к заказу" });
  if (javaScriptEnabled) {
    // no full reload: what the page's window holds survives the add
    await page.evaluate(() => ((window as { addOnMark?: number }).addOnMark = 39));
    const { release, answered } = await holdFirstCartPost(page, "positionId");
    await add.click();
    // pending: the button says so and takes no second tap
    const pending = row.getByRole("button", { name: "Добавляем «Морс клюквенный» к заказу" });
    await expect(pending).toBeDisabled();
    await expect(pending).toHaveText("Добавляем…");
    await shot(row, "addons-pending");
    release();
    await expect.poll(answered).toBe(1);
  } else {
    await add.click();
  }

  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1)).toContainText("Морс клюквенный");
  await expect(row.getByTestId("add-on")).toHaveText([/Чизкейк Нью-Йорк/, /Соевый соус/, /Цезарь с курицей/]);
  if (javaScriptEnabled) expect(await page.evaluate(() => (window as { addOnMark?: number }).addOnMark)).toBe(39);

  // what the server kept
  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(addOns(page).getByTestId("add-on")).toHaveCount(3);
});

test("a refused add says so and keeps the cart (a full cart: 50 lines)", async ({ page, javaScriptEnabled }) => {
  // rolls, soups, hot dishes (not the steak: its doneness is required), the takeaway bakery, pizzas with a size
  const lines: Record<string, string>[] = [];
  for (let id = 10017; id <= 10036; id++) lines.push({ positionId: String(id), menuId: "501" });
  for (let id = 10045; id <= 10055; id++) if (id !== 10053) lines.push({ positionId: String(id), menuId: "501" });
  for (let id = 30001; id <= 30006; id++) lines.push({ positionId: String(id), menuId: "503" });
  for (let id = 10001; id <= 10016; id++) lines.push({ positionId: String(id), menuId: "501", modifier: `${id * 10 + 1}:101:1` });
  for (const line of lines) {
    const added = await page.request.post("/cart", { form: { intent: "add", ...line }, maxRedirects: 0 });
    if (added.status() !== 303) break;
  }
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(50);
  if (javaScriptEnabled) await expect(addOns(page).locator('input[name="js"]').first()).toBeAttached();
  await addOns(page).getByRole("button", { name: "Добавить «Морс клюквенный» к заказу" }).click();
  await expect(addOns(page).getByRole("alert")).toHaveText("Не удалось выполнить запрос");
  await expect(page.getByTestId("cart-line")).toHaveCount(50);
  await expect(addOns(page).getByTestId("add-on").first()).toContainText("Морс клюквенный");
  await shot(addOns(page), "addons-refused");
});

test("the row fits 360 and 320 px, and the cart with it passes axe", async ({ page, javaScriptEnabled, isMobile }) => {
  if (isMobile) {
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await openCart(page, javaScriptEnabled);
      await expect(addOns(page).getByTestId("add-on")).toHaveCount(3);
      await expectFitsScreen(page, `cart with add-ons at ${width}px`);
      await expectNoSidewaysOverflow(page, `cart with add-ons at ${width}px`);
      await addOns(page).scrollIntoViewIfNeeded();
      await shot(page, `addons-${width}`);
      await shot(page, `addons-${width}-full`, { fullPage: true });
    }
  } else {
    await openCart(page, javaScriptEnabled);
    await expect(addOns(page).getByTestId("add-on")).toHaveCount(3);
    await expectNoSidewaysOverflow(page, "cart with add-ons on a desktop");
    await shot(page, "addons-desktop");
  }
  await expectNoSeriousA11yIssues(page);
});
