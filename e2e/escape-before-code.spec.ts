import { expect, test } from "./helpers/returning-customer";

/**
 * ADR 228: a layer the server drew closes with Escape before its code runs — before the hydration, which starts after
 * the first paint (ADR 080, 121), and before a dialog whose code comes after the first view (ADR 114). Here the
 * page's modules never arrive (a content blocker, a dead connection: the storefront's inline boot script still runs),
 * so only the boot script's listener can answer the key. With JavaScript off no script runs and Escape is the
 * browser's: the layer's close link is the way out there (catalog.spec.ts, cart-checkout.spec.ts).
 */
test.beforeEach(async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "no script runs without JavaScript: the close link is the way out");
  await page.route(/\/assets\/.+\.js(\?.*)?$/, (route) => route.abort());
});

test("a position layer drawn by the server: Escape goes back to its menu", async ({ page }) => {
  await page.goto("/menus/501/positions/10001", { waitUntil: "domcontentloaded" });
  const layer = page.getByTestId("position-layer");
  await expect(layer.getByRole("dialog", { name: "Маргарита" })).toBeVisible();
  // the page's code never came: React is not attached
  expect(await page.evaluate(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")))).toBe(false);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/menus\/501$/);
  await expect(layer).toHaveCount(0);
});

test("the cart's clearing confirmation drawn by the server: Escape cancels it and keeps the cart", async ({ page }) => {
  await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
  await page.goto("/cart?confirm=clear", { waitUntil: "domcontentloaded" });
  const confirm = page.getByTestId("confirm");
  await expect(confirm.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});
