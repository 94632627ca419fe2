#!/usr/bin/env node
/**
 * Renders docs/screenshot.png for the README: the running storefront (BASE_URL, default
 * http://localhost:3000) at a desktop and a phone viewport, side by side, in Debian's Chromium.
 */
import { chromium, devices } from "@playwright/test";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
async function shot(options) {
  const context = await browser.newContext({ ...options, locale: "ru-RU" });
  // a returning customer: the default location saved (a first visit opens the location popup, ADR 090)
  await context.request.post(base + "/location", { form: { intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" }, maxRedirects: 0 });
  const page = await context.newPage();
  await page.goto(base + "/");
  // accept cookies so the banner does not cover the menu
  const accept = page.getByTestId("consent-banner").getByRole("button");
  if (await accept.count()) await accept.click();
  await page.waitForTimeout(800);
  const png = await page.screenshot();
  await context.close();
  return png.toString("base64");
}
const desktop = await shot({ viewport: { width: 1280, height: 820 } });
const phone = await shot({ ...devices["Pixel 7"], deviceScaleFactor: 1 });
const page = await browser.newPage({ viewport: { width: 1760, height: 900 } });
await page.setContent(
  `<body style="margin:0;background:#2a2a2a;display:flex;gap:24px;align-items:flex-start;padding:24px">
    <img src="data:image/png;base64,${desktop}" style="width:1280px;border-radius:12px">
    <img src="data:image/png;base64,${phone}" style="width:412px;border-radius:24px">
  </body>`,
);
await page.screenshot({ path: "docs/screenshot.png", fullPage: true });
await browser.close();
console.log("written: docs/screenshot.png");
