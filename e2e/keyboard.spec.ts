import { expect, test } from "./helpers/returning-customer";
import { expectFocusOn, registerFocusEngine, tabTo } from "./helpers/focus";

/**
 * Keyboard only (issue 9 §4): from a fresh session, with nothing but Tab, Enter, Space and the arrow keys
 * (page.keyboard; no clicks) — choose the city, the method and the point in the location popup, reach the menu, open Маргарита (a
 * required size), choose a size and a topping, add it, open the cart and find it there. Every element the focus
 * passes shows a visible focus ring that nothing covers. Desktop, with JavaScript on and off.
 */
test.beforeAll(() => registerFocusEngine());

test("keyboard only: location → menu → Маргарита with modifiers → cart", async ({ page, javaScriptEnabled, isMobile }) => {
  test.skip(isMobile, "phones have no Tab key: touch users and their screen readers move by swipes, not through the Tab order");
  test.setTimeout(60_000);
  await page.goto("/");

  // the location chip in the app bar opens the popup
  const chip = page.getByTestId("location-chip");
  await tabTo(page, chip, "to the location chip");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/location\?redirectTo=%2F$/);
  const popup = page.getByRole("dialog", { name: "Адрес" });
  await expect(popup).toBeVisible();
  // with JavaScript the popup takes the focus once it has opened: Tab from there (a Tab pressed before that lands where
  // the popup then moves the focus from, and the test read the dialog's own focus as a stop without a ring)
  if (javaScriptEnabled) await expect.poll(() => popup.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

  // the city: Москва from the city list
  const cityHeader = popup.getByRole("link", { name: /^Город: Москва/ });
  await tabTo(page, cityHeader, "to the city");
  await page.keyboard.press("Enter");
  await expect(popup.getByRole("heading", { name: "Выберите город" })).toBeVisible();
  const moscow = popup.getByRole("link", { name: "Москва" });
  await tabTo(page, moscow, "to Москва");
  await page.keyboard.press("Enter");
  await expect(popup.getByTestId("city-header")).toContainText("Москва");

  // the method: takeaway, and a point chosen with the arrow keys
  const takeAway = popup.getByTestId("method-TAKE_AWAY");
  await tabTo(page, takeAway, "to Самовывоз");
  await page.keyboard.press("Enter");
  await expect(takeAway).toHaveAttribute("aria-current", "page");
  const tverskaya = popup.getByRole("radio", { name: "Тверская улица, 12" });
  await tabTo(page, tverskaya, "to the points");
  await expect(tverskaya).toBeChecked();
  await page.keyboard.press("ArrowDown");
  const second = popup.getByRole("radio").nth(1);
  await expectFocusOn(page, second, "the next point");
  await expect(second).toBeChecked();
  await page.keyboard.press("ArrowUp");
  await expectFocusOn(page, tverskaya, "back to Тверская");
  await expect(tverskaya).toBeChecked();
  await tabTo(page, popup.getByRole("button", { name: "Сохранить" }), "to Сохранить");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("location-chip")).toContainText("Самовывоз");
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText("Демо Пицца на Тверской");

  // the menu. A new document starts from the top: past the app bar with the skip link. A client navigation puts
  // the focus on the content itself, as the skip link would (the button that started it is gone).
  if (javaScriptEnabled) {
    await expect(page.locator("main#main")).toBeFocused();
  } else {
    await tabTo(page, page.getByRole("link", { name: "Перейти к содержимому" }), "to the skip link");
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  }
  const card = page.locator("#position-10001").getByRole("link", { name: "Маргарита", exact: true });
  await tabTo(page, card, "to Маргарита");
  if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/menus\/501\/positions\/10001$/);
  const layer = page.getByRole("dialog", { name: "Маргарита" });
  await expect(layer).toBeVisible();
  // with JavaScript the card link is a client navigation, not a document load
  if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // the required size with the arrow keys, a topping with Space
  const sizes = layer.getByRole("group", { name: "Выберите размер" });
  await tabTo(page, sizes.getByRole("radio").first(), "to the sizes");
  await page.keyboard.press("ArrowDown");
  const size30 = sizes.getByRole("radio", { name: /30 см/ });
  await expectFocusOn(page, size30, "30 см");
  await expect(size30).toBeChecked();
  const bacon = layer.getByRole("group", { name: "Добавить по вкусу" }).getByRole("checkbox", { name: /Бекон/ });
  await tabTo(page, bacon, "to Бекон");
  await page.keyboard.press("Space");
  await expect(bacon).toBeChecked();
  const add = layer.getByTestId("position-add");
  await tabTo(page, add, "to the add button");
  // with JavaScript the price follows the choice: 490 ₽ + 30 см 150 ₽ + Бекон 90 ₽
  if (javaScriptEnabled) await expect(add).toHaveText(/730\s₽/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/menus\/501\?added=10001$/);
  await expect(page.getByTestId("added-notice")).toContainText("«Маргарита» в корзине");

  // the cart, from the confirmation: a new document starts from the top; with JavaScript the layer was opened
  // from home, so there is no card to return to on this page and the focus is on the content (the notice first).
  // The customer tabs on from there once the layer has gone: a Tab pressed while it closes lands in it, and the focus
  // then goes to the content (FocusAfterNavigation) — on a busy machine the notice shows before that
  if (javaScriptEnabled) {
    await expect(layer).toHaveCount(0);
    await expect(page.locator("main#main")).toBeFocused();
  }
  const toCart = page.getByTestId("added-notice").getByRole("link", { name: "Перейти в корзину" });
  await tabTo(page, toCart, "to Перейти в корзину");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("Маргарита");
  await expect(line.getByTestId("cart-line-modifiers")).toContainText("30 см");
  await expect(line.getByTestId("cart-line-modifiers")).toContainText("Бекон");
});
