import { expect, type Page } from "@playwright/test";

/**
 * The scripts of a page's first view, as bench/run.mjs counts them: modulepreloads (inert or not, ADR 080),
 * inline module imports and script tags.
 */
export function firstViewScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link (?:rel="modulepreload"|data-deferred-modulepreload="") href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]!);
  return [...urls];
}

/** Asserts that none of the scripts of `path`'s first view holds any of `markers` (texts only the deferred code has). */
export async function expectFirstViewWithout(page: Page, path: string, markers: readonly string[]) {
  const scripts = firstViewScripts(await (await page.request.get(path)).text());
  expect(scripts.length, "the first view's scripts were found").toBeGreaterThan(3);
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    // a boolean, not the body: a failure names the script and the marker instead of printing the whole bundle
    for (const marker of markers) expect(body.includes(marker), `${url} holds ${marker}`).toBe(false);
  }
}
