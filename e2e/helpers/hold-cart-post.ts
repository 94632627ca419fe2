import type { Page } from "@playwright/test";

/**
 * Holds the page's first POST to /cart in the browser until `release()` and records `field` of every POST to
 * /cart, in order: the journeys of ADR 119 tap a second cart write while the first is on its way.
 */
export async function holdFirstCartPost(page: Page, field: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const posts: string[] = [];
  await page.route(/\/cart(\?|\.data|$)/, async (route) => {
    if (route.request().method() === "POST") {
      posts.push(new URLSearchParams(route.request().postData() ?? "").get(field) ?? "");
      if (posts.length === 1) await held;
    }
    await route.continue();
  });
  return { posts, release: () => release() };
}
