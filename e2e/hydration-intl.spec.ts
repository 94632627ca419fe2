import { expect, test, type Page } from "./helpers/returning-customer";
import { expectFirstViewWithout } from "./helpers/first-view";

/**
 * ADR 117: the first Intl.NumberFormat a page creates costs Chromium 25–35 ms of ICU initialisation, one long
 * task (four times that under Lighthouse's mobile CPU). The home and the menu keep their first page of cards as
 * the server sent them (ADR 106), so their hydration formats no price; the cart writes its prices with a pattern
 * the server read from Intl. None of the three may create one. A page whose hydration does format with Intl (a
 * position) gets it created by the boot script in a task of its own, before the hydration.
 */

/** Records every Intl.NumberFormat the page constructs, with the function that asked for it. */
async function recordNumberFormats(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { numberFormats: string[] }).numberFormats = made;
    const Original = Intl.NumberFormat;
    function Recording(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made.push(new Error().stack?.split("\n")[2]?.trim() ?? "?");
      return new Original(...args);
    }
    Recording.prototype = Original.prototype;
    Recording.supportedLocalesOf = Original.supportedLocalesOf;
    Intl.NumberFormat = Recording as unknown as typeof Intl.NumberFormat;
  });
  return () => page.evaluate(() => (window as unknown as { numberFormats: string[] }).numberFormats);
}

async function hydrated(page: Page) {
  // React has claimed the page's heading (it keeps its fiber on the element), and nothing more is fetched
  await page.waitForFunction(() => {
    const heading = document.querySelector("h1");
    return heading !== null && Object.keys(heading).some((key) => key.startsWith("__reactFiber"));
  });
  await page.waitForLoadState("networkidle");
}

test.describe("ICU's number formatting is initialised only by pages that format numbers (ADR 117)", () => {
  test("the home and the menu hydrate without creating a number format", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing is hydrated (the document check below covers it)");
    const numberFormats = await recordNumberFormats(page);
    for (const path of ["/", "/menus/501"]) {
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await numberFormats(), path).toEqual([]);
    }
  });

  test("the cart hydrates, and changes a line, without creating a number format; its prices read as before", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing is hydrated (the document check below covers it)");
    await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
    const numberFormats = await recordNumberFormats(page);
    await page.goto("/cart");
    await hydrated(page);
    const lines = page.getByTestId("cart-lines");
    const before = await lines.innerText();
    expect(before).toMatch(/\d[\d\u00a0]*(,\d\d)?\u00a0₽/); // "1 234 ₽" with no-break spaces, as Intl writes it
    await lines.getByRole("button", { name: /^Увеличить количество/ }).first().click();
    await expect(lines).not.toHaveText(before);
    expect(await numberFormats()).toEqual([]);
  });

  test("the boot warms Intl on a position, not on the home, the menu or the cart", async ({ page }) => {
    const boot = async (path: string) => {
      const html = await (await page.request.get(path)).text();
      const script = html.match(/<script[^>]*\bdata-boot[^>]*>/)?.[0];
      expect(script, `${path}: the boot script`).toBeTruthy();
      return script!.includes("data-warm-intl");
    };
    expect(await boot("/")).toBe(false);
    expect(await boot("/menus/501")).toBe(false);
    expect(await boot("/menus/501/positions/10001")).toBe(true);
    expect(await boot("/cart")).toBe(false);
  });

  test("the boot runs from the document, the first view's JavaScript does not carry it, and no page holds a load gate", async ({ page }) => {
    const html = await (await page.request.get("/")).text();
    // the boot (app/document/boot.ts, minified by the build) is in the document: it watches for the first paint
    expect(html).toMatch(/<script[^>]*\bdata-boot[^>]*>(?:(?!<\/script>)[\s\S])*first-contentful-paint/);
    // ADR 131: the iframe that held the load event is the test harness's now, not the page's
    expect(html).not.toContain("contentDocument.open()");
    await expectFirstViewWithout(page, "/", ["first-contentful-paint", "contentDocument.open()"]);
  });
});
