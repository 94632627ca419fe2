import { expect, test, type Page } from "./helpers/returning-customer";

/**
 * Catalog journeys (issue 4) on the demo brand, run by every project: desktop and phone, JavaScript on and
 * off. Demo ids: menu 501 'Основное меню' (Маргарита 10001 with a required size and up to 3 toppings), menu
 * 502 'Бар' (18+ groups), resto 173 (default), 175 (a day off every day), 176 (round the clock).
 * axe over each of these screens and layers runs in a11y.spec.ts, four ways; these tests check what the screens do.
 */
const MARGHERITA = "/menus/501/positions/10001";

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 840;

test.describe("catalog", () => {
  // full demo menus behind layers on two shared cores: allow more than the default 30 s
  test.describe.configure({ timeout: 60_000 });

  test("browse the groups of a menu", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    if (isPhone(page)) {
      // the mobile home: menus, promotions, resto info; a menu opens on its own page
      await expect(page.getByTestId("mobile-home")).toBeVisible();
      await expect(page.getByTestId("promotions-carousel")).toBeVisible();
      await page.getByTestId("menu-link").filter({ hasText: "Основное меню" }).click();
      await expect(page).toHaveURL(/\/menus\/501$/);
      await expect(page.getByRole("heading", { level: 1, name: "Основное меню" })).toBeVisible();
    } else {
      await expect(page.getByTestId("mobile-home")).toBeHidden();
      // every menu of the resto on one page
      await expect(page.getByRole("heading", { level: 2, name: "Основное меню" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Бар" })).toBeVisible();
    }
    const nav = page.getByRole("navigation", { name: "Разделы меню" });
    await nav.getByRole("link", { name: "Десерты" }).click();
    await expect(page).toHaveURL(/#group-501-\d+$/);
    const desserts = page.getByRole("heading", { level: 3, name: "Десерты" });
    await expect(desserts).toBeInViewport();
    if (javaScriptEnabled) await expect(nav.getByRole("link", { name: "Десерты" })).toHaveAttribute("aria-current", "location");
    // groups in order, the synthetic group last
    const groups = await page.getByRole("heading", { level: 3 }).allTextContents();
    const main = groups.slice(0, groups.indexOf("Прочее") + 1);
    expect(main[0]).toBe("Пицца");
    expect(main.at(-1)).toBe("Прочее");
    // prices in roubles, measures with units
    const card = page.getByTestId("position-card").filter({ hasText: "Маргарита" }).first();
    await expect(card.getByTestId("position-price")).toHaveText(/от\s490\s₽/);
    await expect(card).toContainText("25 см");
  });

  test("open a position by click, close it, and by its URL", async ({ page }) => {
    await page.goto(isPhone(page) ? "/menus/501" : "/");
    await page.getByRole("link", { name: "Маргарита", exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${MARGHERITA}$`));
    const layer = page.getByRole("dialog", { name: "Маргарита" });
    await expect(layer).toBeVisible();
    await expect(layer).toContainText("Томатный соус, моцарелла, базилик");
    // the menu stays behind the layer
    await expect(page.getByTestId("position-card").first()).toBeAttached();
    // (axe over this layer: a11y.spec.ts, four ways)
    await layer.getByRole("link", { name: "Закрыть" }).click();
    await expect(page).toHaveURL(/\/menus\/501$/);
    await expect(layer).toBeHidden();

    const response = await page.goto(MARGHERITA);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("dialog", { name: "Маргарита" })).toBeVisible();
    // findability: title, canonical, Open Graph and MenuItem JSON-LD with add-ons
    await expect(page).toHaveTitle(/^Маргарита — /);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${MARGHERITA}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/demo\/photos\/pizza\.webp$/);
    const ld = await page.locator('[data-testid="position-detail"] script[type="application/ld+json"]').textContent();
    const item = JSON.parse(ld ?? "{}");
    expect(item["@type"]).toBe("MenuItem");
    expect(item.offers.price).toBe("490.00");
    expect(item.menuAddOn[0].name).toBe("Выберите размер");
    await expect(page.getByRole("dialog")).toHaveCount(1);
  });

  // A modifier group's minimum and maximum, the price as the choice grows, and the server's messages after a plain post:
  // tests/routes/position.test.tsx (the route's real loader and action). Adding a position with modifiers, four ways:
  // the order journey (cart-checkout.spec.ts).

  test("a position without modifiers is added from its card through the cart action", async ({ page, javaScriptEnabled }) => {
    // the cards' HTML is rendered once and reused by the server (ADR 043): the browser must hydrate it
    // without a mismatch, and with JavaScript the card's link and form work without a document load
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    await page.goto("/menus/501");
    if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("button", { name: "Добавить «Морс клюквенный» в корзину" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(page).toHaveURL(/\/menus\/501$/);
    // a position with modifiers opens its layer instead of adding
    await page.getByRole("link", { name: "Выбрать «Пепперони»" }).click();
    await expect(page.getByRole("dialog", { name: "Пепперони" })).toBeVisible();
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(errors).toEqual([]);
    }
  });

  // a position outside its time slots ('Доступно …' on its card, no add button; the slots in its layer) is checked on
  // the menu's and the layer's screens in tests/routes/menu.test.tsx (ADR 197)

  test("a promotion layer opens over the list and over home", async ({ page }) => {
    await page.goto("/promotions");
    await expect(page.getByRole("heading", { level: 1, name: "Акции" })).toBeVisible();
    await page.getByTestId("promotion-card").first().click();
    await expect(page).toHaveURL(/\/promotions\/301$/);
    const layer = page.getByRole("dialog", { name: "Скидка 10 % на первый заказ" });
    await expect(layer).toBeVisible();
    await expect(layer).toContainText("WELCOME");
    await expect(page.getByRole("heading", { level: 1, name: "Акции" })).toBeAttached();
    await layer.getByRole("link", { name: "Закрыть" }).click();
    await expect(page).toHaveURL(/\/promotions$/);

    await page.goto("/");
    await page.getByTestId("promotions-carousel").locator(":visible").getByRole("link", { name: "Пицца дня за 450 ₽" }).first().click();
    await expect(page).toHaveURL(/\/promotions\/302\?from=home$/);
    await expect(page.getByRole("dialog", { name: "Пицца дня за 450 ₽" })).toBeVisible();
    // home is behind it, and closing returns home
    await expect(page.getByRole("heading", { level: 1, name: "Демо Пицца на Тверской" }).first()).toBeAttached();
    await page.getByRole("dialog").getByRole("link", { name: "Закрыть" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the restaurants' list leads to a restaurant's page", async ({ page }) => {
    // what that page says (today's state, the week, contacts, schema.org): tests/routes/resto.test.tsx
    await page.goto("/restos");
    await expect(page.getByRole("heading", { level: 1, name: "Заведения" })).toBeVisible();
    await expect(page.getByTestId("resto-card")).toHaveCount(3);
    await page.getByTestId("resto-card").filter({ hasText: "на ВДНХ" }).click();
    await expect(page).toHaveURL(/\/restos\/175$/);
    await expect(page.getByRole("heading", { level: 1, name: "Демо Пицца на ВДНХ" })).toBeVisible();
    await expect(page.getByTestId("resto-state")).toHaveAttribute("data-state", "day-off");
    // (axe over these pages: a11y.spec.ts, four ways)
  });

  test("the photo gallery opens, shows an error slot for a failing image, and closes", async ({ page, javaScriptEnabled }) => {
    await page.route("**/demo/photos/resto-tverskaya-hall.webp", (route) => route.abort());
    await page.goto("/restos/173");
    if (!javaScriptEnabled) {
      // without JavaScript a photo links to the image itself
      await expect(page.getByTestId("gallery-open")).toHaveAttribute("href", "/demo/photos/resto-tverskaya.webp");
      return;
    }
    await page.getByTestId("gallery-open").click();
    const viewer = page.getByTestId("gallery-viewer");
    await expect(viewer).toBeVisible();
    await expect(viewer).toHaveAttribute("aria-label", "Фото 1 из 2");
    await expect(viewer).toHaveCSS("background-color", "rgba(0, 0, 0, 0.8)");
    await viewer.getByRole("button", { name: "Следующее фото" }).click();
    await expect(viewer.getByTestId("gallery-error")).toHaveText("Не удалось загрузить фото");
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
  });

  test("a desktop page narrower than 840 px shows the mobile home", async ({ page }) => {
    test.skip(isPhone(page), "phones get the mobile layout from the server");
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto("/");
    await expect(page.getByTestId("mobile-home")).toBeVisible();
    await expect(page.getByTestId("position-card").first()).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(page.getByTestId("mobile-home")).toBeHidden();
    await expect(page.getByTestId("position-card").first()).toBeVisible();
  });

  test("search finds a position by part of its name", async ({ page, javaScriptEnabled }) => {
    await page.goto("/menus/501");
    await page.getByTestId("search-link").click();
    await expect(page).toHaveURL(/\/search/);
    const box = page.getByPlaceholder("Поиск");
    await box.fill("маргар");
    if (!javaScriptEnabled) await box.press("Enter");
    const results = page.getByTestId("search-results");
    await expect(results.getByRole("link", { name: "Маргарита", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/q=%D0%BC%D0%B0%D1%80%D0%B3%D0%B0%D1%80/);
    await page.getByRole("link", { name: "Назад" }).click();
    await expect(page).toHaveURL(/\/menus\/501$/);
  });

  test("an 18+ section asks for the age first and remembers it", async ({ page }) => {
    await page.goto("/menus/502");
    const beer = page.getByRole("region", { name: /^Пиво и сидр/ });
    await expect(beer.getByTestId("age-locked")).toBeVisible();
    await expect(page.getByTestId("position-card").filter({ hasText: "Жигулёвское" })).toHaveCount(0);
    // its positions cannot be opened by URL either
    await page.goto("/menus/502/positions/20001");
    await expect(page.getByRole("dialog", { name: "Вам уже есть 18 лет?" })).toBeVisible();
    await page.goto("/menus/502");
    await beer.getByRole("link", { name: "Подтвердить возраст" }).click();
    const dialog = page.getByRole("dialog", { name: "Вам уже есть 18 лет?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Да, мне есть 18" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("position-card").filter({ hasText: "Жигулёвское" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("age-locked")).toHaveCount(0);
  });

  test("terms of sale and findability of the home page", async ({ page }) => {
    await page.goto("/terms-of-sale");
    await expect(page.getByRole("heading", { level: 1, name: "Безопасность платежей" })).toBeVisible();
    await expect(page.getByText("защищённый платёжный шлюз")).toBeVisible();

    await page.goto("/");
    await expect(page).toHaveTitle("Демо Пицца на Тверской — Демо Пицца");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Демо Пицца на Тверской/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Демо Пицца на Тверской — Демо Пицца");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(ld["@type"]).toBe("Restaurant");
    expect(ld.address.streetAddress).toBe("Тверская улица, 12");
    if (!isPhone(page)) {
      expect(ld.hasMenu[0]["@type"]).toBe("Menu");
      expect(ld.hasMenu[0].hasMenuSection[0].hasMenuItem[0].offers.priceCurrency).toBe("RUB");
    }
  });
});
