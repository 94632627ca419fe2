import { expect, test, type Page } from "./helpers/returning-customer";

/**
 * Issue 36 §3, ADR 152: with every photo failing (404), no image on screen shows the browser's broken-image icon —
 * on server-rendered cards, group and menu icons, promotions and a layer opened by its address, with JavaScript on
 * and off. An image that failed is either the placeholder element (with JavaScript, once its component knows) or an
 * <img> the stylesheet covers with the placeholder (its ::before and ::after, drawn only for an image that did not
 * load).
 */

interface Broken {
  src: string;
  covered: boolean;
}

/** every <img> in the viewport that is visible and failed to load, and whether the placeholder covers it */
async function brokenInView(page: Page): Promise<Broken[]> {
  return page.evaluate(() => {
    const inView = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      const style = getComputedStyle(img);
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth && style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0;
    };
    const covered = (img: HTMLImageElement) => {
      const before = getComputedStyle(img, "::before");
      const after = getComputedStyle(img, "::after");
      const mask = after.maskImage || after.getPropertyValue("-webkit-mask-image");
      return (
        before.content !== "none" &&
        before.position === "absolute" &&
        before.backgroundColor !== "rgba(0, 0, 0, 0)" &&
        after.content !== "none" &&
        mask.includes("url(") &&
        getComputedStyle(img).position === "relative"
      );
    };
    return [...document.images]
      .filter((img) => inView(img) && img.complete && img.naturalWidth === 0)
      .map((img) => ({ src: img.currentSrc || img.src, covered: covered(img) }));
  });
}

/**
 * waits until every image in view has settled (loaded or failed). "In view" as brokenInView means it: a lazy slide of
 * the promotions carousel beside the screen is not loaded until the carousel turns to it, and it does not turn by
 * itself for a customer who asked for reduced motion (ADR 204)
 */
async function imagesSettled(page: Page) {
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const r = img.getBoundingClientRect();
      return img.complete || r.width === 0 || r.height === 0 || r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth;
    }),
  );
}

async function expectNoBrokenImage(page: Page, where: string) {
  await imagesSettled(page);
  const broken = await brokenInView(page);
  expect(broken.filter((b) => !b.covered), `${where}: broken images shown as such`).toEqual([]);
}

test.describe("a photo that fails to load shows the placeholder, never the broken-image icon (issue 36 §3)", () => {
  test.beforeEach(async ({ page }) => {
    // every photo of the demo (positions, groups, menus, promotions, restaurants) answers 404
    await page.route(/\/demo\/photos\//, (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "" }));
  });

  test("home and a menu: cards, group and menu icons, promotions, before and after scrolling", async ({ page }) => {
    await page.goto("/");
    const count = await page.locator("img[data-photo]").count();
    expect(count, "the page has photos").toBeGreaterThan(0);
    await expectNoBrokenImage(page, "home");
    await page.mouse.wheel(0, 1600);
    await page.waitForTimeout(300);
    await expectNoBrokenImage(page, "home, scrolled");
    await page.goto("/menus/501");
    await expectNoBrokenImage(page, "menu");
    await page.mouse.wheel(0, 2400);
    await page.waitForTimeout(300);
    await expectNoBrokenImage(page, "menu, scrolled");
  });

  test("a position layer opened by its address, and the promotions", async ({ page, javaScriptEnabled }) => {
    await page.goto("/menus/501/positions/10031");
    const layer = page.getByTestId("position-layer");
    await expect(layer).toBeVisible();
    await expectNoBrokenImage(page, "position layer");
    // with JavaScript the layer's photo becomes the placeholder element even though it failed before the hydration
    if (javaScriptEnabled) await expect(layer.locator("[data-placeholder]").first()).toBeVisible();
    await page.goto("/promotions");
    await expectNoBrokenImage(page, "promotions");
  });
});
