import type { Page } from "@playwright/test";

const CART_POST = /\/cart(\?|\.data|$)/;

/**
 * Holds the page's first POST to /cart in the browser until `release()` and records `field` of every POST to
 * /cart, in order: the journeys of ADR 119 tap a second cart write while the first is on its way. `answered()`
 * counts the POSTs whose answers have come back: a journey that reloads to see what the server kept waits for
 * them (the optimistic count is on screen before the write's cookie is, and a reload cancels a write on its way).
 */
export async function holdFirstCartPost(page: Page, field: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const posts: string[] = [];
  let answers = 0;
  page.on("response", (response) => {
    if (response.request().method() === "POST" && CART_POST.test(response.url())) answers++;
  });
  await page.route(CART_POST, async (route) => {
    if (route.request().method() === "POST") {
      posts.push(new URLSearchParams(route.request().postData() ?? "").get(field) ?? "");
      if (posts.length === 1) await held;
    }
    await route.continue();
  });
  return { posts, release: () => release(), answered: () => answers };
}
