import { shot } from "./helpers/shots";
import { expect, test, type Page, type TestInfo } from "./helpers/returning-customer";
import { signInByForm } from "./helpers/sign-in";

/**
 * When the order arrives (issue 39 §3, ADR 190), in every project (desktop/phone × JavaScript on/off): a takeaway
 * order as soon as possible from a restaurant whose clock the test sets (`/_demo/clock`, ADR 151) says when it will
 * be ready, 'сегодня к 12:20' (its positions' cooking time), on the success screen and in the order history. With
 * SHOTS_DIR set, the phones leave screenshots at 360 px there.
 */
interface Clock {
  restoId: number;
  timezone: string;
}

/** a restaurant of the test's own whose wall clock reads `day`, `time` now, saved as the takeaway location, and Борщ × 2 */
async function clockResto(page: Page, day: string, time: string): Promise<Clock> {
  const answer = await page.request.post("/_demo/clock", { data: { day, time } });
  expect(answer.ok()).toBe(true);
  const clock = (await answer.json()) as Clock;
  const saved = await page.request.post("/location", {
    form: { intent: "save", city: "118", method: "TAKE_AWAY", resto: String(clock.restoId) },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(303);
  await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501", count: "2" }, maxRedirects: 0 });
  return clock;
}

/** fills the checkout form and orders (paying on receipt); the chosen time's value ("" = as soon as possible) */
async function order(page: Page, phone: string): Promise<string> {
  await page.goto("/cart");
  const form = page.getByTestId("checkout-form");
  await form.getByLabel("Имя").fill("Вера");
  await form.getByLabel("Телефон").fill(phone);
  await form.getByLabel("Картой при получении").check();
  const chosen = await form.getByLabel("Время").inputValue();
  await form.getByTestId("checkout-submit").click();
  await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
  return chosen;
}

/** with SHOTS_DIR set, a screenshot at 360 px from the phone projects */
async function phoneShot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.SHOTS_DIR || !testInfo.project.name.startsWith("phone")) return;
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, `eta-${name}`, { fullPage: true });
}

async function historyEntry(page: Page) {
  await page.goto("/orders/repeat");
  const entry = page.getByTestId("past-order").first();
  await expect(entry).toBeVisible();
  return entry;
}

test.describe("when the order arrives (issue 39 §3)", () => {
  test("takeaway as soon as possible: ready after the cooking time, today by the restaurant's clock; in the history", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const { phone } = await signInByForm(page);
    await clockResto(page, "WEDNESDAY", "12:00");
    expect(await order(page, phone)).toBe("");
    // Борщ cooks 15 minutes: ordered at 12:00 and some seconds, rounded up to 5 minutes
    const eta = page.getByTestId("order-eta");
    await expect(eta).toHaveText(/^Заказ будет готов сегодня к 12:(15|20|25)$/);
    const text = (await eta.textContent())!;
    await phoneShot(page, testInfo, "takeaway-success");

    const entry = await historyEntry(page);
    await expect(entry.getByTestId("past-order-eta")).toHaveText(text.replace("Заказ будет готов", "Самовывоз"));
    await phoneShot(page, testInfo, "takeaway-history");
  });

  // A pre-order on a date in words and a delivery's 'Доставим …', on the success screen and in the history, are
  // tests/routes/checkout-success.test.tsx's (ADR 197, 201); which instant each order gets — a pre-order's own time, the
  // zone's delivery time — is tests/checkout/order-eta.test.ts's, through the real action and loader.
});
