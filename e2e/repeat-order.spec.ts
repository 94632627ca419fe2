import type { Page, TestInfo } from "@playwright/test";
import { shot } from "./helpers/shots";
import { expectNoSeriousA11yIssues } from "./helpers/a11y";
import { expect, test } from "./helpers/returning-customer";
import { signInByForm } from "./helpers/sign-in";

/**
 * Repeating an order (issue 18 §1): after an order, 'Повторить заказ' on the success screen and in the header's
 * account menu puts its lines back into the cart, checked against today's menu — a position taken off the menu
 * is left out and named, a changed price is today's, another restaurant asks before switching. With JavaScript
 * and without (links, a <details> menu and plain forms).
 *
 * The twin's menu changes (POST /_demo/catalog) are per position; each project uses its own positions, so the
 * four projects running alongside never take a position off another's order.
 */
const PROJECTS = ["desktop-js", "desktop-nojs", "phone-js", "phone-nojs"];
/** salads, taken off the menu after the order */
const REMOVED = [
  { id: 10038, name: "Греческий" },
  { id: 10039, name: "Оливье" },
  { id: 10040, name: "Винегрет" },
  { id: 10041, name: "С тунцом" },
];
/** desserts, whose price goes up after the order (roubles) */
const REPRICED = [
  { id: 10067, name: "Тирамису", before: 390, after: 455 },
  { id: 10068, name: "Медовик", before: 320, after: 385 },
  { id: 10069, name: "Наполеон", before: 330, after: 395 },
  { id: 10070, name: "Эклер", before: 190, after: 255 },
];

function positionsOf(testInfo: TestInfo) {
  const n = Math.max(0, PROJECTS.indexOf(testInfo.project.name));
  return { removed: REMOVED[n]!, repriced: REPRICED[n]! };
}

/** text without spaces (prices are formatted with narrow no-break spaces) */
const squeeze = (text: string | null) => (text ?? "").replace(/\s/g, "");

async function changeCatalog(page: Page, change: { remove?: number[]; prices?: Record<string, number>; restore?: number[] }) {
  const answer = await page.request.post("/_demo/catalog", { data: change });
  expect(answer.status()).toBe(200);
}

/** Signs in, puts lines in the cart and places the order through the checkout form; ends on the success screen. */
async function placeOrder(page: Page, lines: { positionId: number; count: number }[]) {
  const { phone } = await signInByForm(page);
  for (const line of lines) {
    const answer = await page.request.post("/cart", { form: { intent: "add", positionId: String(line.positionId), menuId: "501", count: String(line.count) }, maxRedirects: 0 });
    expect(answer.status()).toBe(303);
  }
  await page.goto("/cart");
  const form = page.getByTestId("checkout-form");
  await form.getByLabel("Имя").fill("Вера");
  await form.getByLabel("Телефон").fill(phone);
  await form.getByLabel("Картой при получении").check();
  await form.getByTestId("checkout-submit").click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
}

test.describe("repeat an order", () => {
  // each journey signs in and places an order first (on a shared 2-core machine that alone can take 15 s)
  test.slow();

  test("from the success screen: today's prices, a position no longer sold left out and named, into the cart", async ({ page }, testInfo) => {
    const { removed, repriced } = positionsOf(testInfo);
    await changeCatalog(page, { restore: [removed.id, repriced.id] });
    try {
      await placeOrder(page, [
        { positionId: 10031, count: 2 },
        { positionId: removed.id, count: 1 },
        { positionId: repriced.id, count: 2 },
      ]);
      // between the orders the restaurant takes the salad off the menu and raises the dessert's price
      await changeCatalog(page, { remove: [removed.id], prices: { [repriced.id]: repriced.after * 100 } });

      await page.getByTestId("repeat-order-link").click();
      await expect(page).toHaveURL(/\/orders\/\d+\/repeat$/);
      await expect(page.getByRole("heading", { name: "Повторить заказ" })).toBeVisible();
      const lines = page.getByTestId("shared-line");
      await expect(lines).toHaveCount(2);
      await expect(lines.filter({ hasText: "Борщ" })).toContainText("× 2");
      const dessert = lines.filter({ hasText: repriced.name });
      await expect(dessert).toContainText("× 2");
      // today's price, never the one paid then
      expect(squeeze(await dessert.textContent())).toContain(`${repriced.after * 2}₽`);
      expect(squeeze(await dessert.textContent())).not.toContain(`${repriced.before * 2}₽`);
      await expect(page.getByTestId("shared-left-out")).toContainText(`«${removed.name}» — больше не продаётся`);
      expect(squeeze(await page.getByText(/^Итого:/).textContent())).toContain(`${390 * 2 + repriced.after * 2}₽`);

      if (testInfo.project.name.startsWith("phone")) {
        await shot(page, "repeat-order", { fullPage: true });
      }
      await expectNoSeriousA11yIssues(page);

      await page.getByTestId("shared-add").click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId("cart-badge")).toHaveText("4");
      const cartLines = page.getByTestId("cart-line");
      await expect(cartLines).toHaveCount(2);
      await expect(cartLines.filter({ hasText: removed.name })).toHaveCount(0);
      expect(squeeze(await cartLines.filter({ hasText: repriced.name }).textContent())).toContain(`${repriced.after * 2}₽`);
    } finally {
      await changeCatalog(page, { restore: [removed.id, repriced.id] });
    }
  });

  // signed out, the history and a repeat page send the visitor to sign in and back: tests/reorder/sign-in-first.test.ts
  test("from the header's account menu; another restaurant asks before switching", async ({ page }) => {
    await placeOrder(page, [{ positionId: 10031, count: 3 }]);
    // the customer moves to another restaurant of the city
    const moved = await page.request.post("/location", { form: { intent: "save", city: "115", method: "TAKE_AWAY", resto: "174" }, maxRedirects: 0 });
    expect(moved.status()).toBe(303);
    await page.goto("/");

    await page.getByTestId("account-menu").locator("summary").click();
    await page.getByTestId("account-repeat-order").click();
    await expect(page).toHaveURL(/\/orders\/repeat$/);
    const past = page.getByTestId("past-order");
    await expect(past).toHaveCount(1);
    await expect(past).toContainText("Борщ");
    await expectNoSeriousA11yIssues(page);
    await past.getByRole("link", { name: /^Повторить/ }).click();

    await expect(page.getByTestId("shared-other-resto")).toHaveText(
      "Этот заказ был из ресторана «Демо Пицца на Тверской», а у вас выбран «Демо Кофейня на Арбате».",
    );
    await expect(page.getByTestId("shared-add")).toHaveCount(0);
    await page.getByTestId("shared-switch").click();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page).toHaveURL(/\/orders\/\d+\/repeat$/);
    await expect(page.getByTestId("shared-line")).toContainText("Борщ");
    await page.getByTestId("shared-add").click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
  });
});
