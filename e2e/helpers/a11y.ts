/**
 * One accessibility check for every browser journey (issue 9 §4): axe-core finds no serious or critical
 * violation on the page as the customer sees it now, in every project — JavaScript on and off.
 *
 * Why the no-JavaScript projects need a detour: axe is a script that runs inside the page, and in a context
 * created with `javaScriptEnabled: false` Playwright's `evaluate` never answers (it hangs until the test's
 * timeout). So with JavaScript off we check a faithful copy instead:
 *
 *  1. take the DOM the no-JS browser built (`page.content()` — the server's HTML after any plain-form
 *     round trips, as that browser parsed it; `<noscript>` children are real elements there);
 *  2. open a page in a context *with* JavaScript, at the same viewport, user agent, touch and scale, so
 *     media queries and the phone/desktop layouts match (one such page per worker and device, reused);
 *  3. answer that page's navigation to the same URL with the copy through `page.route`, so relative
 *     stylesheets, fonts and images still come from the server and colours/contrast are the real ones;
 *  4. with every `<script>` element removed, so nothing hydrates or changes the DOM (the copy shows what a
 *     browser without JavaScript shows, not what React would make of it) — a `script-src 'none'` policy on
 *     the answer keeps anything that slips through from running; Playwright's `evaluate`, which axe uses,
 *     is not subject to the page's CSP;
 *  5. with `<noscript>` unwrapped: a browser with scripting enabled parses its content as raw text and never
 *     renders it, while the no-JS browser shows it, so the content must be checked as ordinary elements.
 *
 * Then axe runs there exactly as it does on a JavaScript page. e2e/a11y.spec.ts plants a violation on each
 * side of the JavaScript switch to show that each project sees its own.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** Asserts that axe finds no serious or critical violation (optionally only inside `include`, a CSS selector). */
export async function expectNoSeriousA11yIssues(page: Page, include?: string): Promise<void> {
  expect(await seriousA11yIssues(page, include), `axe on ${page.url()}${include ? ` inside ${include}` : ""}`).toEqual([]);
}

/** The serious and critical violations axe finds, one readable line per rule with the offending nodes. */
export async function seriousA11yIssues(page: Page, include?: string): Promise<string[]> {
  const results = await analyze(page, include);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`).join("\n")}`);
}

async function analyze(page: Page, include?: string): Promise<AxeResults> {
  if (test.info().project.use.javaScriptEnabled !== false) return run(page, include);
  const copy = await copyPageFor(page);
  // the fragment is left out: a URL that differs only by it would not load the new copy
  copy.url = page.url().split("#")[0]!;
  copy.html = noJsCopy(await page.content());
  await copy.page.goto(copy.url, { waitUntil: "load" });
  return run(copy.page, include);
}

interface CopyPage {
  page: Page;
  /** the document the next navigation of `page` to `url` is answered with */
  url: string;
  html: string;
}

/**
 * One JavaScript-enabled page per browser and device (a worker runs many checks: a new context for each would
 * cost a tenth of a second more, and the stylesheet would load again every time).
 */
const copies = new WeakMap<Browser, Map<string, Promise<CopyPage>>>();

function copyPageFor(page: Page): Promise<CopyPage> {
  const browser = page.context().browser();
  if (!browser) throw new Error("expectNoSeriousA11yIssues needs a page from a launched browser");
  const use = test.info().project.use;
  const options = {
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    userAgent: use.userAgent,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: use.locale,
    colorScheme: use.colorScheme,
  };
  const key = JSON.stringify(options);
  const perBrowser = copies.get(browser) ?? new Map<string, Promise<CopyPage>>();
  copies.set(browser, perBrowser);
  let copy = perBrowser.get(key);
  if (!copy) {
    copy = (async () => {
      const context = await browser.newContext(options);
      const entry: CopyPage = { page: await context.newPage(), url: "", html: "" };
      await entry.page.route("**/*", (route) =>
        route.request().isNavigationRequest() && route.request().url() === entry.url
          ? route.fulfill({
              status: 200,
              contentType: "text/html; charset=utf-8",
              headers: { "content-security-policy": "script-src 'none'" },
              body: entry.html,
            })
          : route.fallback(),
      );
      return entry;
    })();
    perBrowser.set(key, copy);
  }
  return copy;
}

function run(page: Page, include?: string): Promise<AxeResults> {
  // details for violations only: passes and incomplete results of a full menu page cost seconds to serialize.
  // Legacy mode runs axe.run in the page itself (frames included, through axe's own messaging) instead of
  // gathering each frame's part and finishing in a new blank page, which injects axe twice: 0.9 s instead of 2.1 s
  // on the home page, with the same violations (ADR 199)
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
  if (include) builder.include(include);
  return builder.analyze();
}

/** The serialized no-JS DOM without scripts and with `<noscript>` content as ordinary markup. */
export function noJsCopy(html: string): string {
  return (
    html
      // serialized HTML cannot contain "</script" inside a script, so the first closing tag ends it
      .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
      .replace(/<\/?noscript\b[^>]*>/gi, "")
  );
}

