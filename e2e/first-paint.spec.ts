import { expect, test, type Page } from "./helpers/returning-customer";

/**
 * ADR 121: the hydration's scripts are requested only after the page's largest paint — the whole document and
 * the photos then in the viewport — so they never share the network with what the customer waits to see (and a
 * lab's simulated LCP never counts their download). A photo that does not arrive holds them 1.5 s at most.
 */

/** Records the page's largest-contentful-paint candidates as they come. */
async function recordLargestPaints(page: Page) {
  await page.addInitScript(() => {
    const seen: { startTime: number; what: string }[] = [];
    (window as unknown as { largestPaints: typeof seen }).largestPaints = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[])
        seen.push({ startTime: entry.startTime, what: entry.url || entry.element?.tagName || "?" });
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
}

async function hydrated(page: Page) {
  // React has claimed the page's first heading (it keeps its fiber on the element)
  await page.waitForFunction(() => {
    const heading = document.querySelector("h1, h2");
    return heading !== null && Object.keys(heading).some((key) => key.startsWith("__reactFiber"));
  });
}

/** when each script of the page was requested, and the largest paints so far (ms since navigation) */
function timeline(page: Page) {
  return page.evaluate(() => ({
    scripts: performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname.endsWith(".js"))
      .map((e) => e.startTime),
    paints: (window as unknown as { largestPaints: { startTime: number; what: string }[] }).largestPaints,
  }));
}

test.describe("the hydration's scripts wait for the largest paint (ADR 121)", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript there are no scripts to wait");
  });

  test("photos in the viewport that arrive late are painted before any script is requested", async ({ page }) => {
    await recordLargestPaints(page);
    // every photo takes 600 ms: the document paints first, its photos well after
    await page.route("**/demo/photos/*.webp", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto("/menus/501", { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const { scripts, paints } = await timeline(page);
    expect(scripts.length).toBeGreaterThan(3);
    const largest = paints.at(-1)!;
    // the largest paint is a photo that came late, and every script was asked for after it
    expect(largest.what).toMatch(/\.webp$/);
    expect(Math.min(...scripts)).toBeGreaterThan(largest.startTime);
  });

  test("the cart (no photo): the scripts come after the whole document's paint", async ({ page }) => {
    await recordLargestPaints(page);
    await page.goto("/cart", { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const { scripts, paints } = await timeline(page);
    expect(paints.length).toBeGreaterThan(0);
    expect(Math.min(...scripts)).toBeGreaterThan(paints.at(-1)!.startTime);
  });

  test("a photo that never arrives does not keep the page from hydrating", async ({ page }) => {
    await recordLargestPaints(page);
    // the photos are held for the whole test (the load event never comes: the wait is for the DOM only)
    const held: (() => void)[] = [];
    await page.route("**/demo/photos/*.webp", (route) => new Promise<void>((resolve) => held.push(resolve)).then(() => route.abort()));
    await page.goto("/menus/501", { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const { scripts } = await timeline(page);
    expect(scripts.length).toBeGreaterThan(3);
    // the page works with JavaScript: a position opens in its layer without a document load
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("link", { name: /Маргарита/ }).first().click();
    await expect(page.getByRole("dialog", { name: "Маргарита" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    for (const release of held) release();
  });
});

/**
 * ADR 131: the page no longer holds its `load` event until the hydration (the hidden iframe of ADR 080 and 109 cost
 * every page load 11–37 ms of main thread); the browser tests' harness does (e2e/helpers/load-gate.ts), so that a
 * test's clicks after `page.goto` reach React. Both sides are checked here, with the scripts fast and slow.
 */
test.describe("the load event and the hydration (ADR 131)", () => {
  test.beforeEach(async ({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript there is no hydration to wait for");
  });

  /** records whether React was attached when the load event fired */
  const recordAttachedAtLoad = () => {
    addEventListener("load", () => {
      (window as unknown as { attachedAtLoad: boolean }).attachedAtLoad = Object.keys(document).some((key) =>
        key.startsWith("__reactContainer"),
      );
    });
  };
  const attachedAtLoad = (page: Page) => page.evaluate(() => (window as unknown as { attachedAtLoad?: boolean }).attachedAtLoad);
  /** the page's scripts arrive a second late */
  const slowScripts = (page: Page) =>
    page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.fulfill({ response });
    });

  for (const path of ["/", "/menus/501", "/cart"])
    test(`${path}: in the test harness, React is attached when load fires, with the scripts fast or slow`, async ({ page }) => {
      await page.addInitScript(recordAttachedAtLoad);
      await page.goto(path);
      expect(await attachedAtLoad(page)).toBe(true);
      await slowScripts(page);
      await page.reload();
      expect(await attachedAtLoad(page)).toBe(true);
      // a script the page asks for later (the dialogs' code) may still be held: the test does not wait for it
      await page.unrouteAll({ behavior: "ignoreErrors" });
    });

  test("the page itself holds no frame and does not wait: load comes before slow scripts, the hydration after it", async ({ browser }, testInfo) => {
    // a context without the harness's gate: what a customer's browser does
    const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, baseURL, locale } = testInfo.project.use;
    const context = await browser.newContext({ viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, baseURL, locale });
    const page = await context.newPage();
    await page.addInitScript(recordAttachedAtLoad);
    await slowScripts(page);
    await page.goto("/terms-of-sale");
    expect(await attachedAtLoad(page)).toBe(false);
    expect(await page.locator("iframe").count()).toBe(0);
    // the scripts arrive and React attaches to the page as it is
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")), null, { timeout: 15_000 });
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.close();
  });
});
