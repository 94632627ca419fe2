import { expect, test } from "./helpers/returning-customer";

/**
 * Issue 13 §6: a layer route that fails keeps the page behind it. Before, an unknown position or promotion
 * turned the whole page into the root's error screen; now the layer says so and the menu (the list) stays.
 */
test.describe("layer routes fail inside the layer", () => {
  test("an unknown position is an unknown path: it goes home (spec §2, issue 15 §2), never a dead end", async ({ page }) => {
    await page.goto("/menus/501/positions/999999");
    await expect(page).toHaveURL(/\/$/);
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
