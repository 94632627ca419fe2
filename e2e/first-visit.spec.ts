import { expect, test } from "./helpers/load-gate";
import { expectNoSeriousA11yIssues } from "./helpers/a11y";

/**
 * Issue 15 §1, spec §4 boot / §2 (ADR 090): on a customer's first visit the location popup opens before any menu —
 * persistent (no close control, no scrim, full height) and prefilled with the brand's default, so one 'Сохранить'
 * confirms it and the menu follows. A crawler still gets the default's menu. Desktop and phone, JS on and off.
 */
test.describe("first visit", () => {
  test("the persistent popup, prefilled with the default location; one 'Сохранить' shows its menu", async ({ page }) => {
    await page.goto("/");
    const popup = page.getByRole("dialog", { name: "Адрес" });
    await expect(popup).toBeVisible();
    // persistent: no close control, no scrim to click away
    await expect(page.getByTestId("location-close")).toHaveCount(0);
    await expect(page.locator('[data-testid="location-popup"] > a[aria-hidden="true"]')).toHaveCount(0);
    // full height
    const box = (await popup.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 1);
    // prefilled with the default: Moscow, takeaway at Тверская
    await expect(page.getByTestId("city-header")).toContainText("Москва");
    await expect(page.getByRole("radio", { name: "Тверская улица, 12" })).toBeChecked();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Пицца на Тверской");
    // a returning customer is not asked again
    await page.goto("/");
    await expect(page.getByTestId("location-popup")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Пицца на Тверской");
  });

  // ADR 227: a browser that blocks the site's cookies saved nothing, and the popup came back with no word of why
  test("a browser that keeps no cookie: the popup comes back saying why", async ({ page }) => {
    // what a browser set to block the site's cookies does: every Set-Cookie of every answer is dropped (route.fetch
    // shares the context's cookie jar, so the jar is emptied after each answer as well)
    await page.route("**/*", async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      await page.context().clearCookies();
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name.toLowerCase() !== "set-cookie"));
      await route.fulfill({ response, headers });
    });
    await page.goto("/");
    const popup = page.getByRole("dialog", { name: "Адрес" });
    await expect(popup).toBeVisible();
    await expect(page.getByTestId("choice-not-kept")).toHaveCount(0);
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByTestId("choice-not-kept")).toHaveText(/Браузер не сохранил ваш выбор: для этого сайта запрещены файлы cookie/);
    await expect(popup).toBeVisible();
    expect(await page.context().cookies()).toEqual([]);
    await expectNoSeriousA11yIssues(page);
    await page.screenshot({ path: test.info().outputPath("choice-not-kept.png") });
    // answers still in flight (the page's own later requests) end with the page
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});

test.describe("first visit of a crawler", () => {
  test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

  test("gets the default location's menu without the popup", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Пицца на Тверской");
    await expect(page.getByTestId("location-popup")).toHaveCount(0);
  });
});

// (the width is set on the page, not with `test.use`: a test.use of its own would start two more workers, each with its
// own browser, in every project)
for (const width of [320, 360]) {
  test.describe(`the location popup at ${width} px`, () => {
    test("fits: no horizontal scroll, every control inside the viewport (takeaway and delivery)", async ({ page }) => {
      await page.setViewportSize({ width, height: 640 });
      await page.goto("/");
      await expect(page.getByRole("dialog", { name: "Адрес" })).toBeVisible();
      for (const method of ["TAKE_AWAY", "DELIVERY"]) {
        await page.getByTestId(`method-${method}`).click();
        await expect(page.getByTestId(`method-${method}`)).toHaveAttribute("aria-current", "page");
        const fit = await page.evaluate(() => {
          const w = document.documentElement.clientWidth;
          const controls = document.querySelectorAll(
            "[data-testid=location-popup] :is(a, button, input, summary, textarea, select)",
          );
          const outside = [...controls]
            .map((e) => ({ name: e.getAttribute("name") ?? e.textContent?.trim() ?? e.tagName, r: e.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && (r.left < -0.5 || r.right > w + 0.5))
            .map(({ name }) => name);
          return { scroll: document.documentElement.scrollWidth - w, outside };
        });
        expect(fit).toEqual({ scroll: 0, outside: [] });
      }
    });
  });
}
