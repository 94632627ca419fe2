import { expect, saveDefaultLocation, test } from "./helpers/returning-customer";
import { expectFirstViewWithout } from "./helpers/first-view";

const SECOND = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

test.describe("white-label brands", () => {
  test("the second brand renders with its own name, colours, light theme and sign-in methods", async ({ page, context }) => {
    await saveDefaultLocation(context.request, "second");
    await page.goto(`${SECOND}/`);
    await expect(page).toHaveTitle(/Суши Ночь/);
    await expect(page.locator("header")).toContainText("Суши Ночь");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", "light");
    const primary = await html.evaluate((el) => getComputedStyle(el).getPropertyValue("--brand-primary").trim());
    expect(primary).toBe("#0f766e");
    const background = await page.locator("body").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(251, 250, 247)");
    // its default location is the Kazan resto, not the demo brand's
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Казань");
    // only phone sign-in is configured for this brand
    await page.goto(`${SECOND}/auth`);
    await expect(page.getByRole("textbox", { name: /телефон/i }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /VK/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Google/ })).toHaveCount(0);
  });

  test("the demo brand is dark with its own name", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.locator("header")).toContainText("Демо Пицца");
  });

  test("cookie consent is asked once and the analytics counter loads only after it", async ({ page, context }) => {
    await saveDefaultLocation(context.request, "second");
    await page.goto(`${SECOND}/`);
    const banner = page.getByTestId("consent-banner");
    await expect(banner).toBeVisible();
    await expect(page.getByTestId("analytics-counter")).toHaveCount(0);
    const accepted = page.waitForResponse((r) => r.url().includes("/preferences") && r.request().method() === "POST");
    await banner.getByRole("button", { name: "Принять" }).click();
    await accepted;
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await expect(page.getByTestId("analytics-counter")).toHaveCount(1);
    // the demo brand configures no counter: consent alone loads nothing
    await saveDefaultLocation(context.request);
    await page.goto("/");
    const acceptedHere = page.waitForResponse((r) => r.url().includes("/preferences") && r.request().method() === "POST");
    await page.getByTestId("consent-banner").getByRole("button", { name: "Принять" }).click();
    await acceptedHere;
    // without JavaScript the answer is a 303 and a new document: reloading before it is there fails
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("analytics-counter")).toHaveCount(0);
  });
});

test.describe("legacy local storage", () => {
  test.use({ javaScriptEnabled: true }); // local storage is only reachable from scripts
  // the migration fills a fresh session only; home would open the location popup first (ADR 090)
  test.use({ firstVisit: true });
  // with scripts forced on, a no-JS project would repeat its device's JavaScript project exactly
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern
  test.beforeEach(({}, info) => test.skip(info.project.use.javaScriptEnabled === false, "the same run as this device's JavaScript project"));

  test("the previous storefront's keys become the session's cart and location after one visit", async ({ page, context }) => {
    await context.addInitScript(() => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("app_white_label", JSON.stringify("demo-pizza"));
      localStorage.setItem("app_version", JSON.stringify("1"));
      localStorage.setItem("cities_selected_id", JSON.stringify(115)); // an older key name
      localStorage.setItem("restos_selected_id", JSON.stringify(173));
      localStorage.setItem("order_delivery_type", JSON.stringify("TAKE_AWAY"));
      localStorage.setItem(
        "cart_positions",
        JSON.stringify([
          { id: 10031, menu: { id: 501 }, count: 2, price: 1, sum: 2, hasModifiers: false, modifiers: [] },
          { id: 999999, menu: { id: 501 }, count: 1, price: 1, sum: 1, hasModifiers: false, modifiers: [] },
        ]),
      );
    });
    await page.goto("/menus/501");
    const notice = page.getByTestId("migration-notice");
    await expect(notice).toBeVisible();
    // one line moved, the vanished position was dropped with a notice
    await expect(notice).toContainText("1");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    const left = await page.evaluate(() => ["cities_selected_id", "cart_positions", "app_white_label"].map((k) => localStorage.getItem(k)));
    expect(left).toEqual([null, null, null]);
    // the cart now lives in the session: a fresh page load without any local storage still has it
    await page.reload();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
  });

  test("the migration's code is not in the first view: it is fetched once the page is idle (ADR 118)", async ({ page }) => {
    // "cities_selected_id" is an older key name only the migration knows
    await expectFirstViewWithout(page, "/menus/501", ["cities_selected_id"]);
    await expectFirstViewWithout(page, "/cart", ["cities_selected_id"]);
    const fetched: string[] = [];
    page.on("response", async (r) => {
      if (r.url().endsWith(".js") && (await r.text().catch(() => "")).includes("cities_selected_id")) fetched.push(r.url());
    });
    await page.goto("/menus/501");
    await expect.poll(() => fetched.length, { timeout: 10_000 }).toBe(1);
  });

  test("local storage of another brand is cleared, not migrated", async ({ page, context }) => {
    await context.addInitScript(() => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("app_white_label", JSON.stringify("someone-else"));
      localStorage.setItem("cart_positions", JSON.stringify([{ id: 10031, menu: { id: 501 }, count: 3 }]));
    });
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });
});
