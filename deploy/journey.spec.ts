import { execFileSync } from "node:child_process";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * The deployed topology (issue 16), driven by deploy/run.mjs: nginx with TLS (by default with nginx's own proxy
 * headers only: no Host, no X-Forwarded-*) → two storefront containers of one brand (round robin) → one shared Redis container
 * and one upstream (the twin as an HTTP server). Every request may land on either container; nginx says which
 * in X-Served-By, and each journey must have been served by both.
 */
const PUBLIC_ORIGIN = new URL(process.env.DEPLOY_URL ?? "https://localhost:8443").origin;
const TWIN_URL = process.env.DEPLOY_TWIN_URL ?? "http://127.0.0.1:8410";
const PODMAN = process.env.DEPLOY_PODMAN ?? "deploy/podman.sh";
const REDIS = process.env.DEPLOY_REDIS_CONTAINER ?? "sf-deploy-redis";

/** each storefront container directly, past the proxy (their /readyz says whether they reach Redis) */
const CONTAINERS = (process.env.DEPLOY_CONTAINER_URLS ?? "http://127.0.0.1:8421,http://127.0.0.1:8422").split(",");
const LEDGER_UNAVAILABLE = "Не удалось оформить заказ: сервис заказов временно недоступен. Повторите через минуту — корзина и введённые данные сохранены";

async function redisOnEveryContainer(): Promise<boolean> {
  const states = await Promise.all(
    CONTAINERS.map(async (url) => {
      const answer = await fetch(`${url}/readyz`).catch(() => null);
      return answer?.ok ? ((await answer.json()) as { redis?: string }).redis : "no answer";
    }),
  );
  return states.every((state) => state === "up");
}

function redis(action: "stop" | "start") {
  execFileSync(PODMAN, action === "stop" ? ["stop", "-t", "2", REDIS] : ["start", REDIS], { stdio: "ignore" });
}

function randomPhone(): string {
  return `+7900${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

/** which container answered each document and data request of this page */
function servedBy(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on("response", (response) => {
    const upstream = response.headers()["x-served-by"];
    if (upstream) seen.add(upstream);
  });
  return seen;
}

async function twinOrders(request: APIRequestContext, phone: string) {
  const answer = await request.get(`${TWIN_URL}/__twin/orders`);
  const { orders } = (await answer.json()) as { orders: { payload: { person: { phone: string } } }[] };
  return orders.filter((o) => o.payload.person.phone.replace(/\D/g, "") === phone.replace(/\D/g, ""));
}

/** Phone sign-in: the code comes from the shared upstream, whichever container asked for it. */
async function signInWithPhone(page: Page, request: APIRequestContext, phone: string, redirectTo: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  const phoneForm = page.locator('form:has(input[name="intent"][value="request-code"])');
  await phoneForm.locator('input[name="phone"]').fill(phone);
  await phoneForm.locator('button[type="submit"]').click();
  const codeInput = page.locator('input[name="code"]');
  await expect(codeInput).toBeVisible();
  const { code } = (await (await request.get(`${TWIN_URL}/__twin/sms?phone=${encodeURIComponent(phone)}`)).json()) as { code: string | null };
  expect(code, "the SMS code the upstream sent").toMatch(/^\d{4,}$/);
  await codeInput.fill(code!);
  await page.locator('form:has(input[name="intent"][value="verify"]) button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
  await expect(page.getByTestId("person-name")).toBeVisible();
}

test.describe("through the proxy, two containers, one Redis", () => {
  test("location → add → cart → sign in by phone → order, with Redis stopped and started on the way", async ({ page, request }) => {
    const seen = servedBy(page);

    // location: takeaway at the Tverskaya point
    // a first visit: home opens the location popup by itself (spec §4, ADR 090)
    await page.goto("/");
    await expect(page.getByTestId("location-popup")).toBeVisible();
    await page.getByTestId("method-TAKE_AWAY").click();
    await page.getByRole("radio", { name: "Тверская улица, 12" }).check();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Демо Пицца на Тверской");
    await expect(page.getByTestId("location-chip")).toContainText("Самовывоз");

    // add from the menu
    await page.goto("/menus/501");
    await page
      .locator("#position-10031")
      .getByRole("button", { name: /В корзину|Добавить/ })
      .click();
    await expect(page.getByRole("link", { name: /Корзина: 1/ })).toBeVisible();

    // Redis goes away: the storefront keeps serving from its own memory
    redis("stop");
    try {
      await page.goto("/cart");
      const line = page.getByTestId("cart-line").filter({ hasText: "Борщ" });
      await expect(line).toHaveCount(1);
      await line.getByRole("button", { name: "Увеличить количество «Борщ»" }).click();
      await expect(line.getByTestId("cart-line-count")).toHaveText("2");
      await expect(page.getByRole("link", { name: /Корзина: 2/ })).toBeVisible();

      // sign in by phone while Redis is down (its rate limits must not lock customers out)
      const phone = randomPhone();
      await signInWithPhone(page, request, phone, "/cart");
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId("cart-line")).toHaveCount(1);

      // an order while Redis is down: the shared ledger cannot answer, so nothing is placed (fail closed, ADR 145);
      // the customer is told to try again, the cart and what they typed kept
      const form = page.getByTestId("checkout-form");
      await form.getByLabel("Имя").fill("Анна");
      await form.getByLabel("Телефон").fill(phone);
      await form.getByLabel("Картой при получении").check();
      await form.getByTestId("checkout-submit").click();
      const refused = page.getByRole("dialog", { name: "Не удалось оформить заказ" });
      await expect(refused.getByTestId("order-error-message")).toHaveText(LEDGER_UNAVAILABLE);
      await refused.getByRole("link", { name: "Ок" }).click();
      await expect(refused).toHaveCount(0);
      await expect(form.getByLabel("Имя")).toHaveValue("Анна");
      await expect(page.getByTestId("cart-line").getByTestId("cart-line-count")).toHaveText("2");
      expect(await twinOrders(request, phone)).toHaveLength(0);

      // Redis is back, and both containers have reconnected (a client retries at most once a second): the same form
      // now places the order, and idempotency keys are shared again
      redis("start");
      await expect.poll(redisOnEveryContainer, { message: "both containers see Redis again", timeout: 20_000 }).toBe(true);
      await form.getByTestId("checkout-submit").click();
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
      await expect.poll(async () => (await twinOrders(request, phone)).length).toBe(1);

      // the success screen again (either container), still one order
      await page.reload();
      await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
      expect(await twinOrders(request, phone)).toHaveLength(1);
    } finally {
      redis("start");
    }
    expect([...seen].sort(), "requests of one journey land on both containers").toHaveLength(2);
  });

  test("Sign in with Apple: the form_post callback arrives cross-site and signs the customer in", async ({ page, context }) => {
    const seen = servedBy(page);
    // Apple's authorize page, played by the test: it posts back to the redirect_uri as Apple does (a form on
    // another site, so the browser sends Origin https://appleid.apple.com and Sec-Fetch-Site: cross-site)
    let authorize: URL | null = null;
    await context.route("https://appleid.apple.com/**", async (route) => {
      authorize = new URL(route.request().url());
      const p = authorize.searchParams;
      const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, "&quot;")}">`;
      await route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><title>Apple</title><form method="post" action="${p.get("redirect_uri")}">${field("state", p.get("state") ?? "")}${field(
          "code",
          "deploy-code",
        )}${field("id_token", "demo-apple:apple-deploy@example.com")}<button type="submit">Continue</button></form>`,
      });
    });
    await page.goto("/auth?redirectTo=%2Fcart");
    await page.getByRole("button", { name: "Войти через Apple" }).click();
    await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
    expect(authorize!.searchParams.get("response_mode")).toBe("form_post");
    expect(new URL(authorize!.searchParams.get("redirect_uri")!).origin, "the redirect URI is on the public origin").toBe(PUBLIC_ORIGIN);
    // the browser marks this POST Sec-Fetch-Site: cross-site (its Origin is Apple's): the storefront must take it
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("person-name")).toBeVisible();
    expect(seen.size).toBeGreaterThan(0);
  });
});
