import type { Browser } from "@playwright/test";
import { gateLoadOnHydration } from "./helpers/load-gate";
import { expect, test, type TestInfo } from "./helpers/returning-customer";

/**
 * Sharing a cart (issue 18 §2): a link with the lines (no prices, no personal data), opened by a signed-out
 * customer in another browser, who merges it into their own cart — with JavaScript and without.
 */
async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    javaScriptEnabled: use.javaScriptEnabled,
    locale: "ru-RU",
  });
  // another browser of the suite's: its load event, too, comes after the hydration (ADR 131)
  await gateLoadOnHydration(context);
  return context;
}

test.describe("share a cart", () => {
  test("the cart's link opens in another browser, signed out, and merges into that cart at today's prices", async ({ page, browser }, testInfo) => {
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501", count: "2" }, maxRedirects: 0 });
    await page.goto("/cart");
    const name = (await page.getByTestId("cart-lines").locator("li").first().textContent()) ?? "";
    await page.getByTestId("share-cart").click();
    await expect(page).toHaveURL(/\/cart\/share$/);
    const url = await page.getByTestId("share-url").inputValue();
    expect(url).toMatch(/\/shared-cart\/r173\.115~501\.10031\.2$/);
    expect(url).not.toMatch(/₽|price|phone|name/i);

    const context = await otherBrowser(browser, testInfo);
    const other = await context.newPage();
    // the other customer already has the same position once: merging adds up
    await other.request.post(new URL("/cart", url).href, { form: { intent: "add", positionId: "10031", menuId: "501", count: "1" }, maxRedirects: 0 });
    await other.goto(url);
    const line = other.getByTestId("shared-line");
    await expect(line).toHaveCount(1);
    expect(name).toContain((await line.locator("span.font-medium").textContent())!.trim());
    await expect(line).toContainText("× 2");
    await expect(line).toContainText("₽");
    await other.getByTestId("shared-add").click();
    await expect(other).toHaveURL(/\/cart$/);
    await expect(other.getByTestId("cart-badge")).toHaveText("3");
    await context.close();
  });

  test("with JavaScript the share button copies the link (or opens the system share sheet)", async ({ page, context }, testInfo) => {
    test.skip(!testInfo.project.use.javaScriptEnabled, "no-JS: the link itself is on the page (the journey above)");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
    await page.goto("/cart/share");
    const url = await page.getByTestId("share-url").inputValue();
    const hasShare = await page.evaluate(() => typeof navigator.share === "function");
    await expect(page.getByTestId("share-button")).toHaveText(hasShare ? "Поделиться" : "Скопировать ссылку");
    if (!hasShare) {
      await page.getByTestId("share-button").click();
      await expect(page.getByRole("status")).toHaveText("Ссылка скопирована");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    }
  });

  test("a link of another restaurant says so and offers to switch; a broken link says it is broken", async ({ page }) => {
    await page.goto("/shared-cart/r174.115~9999.1.1");
    await expect(page.getByTestId("shared-other-resto")).toContainText("Демо Кофейня на Арбате");
    const href = await page.getByTestId("shared-switch").getAttribute("href");
    expect(href).toContain("/location?city=115&method=TAKE_AWAY&resto=174");
    await page.getByTestId("shared-switch").click();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page).toHaveURL(/\/shared-cart\/r174\.115~9999\.1\.1$/);
    // the restaurant is now the shared one; the line no longer exists there, and the page says so
    await expect(page.getByTestId("shared-left-out")).toContainText("Позиция, которой больше нет в меню");

    const broken = await page.goto("/shared-cart/r174.115~9999.x.1");
    expect(broken?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("Ссылка на корзину повреждена");
  });
});
