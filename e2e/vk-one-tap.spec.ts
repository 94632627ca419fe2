/**
 * The VK ID One Tap frame on /auth (issue 6, spec §4 widget states; ADR 045), through the demo twin's stand-in.
 * With JavaScript: the frame loads over the VK button, is shown in its place (ADR 229), and a press in it signs the
 * customer in through the same window flow as the VK button; each failure removes the frame and the VK button, in
 * view all along, still works; nothing on the page moves for the frame. Without JavaScript: no
 * frame, just the button (its redirect journey is in auth.spec.ts).
 */
import { expect, test, type Page } from "./helpers/returning-customer";
import { expectNoSeriousA11yIssues } from "./helpers/a11y";

const VK_BUTTON = "Войти через VK ID";
const FRAME_TITLE = "Вход через VK ID в одно касание";

/**
 * Makes the stand-in play a scenario for this page only (the address itself comes from the server). The spec
 * runs without the service worker: once it controls the page (it claims it on its first load) it fetches the
 * frame's navigation itself, past `page.route`, and the frame would load the default scenario.
 */
async function scenario(page: Page, name: "internal" | "fast-auth-disabled" | "silent") {
  await page.route("**/_demo/vk/one-tap?*", (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("scenario", name);
    return route.continue({ url: url.toString() });
  });
}

/** Counts the One Tap frames ever inserted into the page (so a removed frame is known to have existed). */
async function countFrames(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __oneTapFrames: number };
    w.__oneTapFrames = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && (node.matches("iframe") || node.querySelector("iframe"))) w.__oneTapFrames += 1;
        }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __oneTapFrames: number }).__oneTapFrames);
}

/** Holds the page's requests to `url` until the returned function is called; then they go on as sent. */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Signs in through the popup the VK flow opens (the twin's authorize stand-in). */
async function allowInPopup(page: Page, press: () => Promise<void>) {
  const popupOpened = page.waitForEvent("popup");
  await press();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/_demo\/vk\/authorize\?.*code_challenge_method=S256/);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("link", { name: "Разрешить и войти" }).click();
  await closed;
}

test.use({ serviceWorkers: "block" });

test.describe("VK One Tap with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the frame exists only with JavaScript");

  test("the frame loads, is shown in the VK button's place, and a press in it signs the customer in", async ({ page }) => {
    await page.goto("/auth?redirectTo=%2F");
    const widget = page.getByTestId("vk-one-tap");
    const frame = page.getByTitle(FRAME_TITLE);
    await expect(frame).toHaveCount(1);
    await expect(widget).toHaveAttribute("data-state", "loaded");
    await expect(frame).toBeVisible();
    const continueAs = page.frameLocator(`iframe[title="${FRAME_TITLE}"]`).getByRole("button", { name: "Продолжить как Иван" });
    await expect(continueAs).toBeVisible();
    // the frame took the regular button's place (ADR 229): the same box, the button hidden beneath it
    const button = page.locator("form[action='/auth'] button", { hasText: VK_BUTTON });
    await expect(button).toBeHidden();
    const [frameBox, buttonBox] = await Promise.all([frame.boundingBox(), button.boundingBox()]);
    expect(frameBox).toEqual(buttonBox);

    await allowInPopup(page, () => continueAs.click());
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("person-name")).toBeVisible();
  });

  test("while it loads: the VK button in view and working, the frame hidden; the load message shows it 300 ms later", async ({ page }) => {
    // hold the frame's page back so the loading state can be seen
    const release = await holdRequests(page, "**/_demo/vk/one-tap?*");
    // not "load": the page's load event waits for the held frame when hydration inserts it first
    await page.goto("/auth", { waitUntil: "domcontentloaded" });
    const widget = page.getByTestId("vk-one-tap");
    await expect(widget).toHaveAttribute("data-state", "loading");
    await expect(page.getByTitle(FRAME_TITLE)).toBeHidden();
    // the button answers a press while the frame loads over it: the VK window opens
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: VK_BUTTON }).click();
    const popup = await popupOpened;
    await popup.close();
    release();
    await expect(widget).toHaveAttribute("data-state", "loaded");
    await expect(page.getByTitle(FRAME_TITLE)).toBeVisible();
  });

  for (const name of ["internal", "fast-auth-disabled"] as const) {
    test(`${name}: the frame is removed at once and the VK button still signs in`, async ({ page }) => {
      await scenario(page, name);
      const framesSeen = await countFrames(page);
      await page.goto("/auth?redirectTo=%2F");
      // the frame was inserted after hydration, then removed on the frame's message — long before the timeout
      await expect.poll(framesSeen, { timeout: 3000 }).toBeGreaterThan(0);
      await expect(page.getByTestId("vk-one-tap")).toHaveCount(0, { timeout: 3000 });
      await expect(page.locator("iframe")).toHaveCount(0);
      await allowInPopup(page, () => page.getByRole("button", { name: VK_BUTTON }).click());
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("person-name")).toBeVisible();
    });
  }

  test("silent: without a load message the frame is removed after 5000 ms and the VK button is still there", async ({ page }) => {
    await scenario(page, "silent");
    // the page's clock is Playwright's: it runs as the real one until the test moves it on, so the 5000 ms are
    // counted from the widget's mount (after the hydration, ADR 080) without waiting for them in real time
    await page.clock.install();
    // the page's clock reading when the frame is inserted (the widget's mount, where its 5000 ms start): the test
    // counts from it, not from when it sees the frame — on a loaded machine a second of real time can lie between
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector("iframe")) return;
        (window as { frameInsertedAt?: number }).frameInsertedAt = Date.now();
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto("/auth");
    const widget = page.getByTestId("vk-one-tap");
    await expect(widget).toHaveAttribute("data-state", "loading");
    await expect(page.locator("iframe")).toHaveCount(1);
    const insertedAt = await page.evaluate(() => (window as { frameInsertedAt?: number }).frameInsertedAt);
    expect(insertedAt, "the frame's insertion was seen").toBeDefined();
    // stops the clock at 4500 ms after the insertion (it fails if real time went past that meanwhile)
    await page.clock.pauseAt(insertedAt! + 4_500);
    await expect(widget, "not before the timeout").toHaveAttribute("data-state", "loading");
    // running again (the page's other timers: React's scheduling), past the 5000 ms
    await page.clock.resume();
    await page.clock.fastForward(600);
    await expect(widget).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByRole("button", { name: VK_BUTTON })).toBeEnabled();
  });

  // A customer reaching for a method as the page comes to life must press what they aimed at: the frame arrives
  // with the hydration and may go again at once (an error, no fast auth) — nothing on the screen may move for it.
  // (A link that moved between the press and the release was no click at all: it stayed focused, no navigation.)
  for (const name of ["loaded", "internal"] as const) {
    test(`the sign-in methods stay where the server drew them (${name})`, async ({ page }) => {
      if (name !== "loaded") await scenario(page, name);
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          const section = document.querySelector('section[aria-labelledby="auth-title"]');
          const drawn = [...(section?.querySelectorAll("a[href], button, input:not([type=hidden])") ?? [])].map((el) => {
            const box = el.getBoundingClientRect();
            return { el, label: el.textContent?.trim() || el.getAttribute("name") || el.tagName, top: box.top + scrollY, left: box.left + scrollX };
          });
          (window as unknown as { __drawn: typeof drawn }).__drawn = drawn;
        });
        // every shift on the way too (the frame can come and go between two looks): Chromium's layout-shift entries
        const shifts: string[] = [];
        (window as unknown as { __shifts: string[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; sources?: { node?: Node | null }[] }[])
            for (const source of entry.sources ?? []) {
              const node = source.node;
              const el = node instanceof Element ? node : node?.parentElement;
              if (el?.closest('section[aria-labelledby="auth-title"]')) shifts.push(`${el.tagName} ${el.textContent?.trim().slice(0, 30)} (${entry.value.toFixed(3)})`);
            }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto("/auth?redirectTo=%2F");
      if (name === "loaded") {
        await expect(page.getByTestId("vk-one-tap")).toHaveAttribute("data-state", "loaded");
        await expect(page.getByTitle(FRAME_TITLE)).toBeVisible();
      } else {
        await expect(page.getByTestId("vk-one-tap")).toHaveCount(0, { timeout: 3000 });
        await expect(page.getByRole("button", { name: VK_BUTTON })).toBeVisible();
      }
      const moved = await page.evaluate(() =>
        (window as unknown as { __drawn: { el: Element; label: string; top: number; left: number }[] }).__drawn.map(({ el, label, top, left }) => {
          const box = el.getBoundingClientRect();
          return { label, connected: el.isConnected, dy: Math.round(box.top + scrollY - top), dx: Math.round(box.left + scrollX - left) };
        }),
      );
      expect(moved.length, "the methods were seen as the page was parsed").toBeGreaterThanOrEqual(4);
      expect(moved.filter((m) => !m.connected || m.dx !== 0 || m.dy !== 0)).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts), "no shift on the way").toEqual([]);
    });
  }

  test("a press on Google begun before the scripts and released after the frame came still opens Google's sign-in", async ({ page }) => {
    // the page's modules held back: the server's page, as a customer sees it before the hydration
    const release = await holdRequests(page, "**/assets/*.js");
    await page.goto("/auth?redirectTo=%2F", { waitUntil: "domcontentloaded" });
    const google = page.getByRole("link", { name: "Войти через Google" });
    const box = (await google.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // the scripts arrive while the finger is down; the frame comes with them
    release();
    await expect(page.getByTestId("vk-one-tap")).toHaveCount(1);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/_demo\/idp\/google\?/);
  });

  test("another window of the same origin cannot drive the frame", async ({ page }) => {
    await scenario(page, "silent");
    await page.goto("/auth");
    const widget = page.getByTestId("vk-one-tap");
    await expect(widget).toHaveAttribute("data-state", "loading");
    // the page itself (same origin, but not the frame's window) posts a load message: ignored
    await page.evaluate(() => window.postMessage({ type: "vk-sak-sdk", handler: "common: load" }, window.location.origin));
    await page.waitForTimeout(600);
    await expect(widget).toHaveAttribute("data-state", "loading");
  });

  test("/auth with the frame has no serious accessibility violations", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByTestId("vk-one-tap")).toHaveAttribute("data-state", "loaded");
    await expectNoSeriousA11yIssues(page);
  });

  test("the page runs under its CSP with the frame, and the stand-in may only be framed by this site", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy|Refused to (frame|display)/i.test(msg.text())) violations.push(msg.text());
    });
    const response = await page.goto("/auth");
    expect(response?.headers()["content-security-policy"]).toMatch(/frame-src 'self'(;|$)/);
    await expect(page.getByTestId("vk-one-tap")).toHaveAttribute("data-state", "loaded");
    expect(violations).toEqual([]);
    const src = await page.getByTitle(FRAME_TITLE).getAttribute("src");
    const standIn = await page.request.get(src!);
    expect(standIn.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  });
});

test.describe("VK One Tap without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no-JS projects only");

  test("no frame and no placeholder: the VK button is there", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: VK_BUTTON })).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByTestId("vk-one-tap")).toHaveCount(0);
  });
});
