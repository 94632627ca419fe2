import { mkdirSync } from "node:fs";
import { expect, test, type Page, type TestInfo } from "./helpers/returning-customer";
import { signInByForm } from "./helpers/sign-in";

/**
 * When the order arrives (issue 39 §3, ADR 190), in every project (desktop/phone × JavaScript on/off): a takeaway
 * order from a restaurant whose clock the test sets (`/_demo/clock`, ADR 151) says when it will be ready — as soon
 * as possible 'сегодня к 12:20' (its positions' cooking time), a pre-order exactly at its time, on a date two days
 * ahead —, a delivery from the flagship when it will be at the door (the zone's 40 minutes, on the real clock), on
 * the success screen and in the order history. The phones leave screenshots at 360 px in test-results/shots-i39.
 */

const MINUTE = 60_000;

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

/** a screenshot at 360 px from the phone projects */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!testInfo.project.name.startsWith("phone")) return;
  await page.setViewportSize({ width: 360, height: 740 });
  mkdirSync("test-results/shots-i39", { recursive: true });
  await page.screenshot({ path: `test-results/shots-i39/eta-${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** "HH:mm" and the "YYYY-MM-DD" of `ms` on a clock `offset` ("+04:00", "-11:30") */
function wall(ms: number, offset: string): { date: string; time: string } {
  const sign = offset.startsWith("-") ? -1 : 1;
  const [h, m] = offset.slice(1).split(":").map(Number) as [number, number];
  const local = new Date(ms + sign * (h * 60 + m) * MINUTE).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** how the storefront reads `at` at `now` on that clock: 'сегодня к 19:40', 'завтра к 09:30', '12 декабря к 10:00' */
function words(at: number, now: number, offset: string): string {
  const day = (ms: number) => Date.parse(`${wall(ms, offset).date}T00:00:00Z`);
  const days = Math.round((day(at) - day(now)) / (24 * 60 * MINUTE));
  const time = wall(at, offset).time;
  if (days === 0) return `сегодня к ${time}`;
  if (days === 1) return `завтра к ${time}`;
  const date = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: "UTC" }).format(day(at));
  return `${date} к ${time}`;
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
    await shot(page, testInfo, "takeaway-success");

    const entry = await historyEntry(page);
    await expect(entry.getByTestId("past-order-eta")).toHaveText(text.replace("Заказ будет готов", "Самовывоз"));
    await shot(page, testInfo, "takeaway-history");
  });

  test("a takeaway pre-order: exactly its time, on a date two days ahead (Saturday night, Sunday off)", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const { phone } = await signInByForm(page);
    const clock = await clockResto(page, "SATURDAY", "23:10");
    const now = Date.now();
    const chosen = await order(page, phone);
    expect(chosen).not.toBe("");
    const expected = words(Date.parse(chosen), now, clock.timezone);
    expect(expected).toMatch(/^\d{1,2} [а-яё]+ к 09:00$/);
    await expect(page.getByTestId("order-eta")).toHaveText(`Заказ будет готов ${expected}`);
    await shot(page, testInfo, "preorder-success");

    const entry = await historyEntry(page);
    await expect(entry.getByTestId("past-order-eta")).toHaveText(`Самовывоз ${expected}`);
  });

  test("delivery: at the door after the zone's time, in Moscow time; in the history", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const { phone } = await signInByForm(page);
    const saved = await page.request.post("/location", {
      form: { intent: "save", city: "115", method: "DELIVERY", q: "Тверская 7" },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(303);
    // Борщ 390 ₽ × 3: the centre zone's 1 000–2 000 ₽ rule, 40 minutes
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501", count: "3" }, maxRedirects: 0 });
    const before = Date.now();
    const chosen = await order(page, phone);
    const after = Date.now();
    const ceil5 = (ms: number) => Math.ceil(ms / (5 * MINUTE)) * 5 * MINUTE;
    // as soon as possible while the flagship is open; else (23:00–09:00 in Moscow) the first pre-order time, exactly
    const expected = chosen
      ? [words(Date.parse(chosen), after, "+03:00")]
      : [...new Set([words(ceil5(before + 40 * MINUTE), after, "+03:00"), words(ceil5(after + 40 * MINUTE), after, "+03:00")])];
    const eta = page.getByTestId("order-eta");
    await expect(eta).toHaveText(new RegExp(`^Доставим (${expected.join("|")})$`));
    await expect(page.getByTestId("order-delivery-time")).toHaveText("Доставка ≈ 40 мин");
    const text = (await eta.textContent())!;
    await shot(page, testInfo, "delivery-success");

    const entry = await historyEntry(page);
    await expect(entry.getByTestId("past-order-eta")).toHaveText(text.replace("Доставим", "Доставка"));
    await shot(page, testInfo, "delivery-history");
  });
});
