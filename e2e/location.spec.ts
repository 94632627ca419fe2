import { expect, test, type Page, type TestInfo } from "./helpers/returning-customer";

/**
 * Location journeys (issue 3), each at desktop and phone, JavaScript on and off. With JavaScript the address
 * is chosen from the suggestions; without it the server geocodes the typed text ('Найти').
 */

const jsOn = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;

async function openPopup(page: Page) {
  await page.goto("/");
  await page.getByTestId("location-chip").click();
  await expect(page.getByTestId("location-popup")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Адрес" })).toBeVisible();
}

async function enterAddress(page: Page, text: string, suggestion: string, info: TestInfo) {
  const input = page.getByTestId("address-input");
  if (jsOn(info)) {
    const asked: URL[] = [];
    page.on("request", (r) => r.url().includes("/api/address/suggest") && asked.push(new URL(r.url())));
    await input.fill("");
    await input.pressSequentially(text, { delay: 20 });
    const option = page.getByRole("option", { name: new RegExp(suggestion) });
    await expect(option).toBeVisible();
    // from 3 characters, debounced (fewer requests than keystrokes), one session token
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThan(text.length - 1);
    expect(asked.every((u) => (u.searchParams.get("q") ?? "").length >= 3)).toBe(true);
    expect(new Set(asked.map((u) => u.searchParams.get("token"))).size).toBe(1);
    await option.click();
  } else {
    await input.fill(text);
    await page.getByRole("button", { name: "Найти" }).click();
  }
  await expect(input).toHaveValue(suggestion);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Сохранить" }).click();
}

async function chooseCity(page: Page, name: string) {
  await page.getByTestId("city-header").click();
  await expect(page.getByRole("heading", { name: "Выберите город" })).toBeVisible();
  await page.getByRole("link", { name }).click();
  await expect(page.getByTestId("city-header")).toContainText(name);
}

test.describe("location popup", () => {
  test("city → delivery address inside a zone → save → the zone's resto menu", { tag: "@small-phone" }, async ({ page }, info) => {
    await openPopup(page);
    await expect(page.getByText("Укажите адрес, чтобы мы могли показать вам актуальное меню")).toBeVisible();
    await chooseCity(page, "Казань");
    await page.getByTestId("method-DELIVERY").click();
    await enterAddress(page, "Баумана 44", "улица Баумана, 44", info);
    await expect(page.getByTestId("zone-name")).toBeVisible();
    for (const label of ["Квартира / офис", "Подъезд", "Этаж", "Домофон", "Комментарий"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await page.getByLabel("Квартира / офис").fill("12");
    await save(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Пицца Казань");
    await expect(page.getByTestId("location-chip")).toContainText("улица Баумана, 44");
    // reopening shows what was saved
    await page.getByTestId("location-chip").click();
    await expect(page.getByTestId("address-input")).toHaveValue("улица Баумана, 44");
    await expect(page.getByLabel("Квартира / офис")).toHaveValue("12");
  });

  test("takeaway point → save → that resto's menu", { tag: "@small-phone" }, async ({ page }) => {
    await openPopup(page);
    await page.getByTestId("method-TAKE_AWAY").click();
    const points = page.getByRole("radio");
    // Moscow's three points, sorted by order then address: Тверская (order 1) first, selected on switching
    await expect(points).toHaveCount(3);
    await expect(points.first()).toBeChecked();
    await expect(page.getByRole("radio", { name: "Тверская улица, 12" })).toBeChecked();
    await page.getByRole("radio", { name: "улица Арбат, 20" }).check();
    await save(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Кофейня на Арбате");
    await expect(page.getByTestId("location-chip")).toContainText("Самовывоз");
  });

  // 'Укажите адрес доставки', 'Адрес не найден', 'Адрес не входит в зону доставки' (with 'Сохранить' refusing it) and an
  // address without a house number ('Подтвердите адрес': 'Уточнить данные' goes back, 'Продолжить без номера' saves) are
  // checked on the popup in tests/routes/location.test.tsx (ADR 197); the confirmation's screen is drawn with axe in
  // a11y.spec.ts (four projects) and at 320/360 px in small-screens.spec.ts
  test("reopening and closing without saving restores the previous location", async ({ page }, info) => {
    await openPopup(page);
    await page.getByTestId("method-TAKE_AWAY").click();
    await page.getByRole("radio", { name: "улица Арбат, 20" }).check();
    await save(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Кофейня на Арбате");

    await page.getByTestId("location-chip").click();
    await chooseCity(page, "Казань");
    await page.getByTestId("method-DELIVERY").click();
    await enterAddress(page, "Баумана 44", "улица Баумана, 44", info);
    await page.getByTestId("location-close").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Кофейня на Арбате");

    await page.getByTestId("location-chip").click();
    await expect(page.getByTestId("city-header")).toContainText("Москва");
    await expect(page.getByRole("radio", { name: "улица Арбат, 20" })).toBeChecked();
  });

  test("the map popup: zones, takeaway points with today's hours, delivery terms", { tag: "@small-phone" }, async ({ page }, info) => {
    await openPopup(page);
    await page.getByTestId("method-TAKE_AWAY").click();
    await page.getByRole("link", { name: "Выбрать на карте" }).click();
    const map = page.getByTestId("map-popup");
    await expect(map).toBeVisible();
    await expect(map.getByTestId("map-point")).toHaveCount(3);
    await map.getByRole("link", { name: /на Арбате/ }).click();
    await expect(page.getByTestId("map-info")).toContainText("Демо Кофейня на Арбате");
    await expect(page.getByTestId("map-info")).toContainText("Часы работы");
    await page.getByTestId("map-confirm").click();
    await expect(page.getByTestId("map-popup")).toHaveCount(0);
    await expect(page.getByRole("radio", { name: "улица Арбат, 20" })).toBeChecked();

    await page.getByTestId("method-DELIVERY").click();
    await enterAddress(page, "Тверская 7", "Тверская улица, 7", info);
    await page.getByRole("link", { name: "Выбрать на карте" }).click();
    await expect(page.getByTestId("zone-polygon").first()).toBeAttached();
    await expect(page.getByTestId("map-marker")).toBeVisible();
    await page.getByRole("link", { name: "Условия доставки" }).click();
    const terms = page.getByRole("dialog", { name: "Условия доставки" });
    await expect(terms).toBeVisible();
    await expect(terms.getByRole("columnheader", { name: "Сумма заказа" })).toBeVisible();
    await expect(terms).toContainText("мин");
    // it lies above the map: its close button takes the click, and the map stays open behind it
    await terms.getByRole("link", { name: "Закрыть" }).click();
    await expect(page.getByRole("dialog", { name: "Условия доставки" })).toHaveCount(0);
    await expect(page.getByTestId("map-popup")).toBeVisible();
  });

  test("a map point outside every zone disables 'Подтвердить'", async ({ page }, info) => {
    await openPopup(page);
    await page.getByTestId("method-DELIVERY").click();
    await enterAddress(page, "Тверская 7", "Тверская улица, 7", info);
    await page.getByRole("link", { name: "Выбрать на карте" }).click();
    await expect(page.getByTestId("map-confirm")).toBeEnabled();
    if (jsOn(info)) {
      // the marker moves with the arrow keys and drops with Enter: the server names the new point
      const marker = page.getByTestId("map-marker");
      await marker.focus();
      for (let i = 0; i < 3; i++) await marker.press("ArrowDown");
      await marker.press("Enter");
      await expect(page.getByTestId("map-address")).toHaveText("Тверская улица");
      await expect(page.getByTestId("map-confirm")).toBeEnabled();
      // put the marker in the far south-west corner of Moscow's bounds: outside every zone
      const box = (await page.locator('[data-testid="schematic-map"] svg').first().boundingBox())!;
      await page.mouse.click(box.x + 8, box.y + box.height - 8);
    } else {
      // without JavaScript the map's search moves the point
      await page.getByPlaceholder("Введите адрес").fill("Профсоюзная 100");
      await page.getByTestId("map-popup").getByRole("button", { name: "Найти" }).click();
    }
    await expect(page.getByTestId("map-error")).toHaveText("Адрес не входит в зону доставки");
    await expect(page.getByTestId("map-confirm")).toBeDisabled();
  });
  // axe over the popup's steps, its errors, the map, the terms and the address confirmation: a11y.spec.ts, four ways
});
