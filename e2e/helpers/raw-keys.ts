import { expect, type Page } from "@playwright/test";

/**
 * A message key where its text should be ("cart.title"): what a customer sees when a page shows a message it does not
 * carry (ADR 122).
 */
export const RAW_KEY = /\b(?:age|app|auth|brand|cart|checkout|errors|location|menu|payment|pwa|reorder|restos|search|validation|promotions|places)\.[A-Za-z_]+/;

/** the page's text has no message key in it (a soft assertion, so that one run names every page that has one) */
export async function expectNoRawKeys(page: Page, where: string) {
  expect.soft(await page.locator("body").innerText(), `a message key on ${where}`).not.toMatch(RAW_KEY);
}
