import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys in Debian's Chromium (the Playwright browser download does not work here), at a
 * desktop and a phone viewport, each with JavaScript on and off. The server is the production build
 * in demo mode (the in-process upstream twin), on its own port.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** the second brand's server, for tests that need it */
export const SECOND_BRAND_URL = `http://localhost:${PORT + 1}`;
/** the demo brand with a captcha site key (issue 15 §4: the captcha stand-in and the twin's judgement) */
export const CAPTCHA_BRAND_URL = `http://localhost:${PORT + 2}`;
/**
 * The twin's large-menu scenario (1,000 positions, e2e/large-menu.spec.ts): one server for the whole run instead of one
 * per worker and project. On 127.0.0.1, not localhost: a browser sends localhost's cookies to every port of it, and this
 * server's customers are its own.
 */
export const LARGE_MENU_URL = `http://127.0.0.1:${PORT + 3}`;
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Chromium 156 preloads the address bar's suggestion popup as a web page of its own (WebUI) in every browser, headless
 * included, and its renderers busied the CPU beside the pages under test: a sixth of the catalog spec's time on two
 * cores (ADR 199). Turning its two
 * features off means restating Playwright's own `--disable-features` list, which a second switch of that name
 * replaces instead of extending; tests/structure/browser-switches.test.ts fails when Playwright's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];
const disabledFeatures = [...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];
const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--disable-features=${disabledFeatures.join(",")}`,
  ],
};
/**
 * The four main projects ask for reduced motion (ADR 204): no smooth scrolling to an anchor or a focused field, no
 * carousel turning by itself, so no action waits for a scroll to settle (about 4 % of their time). Customers who set
 * it are real; the small phone keeps the default motion, so every journey tagged `@small-phone` also runs with it.
 */
const reducedMotion = "reduce" as const;
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions, reducedMotion };
const phone = { ...devices["Pixel 7"], launchOptions, reducedMotion };
/** a small phone (issue 15 §3): the core journeys at 360 × 740 */
const smallPhone = { ...devices["Pixel 7"], viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, launchOptions, reducedMotion: "no-preference" as const };
/** the small-screen sweep sets its own widths and JavaScript switch: it runs in the small-phone project only */
const SWEEP = /small-screens\.spec\.ts$/;
/**
 * Checks bound in wall time (ADR 142: `/healthz` answers within 200 ms while 40,000-field posts arrive) measure the
 * server, not the machine: they run in a project of their own after every other one, alone.
 */
const ALONE = /\/input-bounds\.ops\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  // parallel runs with their own BUILD_DIR keep their own results (Playwright empties this folder)
  outputDir: process.env.BUILD_DIR ? `test-results/${process.env.BUILD_DIR}` : "test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // recording a trace cost a fifth of the catalog spec's time, so it is recorded for the retry of a failed test (CI retries
    // once); locally, `npx playwright test --trace retain-on-failure` keeps one for every failure (ADR 199)
    trace: "on-first-retry",
    locale: "ru-RU",
  },
  projects: [
    { name: "desktop-js", use: { ...desktop, javaScriptEnabled: true }, testIgnore: [SWEEP, ALONE] },
    // *.ops.spec.ts test the server process itself (no browser differences): desktop-js only
    { name: "desktop-nojs", use: { ...desktop, javaScriptEnabled: false }, testIgnore: [/\.ops\.spec\.ts$/, SWEEP] },
    { name: "phone-js", use: { ...phone, javaScriptEnabled: true }, testIgnore: [/\.ops\.spec\.ts$/, SWEEP] },
    { name: "phone-nojs", use: { ...phone, javaScriptEnabled: false }, testIgnore: [/\.ops\.spec\.ts$/, SWEEP] },
    // the core journeys on a small phone, and the 320/360 px sweep over every route and layer state
    {
      name: "small-phone-js",
      use: { ...smallPhone, javaScriptEnabled: true },
      // the journeys that end in an order (location, sign-in, cart and checkout), tagged `@small-phone`, and the sweep.
      // Their rule checks (a refused address, a checkout field's message, a day off) run in the four main projects and
      // tests/routes; the screens those rules draw are the sweep's states at 320 and 360 px (ADR 201)
      testMatch: /\/(cart-checkout|location|auth|small-screens)\.spec\.ts$/,
      grep: /@small-phone/,
    },
    {
      name: "alone",
      use: { ...desktop, javaScriptEnabled: true },
      testMatch: ALONE,
      dependencies: ["desktop-js", "desktop-nojs", "phone-js", "phone-nojs", "small-phone-js"],
    },
  ],
  webServer: [
    server(PORT, "brands/demo.json"),
    // the second brand, for the white-label journeys (e2e/brand.spec.ts)
    server(PORT + 1, "brands/sushi-night.json"),
    // the demo brand with a captcha (e2e/auth.spec.ts)
    server(PORT + 2, "brands/demo-captcha.json"),
    // the large menu (e2e/large-menu.spec.ts)
    server(PORT + 3, "brands/demo.json", { DEMO_LARGE_MENU: "1", HOST: "127.0.0.1" }),
  ],
});

function server(port: number, brand: string, env: Record<string, string> = {}) {
  return {
    command: "node server.mjs",
    url: `http://${env.HOST ?? "localhost"}:${port}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: { PORT: String(port), NODE_ENV: "production", BRAND_CONFIG: brand, LOG_LEVEL: "warn", DEMO_CONTROLS: "1", BUILD_DIR: process.env.BUILD_DIR ?? "build", ...env },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}
