import { expect, test } from "./helpers/returning-customer";

/**
 * Issue 13 §6: a layer route that fails keeps the page behind it. Before, an unknown position or promotion
 * turned the whole page into the root's error screen; now the layer says so and the menu (the list) stays.
 */
test.describe("layer routes fail inside the layer", () => {
  test("an unknown position: the error in the layer, the menu behind it, closing goes to the menu", async ({ page }) => {
    await page.goto("/menus/501/positions/999999");
    const layer = page.getByTestId("layer-error");
    await expect(layer.getByRole("dialog")).toBeVisible();
    await expect(layer.getByRole("heading", { name: "Страница не найдена" })).toBeVisible();
    await expect(page.locator("#position-10031")).toBeAttached();
    await layer.getByRole("link", { name: "Закрыть" }).click();
    await expect(page).toHaveURL(/\/menus\/501$/);
    await expect(page.getByTestId("layer-error")).toHaveCount(0);
  });

  test("an unknown promotion: the error in the layer over the promotions list", async ({ page }) => {
    await page.goto("/promotions/999999");
    const layer = page.getByTestId("layer-error");
    await expect(layer.getByRole("heading", { name: "Страница не найдена" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
    await layer.getByRole("link", { name: "Закрыть" }).click();
    await expect(page).toHaveURL(/\/promotions$/);
  });
});
