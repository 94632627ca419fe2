import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, saveDefaultLocation, test } from "./helpers/returning-customer";

/**
 * ADR 127: a document whose inputs (URL, status, loader data) are exactly those of one rendered before is
 * answered with that render's bytes and the request's own CSP nonce, without React. What a customer would notice
 * if it went wrong: a page that does not hydrate (a nonce that is not the header's), another customer's cart, or
 * yesterday's price. Runs against the production build the suite starts (desktop-js: a server behaviour).
 */

/** the nonces in a document's tags, and the one its CSP header allows */
async function nonces(response: APIResponse) {
  const html = await response.text();
  const inBody = new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]));
  const header = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  return { html, inBody, header };
}

/** `path` three times (the cache stores a document the second time it renders it): the three answers */
async function threeTimes(request: APIRequestContext, path: string) {
  const answers = [];
  for (let i = 0; i < 3; i++) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    answers.push(await nonces(response));
  }
  return answers;
}

const withoutNonces = (html: string) => html.replace(/ nonce="[^"]+"/g, ' nonce=""');

test.describe("the document cache (ADR 127)", () => {
  test("a page answered again is the same page with its own nonce, and it hydrates", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    const answers = await threeTimes(page.request, "/menus/501");
    for (const { inBody, header } of answers) {
      expect(header).toBeTruthy();
      expect([...inBody]).toEqual([header]);
    }
    expect(new Set(answers.map((a) => a.header)).size).toBe(3);
    expect(new Set(answers.map((a) => withoutNonces(a.html))).size).toBe(1);

    // the browser's view is a fourth (cached) answer: its scripts run under the header's nonce and React attaches
    await page.goto("/menus/501");
    await page.waitForFunction(() => {
      const heading = document.querySelector("h1");
      return heading !== null && Object.keys(heading).some((key) => key.startsWith("__reactFiber"));
    });
    await page.getByTestId("position-card").filter({ hasText: "Борщ" }).getByRole("button", { name: "Добавить «Борщ» в корзину" }).click();
    await expect(page.getByRole("link", { name: /^Корзина: 1 позиция/ }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("customers with different carts each get their own page", async ({ playwright, baseURL }) => {
    const withCart = await playwright.request.newContext({ baseURL });
    const empty = await playwright.request.newContext({ baseURL });
    try {
      await saveDefaultLocation(withCart);
      await saveDefaultLocation(empty);
      const added = await withCart.post("/cart", { form: { intent: "add", positionId: "10035", menuId: "501" }, maxRedirects: 0 });
      expect(added.status()).toBe(303);
      for (let round = 0; round < 3; round++) {
        const [full] = await threeTimes(withCart, "/menus/501");
        const [none] = await threeTimes(empty, "/menus/501");
        expect(full!.html).toContain("Корзина: 1 позиция");
        expect(none!.html).not.toContain("Корзина: 1 позиция");
      }
    } finally {
      await withCart.dispose();
      await empty.dispose();
    }
  });

  test("a price changed upstream shows on the next view of a cached page", async ({ page }) => {
    // 30006, 'Булочка с корицей' (140 ₽), is changed by no other test
    const price = async () => {
      const html = await (await page.request.get("/menus/503")).text();
      const shown = /id="position-30006"[\s\S]*?data-testid="position-price">([^<]*)</.exec(html)?.[1] ?? "";
      return shown.replace(/\D/g, "");
    };
    await threeTimes(page.request, "/menus/503");
    expect(await price()).toBe("140");
    try {
      expect((await page.request.post("/_demo/catalog", { data: { prices: { "30006": 17300 } } })).status()).toBe(200);
      expect(await price()).toBe("173");
    } finally {
      expect((await page.request.post("/_demo/catalog", { data: { restore: [30006] } })).status()).toBe(200);
    }
    expect(await price()).toBe("140");
  });
});
