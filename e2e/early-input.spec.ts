import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "./helpers/returning-customer";
import { seededRandom } from "../scripts/seeded-random.mjs";

/**
 * Issue 36 §1, ADR 150: whatever a customer types or chooses on the server's page before the scripts take it over
 * (hydration) survives them. With JavaScript, the page's scripts are held until the customer has typed, then let go;
 * the values must still be there once React has hydrated, and the order uses them. Without JavaScript the same
 * steps show the plain form keeps them (there is no hydration to survive).
 */

/** Holds every script of the app until `release()`; the document itself comes at once. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    held++;
    await released;
    await route.continue().catch(() => {});
  });
  return { release, held: () => held };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));

/** The position layer's URL of a card on the main menu, by its name. */
async function positionUrl(page: Page, name: string): Promise<string> {
  const html = await (await page.request.get("/menus/501")).text();
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`href="(/menus/501/positions/\\d+)"[^>]*>${escaped}<`).exec(html);
  if (!match) throw new Error(`no card named ${name}`);
  return match[1]!;
}

async function openBeforeScripts(page: Page, url: string, javaScriptEnabled: boolean) {
  const hold = javaScriptEnabled ? await holdScripts(page) : null;
  await page.goto(url, { waitUntil: "commit" });
  await expect(page.getByTestId("position-layer")).toBeVisible();
  if (hold)
    expect(await page.evaluate(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")))).toBe(false);
  return hold;
}

/**
 * With JavaScript the scripts race the typing: five tries. Without it there is no race (no script ever runs), so one
 * try (of each position) shows the plain form keeps what was typed; more would load the same page again.
 */
const tries = (javaScriptEnabled: boolean) => (javaScriptEnabled ? 5 : 1);

test.describe("values typed before the scripts take over survive them (issue 36 §1)", () => {
  test("a quantity typed at once is kept, 5 tries out of 5 with JavaScript (Кола, Морс)", async ({ page, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    const cases = [
      { name: "Кола", url: await positionUrl(page, "Кола"), total: "600" },
      { name: "Морс клюквенный", url: await positionUrl(page, "Морс клюквенный"), total: "760" },
    ];
    for (let attempt = 1; attempt <= (javaScriptEnabled ? tries(true) : cases.length); attempt++) {
      const { url, total } = cases[attempt % cases.length]!;
      const hold = await openBeforeScripts(page, url, javaScriptEnabled);
      const count = page.getByRole("spinbutton", { name: "Количество" });
      await count.fill("4");
      if (hold) {
        hold.release();
        await hydrated(page);
        // the −/+ buttons are the hydrated layer's
        await expect(page.getByRole("button", { name: "Увеличить количество" })).toBeVisible();
        await page.waitForTimeout(300);
      }
      await expect(count, `try ${attempt}`).toHaveValue("4");
      if (hold) await expect(page.getByTestId("position-add"), `try ${attempt}`).toContainText(total);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  });

  test("modifiers and a quantity chosen at once are kept and ordered, 5 tries out of 5 with JavaScript (Маргарита)", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    for (let attempt = 1; attempt <= tries(javaScriptEnabled); attempt++) {
      const hold = await openBeforeScripts(page, "/menus/501/positions/10001", javaScriptEnabled);
      const detail = page.getByTestId("position-detail");
      await detail.locator('input[name="modifier"][value="100011:102:1"]').check(); // 30 см, +150
      await detail.locator('input[name="modifier"][value="100012:202:1"]').check(); // бекон, +90
      await page.getByRole("spinbutton", { name: "Количество" }).fill("2");
      if (hold) {
        hold.release();
        await hydrated(page);
        await page.waitForTimeout(300);
      }
      await expect(detail.locator('input[name="modifier"][value="100011:102:1"]'), `try ${attempt}`).toBeChecked();
      await expect(detail.locator('input[name="modifier"][value="100012:202:1"]'), `try ${attempt}`).toBeChecked();
      await expect(page.getByRole("spinbutton", { name: "Количество" }), `try ${attempt}`).toHaveValue("2");
      // (490 + 150 + 90) × 2
      if (hold) await expect(page.getByTestId("position-add"), `try ${attempt}`).toContainText(/1\s460/);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
    // the last try's choice is what the cart gets
    await page.getByTestId("position-add").click();
    await expect(page.getByRole("link", { name: /Корзина: 2/ })).toBeVisible();
    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: "Маргарита" });
    await expect(line.getByTestId("cart-line-count")).toHaveText("2");
    await expect(line.getByTestId("cart-line-modifiers")).toContainText("30 см");
    await expect(line.getByTestId("cart-line-modifiers")).toContainText("Бекон");
  });

  test("an address, a search and the cart's fields typed at once are kept", async ({ page, javaScriptEnabled }) => {
    // the location popup's address (a controlled combobox with JavaScript) and a detail field
    let hold = javaScriptEnabled ? await holdScripts(page) : null;
    await page.goto("/location?city=115&method=DELIVERY&redirectTo=%2F", { waitUntil: "commit" });
    await page.getByTestId("address-input").fill("Тверская 1");
    await page.getByLabel("Подъезд").fill("3");
    if (hold) {
      hold.release();
      await hydrated(page);
      await page.waitForTimeout(300);
    }
    await expect(page.getByTestId("address-input")).toHaveValue("Тверская 1");
    await expect(page.getByLabel("Подъезд")).toHaveValue("3");
    await page.unrouteAll({ behavior: "ignoreErrors" });

    // the search field: kept, and (with JavaScript) searched for as soon as the scripts run
    hold = javaScriptEnabled ? await holdScripts(page) : null;
    await page.goto("/search", { waitUntil: "commit" });
    await page.getByRole("searchbox", { name: "Поиск по меню" }).fill("кола");
    if (hold) {
      hold.release();
      await hydrated(page);
      await expect(page).toHaveURL(/q=%D0%BA%D0%BE%D0%BB%D0%B0|q=кола/);
    } else {
      await page.getByRole("search").getByRole("button", { name: "Найти" }).click();
    }
    await expect(page.getByRole("searchbox", { name: "Поиск по меню" })).toHaveValue("кола");
    await expect(page.getByTestId("search-results")).toContainText("Кола");
    await page.unrouteAll({ behavior: "ignoreErrors" });

    // the cart: the contact fields, the comment and the payment method
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
    hold = javaScriptEnabled ? await holdScripts(page) : null;
    await page.goto("/cart", { waitUntil: "commit" });
    const form = page.getByTestId("checkout-form");
    await form.getByLabel("Имя").fill("Анна");
    await form.getByLabel("Комментарий к заказу").fill("Позвонить за 10 минут");
    await form.getByLabel("Картой при получении").check();
    if (hold) {
      hold.release();
      await hydrated(page);
      await expect(form.locator('input[name="js"]')).toHaveCount(1);
    }
    await expect(form.getByLabel("Имя")).toHaveValue("Анна");
    await expect(form.getByLabel("Комментарий к заказу")).toHaveValue("Позвонить за 10 минут");
    await expect(form.getByLabel("Картой при получении")).toBeChecked();
  });
});

/**
 * ADR 218: a customer who typed while the scripts were on their way, and types on (through the hydration, or after a
 * pause once the scripts have taken over) keeps typing into the same field: nothing has moved the focus away (the
 * location popup's focus trap moved it to the popup's title, and the rest of the address went nowhere; on a phone the
 * keyboard closed), and the page is React's with no page error (ADR 220: keys during the hydration made React give it
 * up). Generated: how much of the text is typed before, whether the rest comes through the hydration (how fast) or
 * after a pause (how long); the seed is printed with each failure (`EARLY_FOCUS_SEED=… npx playwright test
 * e2e/early-input.spec.ts`). Without JavaScript the same typing shows the plain fields keep the focus and the whole
 * text. The next test makes the moment the hydration starts long, so that a key always falls into it.
 */
test("a customer typing before and after the scripts take over types into the same field (location, search, cart)", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const seed = Number(process.env.EARLY_FOCUS_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const random = seededRandom(seed);
  await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
  const fields: { url: string; field: (page: Page) => Locator; text: string }[] = [
    {
      url: "/location?city=115&method=DELIVERY&redirectTo=%2F",
      field: (p) => p.getByTestId("address-input"),
      text: "Тверская улица 12",
    },
    { url: "/search", field: (p) => p.getByRole("searchbox", { name: "Поиск по меню" }), text: "морс клюквенный" },
    { url: "/cart", field: (p) => p.getByTestId("checkout-form").getByLabel("Имя"), text: "Анна Петровна" },
    {
      url: "/cart",
      field: (p) => p.getByTestId("checkout-form").getByLabel("Комментарий к заказу"),
      text: "Позвонить за 10 минут",
    },
  ];
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const reactOwns = (input: Locator) => input.evaluate((el: Element) => Object.keys(el).some((key) => key.startsWith("__reactFiber$")));
  for (const { url, field, text } of fields) {
    const split = 1 + Math.floor(random() * 6);
    // either the rest comes at 15–65 ms a key from the moment the scripts are let go, through the hydration (ADR 220),
    // or after a pause long enough for the scripts' effects to have run (a focus trap's first focus comes after the
    // hydration's commit)
    const through = random() < 0.5;
    const delay = 15 + Math.floor(random() * 50);
    const after = 600 + Math.floor(random() * 400);
    const label = `${url} "${text}" (seed ${seed}: ${split} keys before, the rest ${through ? `through the hydration at ${delay} ms a key` : `${after} ms after`})`;
    const hold = javaScriptEnabled ? await holdScripts(page) : null;
    await page.goto(url, { waitUntil: "commit" });
    const input = field(page);
    await input.click();
    await page.keyboard.type(text.slice(0, split));
    hold?.release();
    if (through) {
      await page.keyboard.type(text.slice(split), { delay });
      if (hold) await expect.poll(() => reactOwns(input), label).toBe(true);
      await page.waitForTimeout(after);
    } else {
      // the field is React's (the page's root hydrates first; a route's or a layer's part may come later)
      if (hold) await expect.poll(() => reactOwns(input), label).toBe(true);
      await page.waitForTimeout(after);
      // still in the field (on a phone, the keyboard stays open); Chromium's protocol would insert letters into the
      // last text field even with the focus elsewhere, so the focus is what shows it
      await expect(input, label).toBeFocused();
      await page.keyboard.type(text.slice(split));
    }
    await expect(input, label).toBeFocused();
    await expect(input, label).toHaveValue(text);
    expect(errors, label).toEqual([]);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
});

/**
 * ADR 220: a key arriving between the start of the hydration and its first render. React Router's `HydratedRouter`
 * decoded the state the server streamed on its first render and suspended at the root meanwhile; a key in that moment
 * made React 18 hydrate the root synchronously, meet the suspension and give the whole hydration up (error #345): the
 * page stayed the server's for good (3–5 of 30 fresh loads on a phone with the typing at 15–65 ms a key). Here the
 * moment is made long: the task that starts the hydration is held for 300 ms once React has attached its listeners
 * (a busy main thread, as on a slow phone), while the customer, who typed a search before the scripts, presses keys
 * on; the first key is handled before React's first render. The page must then hydrate and search for what was typed.
 */
test("a key pressed as the hydration starts leaves the page working", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the moment exists only while the scripts take over");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const add = EventTarget.prototype.addEventListener;
    let held = false;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget["addEventListener"]>) {
      add.apply(this, args);
      // hydrateRoot attaches React's listeners to the document after it has scheduled the first render
      if (this === document && args[0] === "keydown" && !held) {
        held = true;
        const until = performance.now() + 300;
        while (performance.now() < until) {
          // the main thread is busy: the keys wait for it, then go before React's render
        }
      }
    };
  });
  const hold = await holdScripts(page);
  await page.goto("/search", { waitUntil: "commit" });
  const search = page.getByRole("searchbox", { name: "Поиск по меню" });
  await search.click();
  await page.keyboard.type("кола");
  hold.release();
  // keys that change nothing in the field (the caret is at its end), pressed one after the other while the scripts
  // arrive and start (nothing else is asked of the page meanwhile, so a key is always waiting when the held task ends)
  const until = Date.now() + 2500;
  while (Date.now() < until) await page.keyboard.press("ArrowRight");
  // the page is React's: the search runs for what was typed, with no Enter; the field keeps the focus and the text
  await expect(page).toHaveURL(/q=%D0%BA%D0%BE%D0%BB%D0%B0|q=кола/);
  await expect(page.getByTestId("search-results")).toContainText("Кола");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("кола");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("мпот");
  await expect(page.getByTestId("search-results")).toContainText("Компот");
  expect(errors).toEqual([]);
});
