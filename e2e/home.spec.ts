import { expect, test } from "./helpers/returning-customer";

test.describe("home on the demo brand", () => {
  test("shows the default location's menu with groups, positions and prices", async ({ page }) => {
    const phone = (page.viewportSize()?.width ?? 1280) < 840;
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (phone) {
      // a phone's home is the mobile home (ADR 010): its menus open on their own pages
      await expect(page.getByTestId("menu-link").first()).toBeVisible();
      await expect(page.getByTestId("position-card")).toHaveCount(0);
      await page.getByTestId("menu-link").first().click();
      await expect(page).toHaveURL(/\/menus\/501$/);
    }
    // groups in order, and at least a full menu's worth of position cards
    const cards = page.getByTestId("position-card");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(50);
    // every visible price is formatted from minor units in roubles
    await expect(cards.first().getByTestId("position-price")).toContainText("₽");
    // the synthetic group for positions without a group
    await expect(page.getByRole("heading", { name: "Прочее" })).toBeVisible();
    // the html language is Russian by default
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  });

  test("an unknown path redirects to home", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Демо Пицца на Тверской" })).toBeVisible();
  });

  test("the language switcher changes the UI language and back", async ({ page }) => {
    await page.goto("/");
    await page.locator("summary").filter({ hasText: "ru" }).click();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: /Cart/ })).toBeVisible();
    await page.locator("summary").filter({ hasText: "en" }).click();
    await page.getByRole("button", { name: "Русский" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  });
});
