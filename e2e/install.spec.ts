import { expect, test, type Page } from "./helpers/returning-customer";

/**
 * Installing the storefront and reading it offline (issue 18 §3, ADR 055). The manifest is a plain link and
 * works everywhere; the service worker, and so the offline mode, needs JavaScript — the no-JS projects check
 * that they are simply online-only.
 */
const CACHE = "storefront-demo-pizza-v1";

async function cachedPaths(page: Page) {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
  }, CACHE);
}

/** the address answers a PNG of `size` × `size` (its IHDR chunk) */
async function expectPng(request: Page["request"], href: string, size: number) {
  const answer = await request.get(href);
  expect(answer.status(), href).toBe(200);
  expect(answer.headers()["content-type"]).toContain("image/png");
  const bytes = await answer.body();
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], href).toEqual([size, size]);
}

test.describe("install the storefront", () => {
  test("every page links the brand's manifest; it names the brand and its icons are the mark", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "Демо Пицца", short_name: "Демо Пицца", display: "standalone", start_url: "/", theme_color: "#ff6a2b" });
    const icons = manifest.icons as { src: string; type: string; sizes: string; purpose: string }[];
    for (const icon of icons.filter((i) => i.type === "image/svg+xml")) {
      const answer = await request.get(icon.src);
      expect(answer.headers()["content-type"]).toContain("image/svg+xml");
      expect(await answer.text()).toContain("#ff6a2b"); // the demo mark's orange disc
    }
    // issue 36 §7: PNG icons made at build time, for launchers that take no SVG
    const png = icons.filter((i) => i.type === "image/png");
    expect(png.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of png) await expectPng(request, icon.src, Number(icon.sizes.split("x")[0]));
  });

  test("an iPhone gets a PNG apple-touch-icon of 180 × 180 (issue 36 §7)", async ({ page, request }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(href).toMatch(/^\/icons\/demo-pizza\/apple-touch-icon\.png\?v=/);
    await expectPng(request, href!, 180);
  });

  test("with JavaScript Chromium finds the storefront installable", async ({ page, browserName }, testInfo) => {
    test.skip(!testInfo.project.use.javaScriptEnabled, "installing needs the service worker, which needs JavaScript");
    expect(browserName).toBe("chromium");
    await page.goto("/");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Playwright's contexts are incognito-like, which Chromium reports on its own; nothing else may be missing
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    const { errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
  });

  test("offline, the last menu viewed stays readable (prices marked, no ordering) and other pages say offline", async ({ page, context }, testInfo) => {
    test.skip(!testInfo.project.use.javaScriptEnabled, "the offline mode is the service worker's, which needs JavaScript");
    // a cart in this browser: the worker must never keep a document that shows it
    expect((await page.request.post("/_demo/cart", { data: { lines: [{ positionId: 1, menuId: 1, count: 2 }] } })).ok()).toBe(true);
    await page.goto("/");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload(); // now controlled: this navigation makes the worker take the menu snapshot
    await expect.poll(() => cachedPaths(page), { timeout: 15_000 }).toEqual(["/offline", "/offline/menu"]);
    const snapshot = await page.evaluate(async (name) => (await (await caches.open(name)).match("/offline/menu"))!.text(), CACHE);
    expect(snapshot).not.toContain("/cart");
    expect(snapshot).not.toContain("<form");

    await context.setOffline(true);
    await page.goto("/");
    await expect(page.getByTestId("offline-menu-note")).toContainText("цены могут быть неактуальны");
    expect(await page.getByTestId("offline-position").count()).toBeGreaterThan(50);
    await expect(page.getByRole("button")).toHaveCount(0);
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Нет соединения" })).toBeVisible();

    await context.setOffline(false);
    await page.goto("/");
    await expect(page.getByTestId("offline-menu-note")).toHaveCount(0);
    // the cache still holds only the two cookie-free documents
    expect(await cachedPaths(page)).toEqual(["/offline", "/offline/menu"]);
  });

  test("without JavaScript there is no worker: offline is the browser's own error, never a stale page", async ({ page }, testInfo) => {
    test.skip(!!testInfo.project.use.javaScriptEnabled, "checks the no-JavaScript projects");
    await page.goto("/");
    expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null).catch(() => null)).toBeNull();
  });
});
