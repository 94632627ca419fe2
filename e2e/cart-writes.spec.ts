import { holdFirstCartPost } from "./helpers/hold-cart-post";
import { expect, test } from "./helpers/returning-customer";

/**
 * ADR 119: the cart lives in one cookie, so two cart writes sent together both start from it and the later
 * answer drops the other's change. With JavaScript a write made while another is on its way waits for its
 * answer. The menu's adds are checked in kept-cards.spec; here the cart's own writes: its lines, the person count,
 * the promo code and the payment choice (one cookie holds them all).
 */
test.describe("cart writes one at a time (ADR 119)", () => {
  test.beforeEach(async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript every write is a page navigation of its own");
    for (const positionId of ["10074", "10076"]) {
      const added = await page.request.post("/cart", { form: { intent: "add", positionId, menuId: "501" }, maxRedirects: 0 });
      expect(added.status()).toBe(303);
    }
  });

  test("'+' on one line, then on another while the first is on its way: both counts reach the cart", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const { posts, release, answered } = await holdFirstCartPost(page, "intent");
    const line = (name: string) => page.getByTestId("cart-line").filter({ hasText: name });
    await page.getByRole("button", { name: "Увеличить количество «Морс клюквенный»" }).click();
    await expect(line("Морс клюквенный").getByTestId("cart-line-count")).toHaveText("2"); // optimistic
    await page.getByRole("button", { name: "Увеличить количество «Кола»" }).click();
    // the first write is sent (on a busy machine it reaches the network later than its optimistic count shows)
    await expect.poll(() => posts.length, "the first write is sent").toBe(1);
    await page.waitForTimeout(300);
    expect(posts, "the second write waits for the first's answer").toEqual(["set-count"]);
    release();
    await expect.poll(() => posts.length).toBe(2);
    await expect(line("Кола").getByTestId("cart-line-count")).toHaveText("2");
    // what the server kept: both counts, after a fresh load once both answers are in (a reload before the second's
    // answer cancelled it once, on a busy machine)
    await expect.poll(answered).toBe(2);
    await page.reload();
    await expect(line("Морс клюквенный").getByTestId("cart-line-count")).toHaveText("2");
    await expect(line("Кола").getByTestId("cart-line-count")).toHaveText("2");
  });

  test("'+' on two lines in one moment (a fast double tap on a busy phone): both counts reach the cart (ADR 208)", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const answers: string[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/cart")) answers.push(response.url());
    });
    // one task: React has drawn neither write when the second is made
    await page.getByTestId("cart-lines").evaluate((lines) => {
      for (const name of ["Морс клюквенный", "Кола"])
        lines.querySelector<HTMLButtonElement>(`button[aria-label="Увеличить количество «${name}»"]`)!.click();
    });
    await expect.poll(() => answers.length).toBe(2);
    await page.reload();
    const line = (name: string) => page.getByTestId("cart-line").filter({ hasText: name });
    await expect(line("Морс клюквенный").getByTestId("cart-line-count")).toHaveText("2");
    await expect(line("Кола").getByTestId("cart-line-count")).toHaveText("2");
  });

  test("'+' on a line, then 'Очистить корзину' confirmed while it is on its way: the cart ends empty", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    // the queue of written forms is what is checked here, not a tap before the cart's code arrived (ADR 124): on a
    // busy machine the first write once waited past the poll below for that code
    await page.waitForLoadState("networkidle");
    const { posts, release, answered } = await holdFirstCartPost(page, "intent");
    await page.getByRole("button", { name: "Увеличить количество «Кола»" }).click();
    await page.getByRole("link", { name: "Очистить корзину" }).click();
    await page.getByTestId("confirm-ok").click();
    // the first write is sent (on a busy machine it reaches the network later than its optimistic count shows)
    await expect.poll(() => posts.length, "the first write is sent").toBe(1);
    await page.waitForTimeout(300);
    expect(posts, "the clearing waits for the count's answer").toEqual(["set-count"]);
    release();
    await expect.poll(answered).toBe(2);
    expect(posts).toEqual(["set-count", "clear"]);
    await page.reload();
    await expect(page.getByTestId("cart-line")).toHaveCount(0);
  });

  test("a line's '+', then the person count, the promo code and the payment choice while it is on its way: all four stay", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    // the promo form validates in the browser once its code has arrived (ADR 104): wait for it, so that the
    // code's submit below is the form's own
    await page.waitForLoadState("networkidle");
    const { posts, release, answered } = await holdFirstCartPost(page, "intent");
    const line = (name: string) => page.getByTestId("cart-line").filter({ hasText: name });
    await page.getByRole("button", { name: "Увеличить количество «Морс клюквенный»" }).click();
    await expect(line("Морс клюквенный").getByTestId("cart-line-count")).toHaveText("2");
    await page.getByRole("button", { name: "Больше персон" }).click();
    await page.getByRole("textbox", { name: "Промокод" }).fill("welcome");
    await page.getByRole("button", { name: "Применить" }).click();
    await page.getByRole("radio", { name: "Картой при получении" }).check();
    // the first write is sent (on a busy machine it reaches the network later than its optimistic count shows)
    await expect.poll(() => posts.length, "the first write is sent").toBe(1);
    await page.waitForTimeout(300);
    expect(posts, "the other writes wait for the first's answer").toEqual(["set-count"]);
    release();
    await expect.poll(() => posts.length).toBe(4);
    await expect(page.getByTestId("promo-applied")).toContainText("WELCOME");
    // what the server kept: every change, after a fresh load once every answer is in
    await expect.poll(answered).toBe(4);
    await page.reload();
    await expect(line("Морс клюквенный").getByTestId("cart-line-count")).toHaveText("2");
    await expect(page.getByTestId("person-count")).toHaveText("2");
    await expect(page.getByTestId("promo-applied")).toContainText("WELCOME");
    await expect(page.getByRole("radio", { name: "Картой при получении" })).toBeChecked();
  });
});
