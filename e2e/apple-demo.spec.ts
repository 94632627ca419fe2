/**
 * The demo's Sign in with Apple stand-in (ADR 032) in the browser, JavaScript on and off: the Apple button
 * on /auth opens the stand-in, "allow" signs the customer in and returns them where they were going.
 */
import { expect, test } from "./helpers/returning-customer";

test("signs in with the demo Apple stand-in and comes back to the cart", async ({ page }) => {
  await page.goto("/auth?redirectTo=%2Fcart");
  await page.getByRole("link", { name: "Войти через Apple" }).click();
  await expect(page).toHaveURL(/\/_demo\/idp\/apple\?/);
  await expect(page.getByRole("heading", { name: "Демо-вход через Apple" })).toBeVisible();
  const email = `apple-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Разрешить и войти" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("person-name")).toBeVisible();
});
