/**
 * An order whose outcome is unknown (issue 35, ADR 145), as the customer lives it, four ways (desktop and phone,
 * JavaScript on and off). The order POST's answer is lost — the twin answers 502 after committing the order, or before
 * committing it (`afterCommit`, `commit: false`): the BFF cannot tell the two apart.
 * - Committed: the customer is never told it failed; the success screen finds the one order, the cart empties.
 * - Not committed: the success screen says we are checking (never 'send it again'), asks again by itself, and the
 *   cart is kept, its page renders the same form again (ADR 214); that form sent again, or the first one resent from the
 *   browser's history, places nothing.
 * The twin's scenario is the server's own, so these tests run on a server of their own (one per worker).
 */
import { expect, test as base, type Page } from "./helpers/load-gate";
import { shot } from "./helpers/shots";
import { signInByForm } from "./helpers/sign-in";
import { startServer, type ServerProcess } from "./helpers/server-process";

const test = base.extend<object, { ownServer: ServerProcess }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, provide) => {
      const server = await startServer();
      await provide(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ ownServer }, provide) => provide(ownServer.base),
});

type TwinOrder = { number: string; payload: { person: { phone: string }; clientOrderKey?: string } };
async function ordersOf(page: Page, phone: string): Promise<TwinOrder[]> {
  const { orders } = (await (await page.request.get("/_demo/orders")).json()) as { orders: TwinOrder[] };
  return orders.filter((o) => o.payload.person.phone === phone);
}

const setFault = async (page: Page, afterCommit: Record<string, unknown> | null) =>
  expect((await page.request.post("/_demo/scenario", { data: { afterCommit } })).ok()).toBe(true);

/** Signed in, at the takeaway point 173, Борщ ×2 in the cart, the checkout form filled in. */
async function filledCheckout(page: Page, base: string): Promise<{ phone: string; fields: Record<string, string> }> {
  const saved = await page.request.post("/location", { form: { intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" }, maxRedirects: 0, headers: { Origin: base } });
  expect(saved.status()).toBe(303);
  const { phone } = await signInByForm(page);
  const added = await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501", count: "2" }, maxRedirects: 0, headers: { Origin: base } });
  expect(added.status()).toBe(303);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const form = page.getByTestId("checkout-form");
  await form.getByLabel("Имя").fill("Вера");
  await form.getByLabel("Телефон").fill(phone);
  await form.getByLabel("Картой при получении").check();
  // what the form will send, to send it again later as a browser resending the POST would
  const fields = await form.evaluate((el) => Object.fromEntries([...new FormData(el as HTMLFormElement)].map(([k, v]) => [k, String(v)])));
  return { phone, fields };
}

test.describe("an order whose answer is lost (ADR 145)", () => {
  test.describe.configure({ mode: "serial" }); // one scenario per server at a time

  test.afterEach(async ({ page }) => setFault(page, null));

  test("committed, then a 502: the success screen shows the one order and the cart is emptied", async ({ page, ownServer }) => {
    const { phone } = await filledCheckout(page, ownServer.base);
    await setFault(page, { status: 502 });
    await page.getByTestId("checkout-form").getByTestId("checkout-submit").click();

    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
    await expect(page.getByTestId("order-error-message")).toHaveCount(0);
    const orders = await ordersOf(page, phone);
    expect(orders).toHaveLength(1);
    await expect(page.getByTestId("order-number")).toContainText(orders[0]!.number);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-empty")).toBeVisible();
  });

  test("a 502 before any commit: 'we are checking', asked again by itself; the cart kept; the form sent again places nothing", async ({ page, ownServer }) => {
    const { phone, fields } = await filledCheckout(page, ownServer.base);
    await setFault(page, { status: 502, commit: false });
    await page.getByTestId("checkout-form").getByTestId("checkout-submit").click();

    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
    const checking = page.getByTestId("order-checking");
    await expect(checking).toBeVisible();
    await expect(checking.getByRole("heading", { name: "Проверяем заказ" })).toBeVisible();
    await expect(checking).toContainText("не отправляйте его ещё раз");
    await shot(page, "checking");
    const here = page.url();

    // the page asks again by itself (a revalidation with JavaScript, a refresh of the document without): a 5 s timer
    // that is the same at every screen size, so it is waited for at the desktop size, with JavaScript and without
    const key = new URL(here).pathname.split("/").pop()!;
    if (!test.info().project.name.startsWith("phone")) {
      const askedAgain = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith(`/checkout/${key}`) && r.method() === "GET", { timeout: 12_000 });
      await askedAgain;
      await expect(page.getByTestId("order-checking")).toBeVisible();
    }

    // the cart is kept while the outcome is unknown, and its page renders the same form again (ADR 214): sending "the
    // cart" once more is asked of the ledger as that form, never placed as a second order
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    const form = page.getByTestId("checkout-form");
    await expect(form.locator('input[name="key"]')).toHaveValue(key);
    await form.getByLabel("Имя").fill("Вера");
    await form.getByLabel("Телефон").fill(phone);
    await form.getByLabel("Картой при получении").check();
    await form.getByTestId("checkout-submit").click();
    await expect(page).toHaveURL(here);
    await expect(page.getByTestId("order-checking")).toBeVisible();
    expect(await ordersOf(page, phone)).toHaveLength(0);
    await page.goto("/cart");
    // the same form sent again (a browser resending the POST; the customer did not believe it): back to 'checking'
    const again = await page.request.post("/cart", {
      // the key the form was sent with is the success screen's (with JavaScript, the cart's revalidation after the
      // payment choice was saved gave the form a new key before it was sent)
      form: { ...fields, key },
      maxRedirects: 0,
      headers: { Origin: ownServer.base },
    });
    expect(again.status(), await again.text()).toBe(303);
    expect(again.headers()["location"]).toBe(`/checkout/${key}`);
    await page.goto(here);
    await expect(page.getByTestId("order-checking")).toBeVisible();
    expect(await ordersOf(page, phone)).toHaveLength(0);
  });
});
