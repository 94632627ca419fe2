import { expect, test, type Page } from "./helpers/returning-customer";
import { signInByForm } from "./helpers/sign-in";

/**
 * Issue 36 §2, ADR 151: a restaurant that is not accepting orders offers no 'Как можно скорее', only the pre-order
 * times its hours allow, says when it opens, and the twin refuses an order as soon as possible. The restaurant is
 * the test's own (`/_demo/clock`: a copy of the Samara one, Monday–Saturday 09:00–22:00, Sunday off, whose clock
 * reads the weekday and time asked for), so every case is reproducible at any time of day, beside other tests.
 */

interface DemoOrder {
  payload: { person: { phone: string }; preOrderAt: string | null; restoId: number };
}

async function restoAt(page: Page, day: string, time: string): Promise<number> {
  const answer = await page.request.post("/_demo/clock", { data: { day, time } });
  expect(answer.ok()).toBe(true);
  const { restoId } = (await answer.json()) as { restoId: number };
  const saved = await page.request.post("/location", {
    form: { intent: "save", city: "118", method: "TAKE_AWAY", resto: String(restoId) },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(303);
  await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501", count: "2" }, maxRedirects: 0 });
  return restoId;
}

async function ordersOf(page: Page, phone: string): Promise<DemoOrder[]> {
  const { orders } = (await (await page.request.get("/_demo/orders")).json()) as { orders: DemoOrder[] };
  return orders.filter((o) => o.payload.person.phone === phone);
}

/**
 * The order journey from a closed restaurant, today's and tomorrow's first time. Each reason's notice and first time
 * (before opening, after closing, a day off) is checked on the cart screen in tests/routes/cart.test.tsx (ADR 197).
 */
const CASES = [
  {
    name: "closed before opening",
    day: "TUESDAY",
    time: "07:40",
    notice: /Откроется в 09:00\./,
    not: /уже закрыто/,
    first: "Сегодня, 09:00",
  },
  {
    name: "a day off",
    day: "SUNDAY",
    time: "12:00",
    notice: /Сегодня выходной\. Откроется завтра в 09:00\./,
    not: /уже закрыто/,
    first: "Завтра, 09:00",
  },
] as const;

test.describe("a restaurant that is not accepting orders (issue 36 §2)", () => {
  for (const c of CASES) {
    test(`${c.name}: no 'Как можно скорее', the opening time, a pre-order goes through`, async ({ page }) => {
      const { phone } = await signInByForm(page);
      const restoId = await restoAt(page, c.day, c.time);
      await page.goto("/cart");
      const notice = page.getByTestId("day-off-notice");
      await expect(notice).toContainText("Заведение сейчас не принимает заказы");
      await expect(notice).toContainText(c.notice);
      await expect(notice).not.toContainText(c.not);
      await expect(notice).toContainText("Оформите предзаказ");
      const form = page.getByTestId("checkout-form");
      const time = form.getByLabel("Время");
      await expect(time.locator("option", { hasText: "Как можно скорее" })).toHaveCount(0);
      await expect(time.locator("option").first()).toHaveText(c.first);
      // the first time offered is chosen
      const chosen = await time.inputValue();
      expect(chosen).not.toBe("");
      await form.getByLabel("Имя").fill("Вера");
      await form.getByLabel("Телефон").fill(phone);
      await form.getByLabel("Картой при получении").check();
      await form.getByTestId("checkout-submit").click();
      await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
      const orders = await ordersOf(page, phone);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.payload).toMatchObject({ restoId, preOrderAt: chosen });
    });
  }

  test("the twin refuses an order 'as soon as possible' from a closed restaurant: the day-off dialog, no order", async ({
    page,
  }) => {
    const { phone } = await signInByForm(page);
    await restoAt(page, "TUESDAY", "07:40");
    await page.goto("/cart");
    const form = page.getByTestId("checkout-form");
    const key = await form.locator('input[name="key"]').inputValue();
    // a form drawn while the restaurant was open (or a hand-made POST): ASAP
    const refused = await page.request.post("/cart", {
      form: {
        intent: "checkout",
        key,
        name__confirm: "",
        from__confirm: await form.locator('input[name="from__confirm"]').inputValue(),
        paymentMethod: "CARD_UPON_RECEIPT",
        name: "Вера",
        phone,
        email: "",
        receiptEmail: "",
        comment: "",
        preOrderAt: "",
      },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(422);
    const html = await refused.text();
    expect(html).toContain('data-testid="day-off"');
    expect(html).toContain("Откроется в 09:00.");
    expect(await ordersOf(page, phone)).toHaveLength(0);
  });
});
