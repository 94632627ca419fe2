import { expect, test } from "./helpers/returning-customer";

/**
 * Issue 15 §2: switching restaurants from a menu page must not land on a dead end. The popup opened from
 * /menus/501 (a menu of 'Демо Пицца на Тверской') saves another restaurant; its menus are others, so the
 * customer lands on home — the new restaurant's menu. A menu or position URL of another restaurant, typed or
 * bookmarked, redirects home too (spec §2: unknown paths go home). Desktop and phone, JavaScript on and off.
 */
test.describe("switching restaurants", () => {
  test("saving another takeaway point from a menu page lands on the new restaurant's menu", async ({ page }) => {
    await page.goto("/menus/501");
    await expect(page.getByTestId("position-card").first()).toBeVisible();
    await page.getByTestId("location-chip").click();
    await expect(page.getByTestId("location-popup")).toBeVisible();
    await page.getByTestId("method-TAKE_AWAY").click();
    await page.getByRole("radio", { name: "улица Арбат, 20" }).check();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Кофейня на Арбате");
    await expect(page.getByText("Страница не найдена")).toHaveCount(0);

    // the old restaurant's menu and position URLs now lead home, not to a 404
    for (const path of ["/menus/501", "/menus/501/positions/10001"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Кофейня на Арбате");
    }
  });
});
