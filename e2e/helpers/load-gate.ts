/**
 * The test harness's load gate (ADR 131): in every browser context of the suite, a document's `load` event waits
 * until React is attached (the client entry has called `hydrateRoot`), as it did in the page itself before ADR 131.
 *
 * The storefront starts its scripts only after the first paint (ADR 080, 121), so on a page with no image still
 * loading, `load` comes before the hydration. A customer does not see `load`; a test runner does: Playwright's
 * `page.goto` waits for it, and a test that clicks right after it would get the server's plain link or form (which
 * work, by design) instead of the client's behaviour it means to check. The page used to hold `load` with a hidden
 * iframe whose document it kept open; creating that frame cost every page load 11–37 ms of main thread (two frame
 * commits, a V8 context per script world) inside its first parse task, which Lighthouse counted towards the menu's
 * blocking time.
 * The same frame is now made by the test harness only, from an init script:
 * - at `DOMContentLoaded` (`load` always comes after it), in a document that will hydrate (it holds the server's
 *   inert module script, `data-deferred-module`, app/document/defer-scripts.ts), a hidden iframe is appended to
 *   the head, its document held open (`document.open()`), which delays the page's `load` event;
 * - it is closed and removed as soon as the document carries React's container key (`hydrateRoot` sets it
 *   synchronously), checked every 10 ms; a page whose scripts never run is released after 15 s;
 * - top-level documents only (the frame itself, and frames a page embeds, are left alone); an init script does not
 *   run with JavaScript off, where there is nothing to wait for.
 *
 * Use: `import { expect, test } from "./helpers/load-gate";` (or `./helpers/returning-customer`, which extends it)
 * instead of "@playwright/test"; a context a test makes itself gets it with `gateLoadOnHydration(context)`.
 */
import { test as base, type BrowserContext } from "@playwright/test";

export { expect, type Page, type TestInfo } from "@playwright/test";

/** the init script (runs before the page's own scripts, in every document of the context) */
export function loadGate() {
  if (window.top !== window) return;
  const attached = () => Object.keys(document).some((key) => key.startsWith("__reactContainer"));
  let gate: HTMLIFrameElement | null = null;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(poll);
    const frame = gate;
    gate = null;
    if (!frame) return;
    try {
      frame.contentDocument?.close();
    } catch {
      // a frame already gone: nothing holds the load event
    }
    setTimeout(() => frame.remove(), 0);
  };
  const poll = setInterval(() => {
    if (attached()) release();
  }, 10);
  setTimeout(release, 15_000);
  document.addEventListener("DOMContentLoaded", () => {
    // a document that will not hydrate (a JSON answer, an image, a page without the app's scripts): no gate
    if (released || attached() || !document.querySelector("script[data-deferred-module]")) return release();
    try {
      gate = document.createElement("iframe");
      gate.hidden = true;
      gate.tabIndex = -1;
      gate.title = "";
      gate.setAttribute("aria-hidden", "true");
      // the end of the head: a tail node React's hydration leaves alone, like the preloads the boot appends there
      (document.head ?? document.documentElement).appendChild(gate);
      gate.contentDocument?.open();
    } catch {
      gate = null;
    }
  });
}

/** The gate in a context a test makes itself (`browser.newContext()`). */
export async function gateLoadOnHydration(context: BrowserContext): Promise<void> {
  await context.addInitScript(loadGate);
}

export const test = base.extend<{ loadGate: void }>({
  loadGate: [
    async ({ context }, use) => {
      await gateLoadOnHydration(context);
      await use();
    },
    { auto: true },
  ],
});
