#!/usr/bin/env node
/**
 * `node bench/interactions.mjs` (and a stage of `npm run bench`): the interactions customers make, each measured
 * RUNS times (5), as Interaction to Next Paint (issue 37 §2, ADR 161). In Debian Chromium with a Pixel-7-like phone
 * (viewport, touch, user agent) and 4× CPU throttling (CDP `Emulation.setCPUThrottlingRate`), as a returning
 * customer of the demo brand, on a page loaded fresh for each run and left to settle (hydrated, the network idle,
 * the code fetched when idle loaded):
 *
 * - on the menu page: open a position's layer (Маргарита), choose a modifier (30 см), add it to the cart;
 * - in the cart (Борщ in it): raise a line's count;
 * - on the home page: open the location popup, switch takeaway to delivery, type an address (each key an interaction:
 *   the worst one is the figure).
 *
 * Each tap is raw touch input at the element's centre, found beforehand (Playwright's own checks would run script in
 * the page inside the interaction's input delay), keys are raw key events into the focused field.
 * The figure of one interaction is what INP takes of it: the longest Event Timing entry (`PerformanceObserver`,
 * type `event`, durationThreshold 16 — the smallest the browser allows; entries under it are reported as "< 16")
 * among the events of its interactionId(s), from the input to the next paint after its handlers. The goal is
 * ≤ 100 ms for every interaction in every run: printed beside every figure, never asserted.
 *
 * Environment: BUILD_DIR (build; a server on INTERACTIONS_PORT, 3830, and one with DEMO_LARGE_MENU=1 on the next
 * port), INTERACTIONS_RUNS (5), INTERACTIONS_SIZES (demo,large), CHROMIUM_PATH (/usr/bin/chromium).
 * `interactionFigures` is also called by bench/run.mjs on its own servers.
 */
/* global window, document */
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { chromium, devices } from "@playwright/test";
import { startBenchServer } from "./server.mjs";

export const INP_GOAL_MS = 100;
/** the smallest durationThreshold Event Timing accepts: a faster interaction has no entry */
const THRESHOLD_MS = 16;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

/** what one 'Сохранить' of the demo brand's default location posts (e2e/helpers/returning-customer.ts) */
const DEFAULT_LOCATION = { intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" };

/** the interactions, in the order a run makes them; `page` is where each group starts */
export const INTERACTIONS = [
  { key: "openPosition", label: "menu: open a position layer", page: "menu" },
  { key: "chooseModifier", label: "menu: choose a modifier", page: "menu" },
  { key: "addToCart", label: "menu: add to the cart", page: "menu" },
  { key: "changeCount", label: "cart: change a line's count", page: "cart" },
  { key: "openLocation", label: "home: open the location popup", page: "home" },
  { key: "switchMethod", label: "home: switch takeaway → delivery", page: "home" },
  { key: "typeAddress", label: "home: type an address (worst key)", page: "home" },
];

/** Runs in every document before its own scripts: every Event Timing entry of an interaction, from the start. */
function observeInteractions() {
  const w = /** @type {any} */ (window);
  w.__interactions = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const entry = /** @type {any} */ (e);
        if (entry.interactionId)
          w.__interactions.push({
            id: entry.interactionId,
            name: entry.name,
            start: entry.startTime,
            duration: entry.duration,
            delay: entry.processingStart - entry.startTime,
            processing: entry.processingEnd - entry.processingStart,
          });
      }
    }).observe(/** @type {any} */ ({ type: "event", durationThreshold: 16, buffered: true }));
  } catch {
    w.__interactions = null;
  }
}

/**
 * `act` is one customer interaction (or a few keys); `done` waits for what it shows. Returns the INP of what happened
 * in between: the longest entry of any interaction that started after `act` began (0: every one was under 16 ms).
 */
async function measure(page, act, done) {
  const t0 = await page.evaluate(() => performance.now());
  await act();
  await done();
  // Event Timing reports an entry after the interaction's next paint: give the throttled page time to deliver it
  await page.waitForTimeout(600);
  return page.evaluate((from) => {
    const w = /** @type {any} */ (window);
    if (w.__interactions === null) throw new Error("this Chromium does not report Event Timing");
    const entries = w.__interactions.filter((/** @type {any} */ e) => e.start >= from);
    const ids = new Set(entries.map((/** @type {any} */ e) => e.id));
    const worst = entries.reduce((/** @type {any} */ a, /** @type {any} */ e) => (!a || e.duration > a.duration ? e : a), null);
    return {
      ms: worst ? worst.duration : 0,
      interactions: ids.size,
      // where the worst one's time went: waiting for the main thread, its handlers, then until the next paint
      parts: worst ? { event: worst.name, delay: Math.round(worst.delay), processing: Math.round(worst.processing), presentation: Math.round(worst.duration - worst.delay - worst.processing) } : null,
    };
  }, t0);
}

/**
 * A finger on `locator`: its place is found first (Playwright's actionability checks run script in the page, which
 * under 4× throttling would sit in the interaction's input delay), the page is left alone for 300 ms, then the tap
 * is dispatched as raw touch input at the element's centre — the page's own work is all that can delay it.
 */
async function tapper(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error("nothing to tap");
  await page.waitForTimeout(300);
  return () => page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

async function newPhonePage(browser, base, cookieForm) {
  const pixel7 = { ...devices["Pixel 7"] };
  delete pixel7.defaultBrowserType;
  const context = await browser.newContext({ ...pixel7, locale: "ru-RU" });
  const saved = await context.request.post(`${base}/location`, { form: DEFAULT_LOCATION, maxRedirects: 0, headers: { Origin: base } });
  if (saved.status() !== 303) throw new Error(`saving the default location answered ${saved.status()}`);
  if (cookieForm) {
    const added = await context.request.post(`${base}/cart`, { form: cookieForm, maxRedirects: 0, headers: { Origin: base } });
    if (added.status() !== 303) throw new Error(`adding to the cart answered ${added.status()}`);
  }
  await context.addInitScript(observeInteractions);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { context, page };
}

/** polls `check` every 50 ms until it holds (at most 10 s) */
async function until(check) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the interaction's result did not show within 10 s");
}

/** a page loaded and left to settle: hydrated (React attached), the network idle, the idle-time code fetched */
async function openSettled(page, url) {
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.waitForFunction(() => Object.keys(document.querySelector("h1") ?? {}).some((k) => k.startsWith("__reactFiber")), null, { timeout: 60_000 });
  await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => {});
  await page.waitForTimeout(1000);
}

/** One run: every interaction once, each group on a page of its own. Returns { [key]: { ms, interactions, events } }. */
async function oneRun(browser, base) {
  const out = {};
  {
    const { context, page } = await newPhonePage(browser, base);
    try {
      await openSettled(page, `${base}/menus/501`);
      const link = page.getByTestId("position-card").filter({ hasText: "Маргарита" }).getByRole("link", { name: "Маргарита", exact: true });
      const dialog = page.getByRole("dialog", { name: "Маргарита" });
      out.openPosition = await measure(page, await tapper(page, link), () => dialog.waitFor({ state: "visible" }));
      // the layer's data and code arrive after the tap: choose once they are in
      await dialog.getByTestId("position-add").waitFor({ state: "visible" });
      await page.waitForLoadState("networkidle").catch(() => {});
      await page.waitForTimeout(500);
      const size = dialog.getByLabel("30 см");
      // the option's label (the radio itself may be drawn by its label)
      const option = dialog.locator("label").filter({ has: size }).or(dialog.locator("label", { hasText: "30 см" })).first();
      out.chooseModifier = await measure(page, await tapper(page, option), () => until(() => size.isChecked()));
      out.addToCart = await measure(page, await tapper(page, dialog.getByTestId("position-add")), () => dialog.waitFor({ state: "hidden" }));
    } finally {
      await context.close();
    }
  }
  {
    const { context, page } = await newPhonePage(browser, base, { intent: "add", positionId: "10031", menuId: "501", count: "1", redirectTo: "/cart" });
    try {
      await openSettled(page, `${base}/cart`);
      const line = page.getByTestId("cart-line").filter({ hasText: "Борщ" });
      out.changeCount = await measure(
        page,
        await tapper(page, line.getByRole("button", { name: "Увеличить количество «Борщ»" })),
        () => line.getByTestId("cart-line-count").filter({ hasText: "2" }).waitFor(),
      );
    } finally {
      await context.close();
    }
  }
  {
    const { context, page } = await newPhonePage(browser, base);
    try {
      await openSettled(page, `${base}/`);
      out.openLocation = await measure(page, await tapper(page, page.getByTestId("location-chip")), () => page.getByTestId("location-popup").waitFor({ state: "visible" }));
      await page.waitForLoadState("networkidle").catch(() => {});
      await page.waitForTimeout(500);
      out.switchMethod = await measure(page, await tapper(page, page.getByTestId("method-DELIVERY")), () => page.getByTestId("address-input").waitFor({ state: "visible" }));
      await page.waitForLoadState("networkidle").catch(() => {});
      await page.waitForTimeout(500);
      const input = page.getByTestId("address-input");
      await input.tap();
      await page.waitForTimeout(500);
      // raw key events into the focused field (no per-key checks in the page)
      out.typeAddress = await measure(page, () => page.keyboard.type("улица Баумана", { delay: 150 }), () => page.waitForTimeout(800));
    } finally {
      await context.close();
    }
  }
  return out;
}

/**
 * `runs` runs on a running server (one Chromium, a fresh context per page), after one unmeasured run that warms the
 * server's caches and the compiled-script cache. Returns { runs: [{ [key]: figure }], load } .
 */
export async function interactionFigures({ base, runs = 5, executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", log = () => {} }) {
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  const loadBefore = load();
  try {
    await oneRun(browser, base);
    const out = [];
    for (let i = 0; i < runs; i++) {
      const run = await oneRun(browser, base);
      out.push(run);
      log(`run ${i + 1}: ${INTERACTIONS.map(({ key }) => `${key} ${formatMs(run[key].ms)}${formatParts(run[key].parts)}`).join(", ")} [load ${load()}]`);
    }
    return { runs: out, load: `${loadBefore} → ${load()}` };
  } finally {
    await browser.close();
  }
}

export const formatMs = (ms) => (ms === 0 ? `<${THRESHOLD_MS}` : `${Math.round(ms)}`);
/** " (click: before 12 + handlers 30 + paint 54)": from the input to its handlers (a tap's earlier events included), its handlers, then until the next paint */
const formatParts = (p) => (p ? ` (${p.event}: before ${p.delay} + handlers ${p.processing} + paint ${p.presentation})` : "");

/** rows for the bench's table: each interaction's figure per run, beside the goal */
export function interactionRows({ runs }, prefix = "") {
  return INTERACTIONS.map(({ key, label }) => {
    const values = runs.map((r) => r[key].ms);
    return [`${prefix}INP ${label} (phone, 4× CPU), per run (ms)`, values.map(formatMs).join(", "), `≤ ${INP_GOAL_MS} each`, Math.max(...values) <= INP_GOAL_MS];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.INTERACTIONS_PORT ?? 3830);
  const runs = Number(process.env.INTERACTIONS_RUNS ?? 5);
  const sizes = (process.env.INTERACTIONS_SIZES ?? "demo,large").split(",");
  const build = process.env.BUILD_DIR ?? "build";
  const rows = [];
  for (const [i, size] of sizes.entries()) {
    const server = await startBenchServer(port + i, { BUILD_DIR: build, LOG_LEVEL: "error", ...(size === "large" ? { DEMO_LARGE_MENU: "1" } : {}) });
    try {
      const prefix = size === "large" ? "[1,000 positions] " : "";
      const figures = await interactionFigures({ base: server.base, runs, log: (line) => console.error(`${size} ${line}`) });
      console.error(`${size}: load ${figures.load}`);
      rows.push(...interactionRows(figures, prefix));
    } finally {
      server.stop();
    }
  }
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n${"interaction".padEnd(width)}  ${"value".padEnd(28)}  ${"goal".padEnd(12)}  met`);
  for (const [name, value, goal, met] of rows) console.log(`${name.padEnd(width)}  ${value.padEnd(28)}  ${goal.padEnd(12)}  ${met ? "yes" : "NO"}`);
}
