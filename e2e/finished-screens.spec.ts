import { expect, test } from "./helpers/returning-customer";
import { expectNoSeriousA11yIssues } from "./helpers/a11y";

/**
 * Issue 36 §4–§6: the finished screens. The English cart writes prices with ₽; Escape (with JavaScript) and a close
 * button close the confirmation dialog; the first visit's popup is a readable column with the brand mark and no
 * focus ring around its heading; a phone's menu says where it orders from; the cart switches between delivery and
 * takeaway and shows the place on a small map — with JavaScript on and off.
 */

test.describe("the English cart writes prices as customers read them (issue 36 §4)", () => {
  test("'390 ₽', never 'RUB 390'", async ({ page }) => {
    await page.request.post("/preferences", { form: { intent: "locale", locale: "en", redirectTo: "/cart" }, maxRedirects: 0 });
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501", count: "2" }, maxRedirects: 0 });
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cart");
    await expect(page.getByTestId("cart-line-sum")).toHaveText(/^780\s₽$/);
    await expect(page.getByTestId("cart-total")).toHaveText(/^780\s₽$/);
    await expect(page.locator("main")).not.toContainText("RUB");
  });
});

test.describe("the confirmation dialog can be closed (issue 36 §4)", () => {
  test("Escape closes it (with JavaScript); its close button does, with or without", async ({ page, javaScriptEnabled }) => {
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
    await page.goto("/cart");
    const confirm = page.getByTestId("confirm");
    await page.getByRole("link", { name: "Очистить корзину" }).click();
    await expect(confirm.getByRole("dialog")).toBeVisible();
    if (javaScriptEnabled) {
      // a tap before the hydration is a document load of the server's dialog, whose code comes after the first view
      // (ADR 114); an Escape before that code is the boot script's (ADR 228, escape-before-code.spec.ts): wait until
      // the dialog has the focus, so that this checks the dialog's own Escape
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="confirm"]')))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(confirm).toHaveCount(0);
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
      await page.getByRole("link", { name: "Очистить корзину" }).click();
      await expect(confirm.getByRole("dialog")).toBeVisible();
    }
    await confirm.getByRole("link", { name: "Закрыть" }).or(confirm.getByRole("button", { name: "Закрыть" })).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    // a confirmation the server rendered (its address), then Escape
    if (javaScriptEnabled) {
      await page.goto("/cart?confirm=clear");
      await expect(confirm.getByRole("dialog")).toBeVisible();
      // the dialog's code comes after the cart's first view (ADR 114): once it is there, the focus is in the dialog
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="confirm"]')))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(confirm).toHaveCount(0);
      await expect(page).toHaveURL(/\/cart$/);
    }
  });
});

test.describe("the first visit's popup (issue 36 §4)", () => {
  test.use({ firstVisit: true });

  test("a readable column with the brand mark; the heading it focuses draws no ring", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/location/);
    const dialog = page.getByRole("dialog");
    await expect(page.getByTestId("location-brand")).toBeVisible();
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    if (viewport.width >= 840) expect(box!.width).toBeLessThanOrEqual(641);
    else expect(box!.width).toBe(viewport.width);
    if (javaScriptEnabled) {
      const heading = page.getByRole("heading", { name: "Адрес" });
      await expect(heading).toBeFocused();
      expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe("none");
    }
    // 'Сохранить' is on screen without scrolling, on the delivery tab too
    await page.goto("/location?city=115&method=DELIVERY");
    await expect(page.getByRole("button", { name: "Сохранить" })).toBeInViewport();
    await expectNoSeriousA11yIssues(page);
  });
});

test.describe("a phone's menu says where it orders from (issue 36 §5)", () => {
  test("the mobile home and a menu name the restaurant or point; the desktop header does", async ({ page }) => {
    await page.goto("/menus/501");
    const phone = (page.viewportSize()?.width ?? 1280) < 840;
    if (phone) {
      await expect(page.getByTestId("ordering-from")).toContainText("Самовывоз из «Демо Пицца на Тверской», Москва, Тверская улица, 12");
      await page.goto("/");
      await expect(page.getByTestId("ordering-from")).toContainText("Демо Пицца на Тверской");
      await page.getByTestId("ordering-from").getByRole("link", { name: "Изменить" }).click();
      await expect(page).toHaveURL(/\/location\?redirectTo=%2F/);
    } else {
      await expect(page.getByTestId("location-chip")).toContainText("Тверская улица, 12");
    }
  });
});

test.describe("the cart switches delivery and takeaway and shows the place on a map (issue 36 §6)", () => {
  test("takeaway: the point on the map; delivery opens the popup's delivery tab; back to takeaway from the cart", async ({ page }) => {
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501", count: "3" }, maxRedirects: 0 });
    await page.goto("/cart");
    const where = page.getByTestId("cart-where");
    await expect(where.getByTestId("checkout-place")).toHaveText("Демо Пицца на Тверской, Тверская улица, 12");
    await expect(where.getByTestId("cart-map").getByRole("img", { name: /Карта/ })).toBeVisible();
    await expect(where.getByTestId("cart-map").getByTestId("map-point")).toBeVisible();
    const switcher = where.getByRole("group", { name: "Способ получения" });
    await expect(switcher.locator('[aria-current="true"]')).toHaveText("Самовывоз");
    await expectNoSeriousA11yIssues(page);
    // delivery needs an address: the popup opens on its delivery tab, and comes back to the cart
    await switcher.getByRole("link", { name: "Доставка" }).click();
    await expect(page).toHaveURL(/\/location\?.*method=DELIVERY.*redirectTo=%2Fcart/);
    await expect(page.getByTestId("address-input")).toBeVisible();

    // a delivery saved: the cart shows the address on the map, and switches back to takeaway by itself
    const saved = await page.request.post("/location", { form: { intent: "save", city: "115", method: "DELIVERY", q: "Тверская 7" }, maxRedirects: 0 });
    expect(saved.status()).toBe(303);
    await page.goto("/cart");
    await expect(where.getByTestId("checkout-place")).toContainText("Тверская");
    await expect(where.getByTestId("cart-map").getByTestId("map-marker")).toBeAttached();
    await expect(switcher.locator('[aria-current="true"]')).toHaveText("Доставка");
    await switcher.getByRole("button", { name: "Самовывоз" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(switcher.locator('[aria-current="true"]')).toHaveText("Самовывоз");
    await expect(where.getByTestId("checkout-place")).toContainText("Демо Пицца на Тверской");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
  });
});
