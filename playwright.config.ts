import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys in Debian's Chromium (the Playwright browser download does not work here), at a
 * desktop and a phone viewport, each with JavaScript on and off. The server is the production build
 * in demo mode (the in-process upstream twin), on its own port.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** the second brand's server, for tests that need it */
export const SECOND_BRAND_URL = `http://localhost:${PORT + 1}`;
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const launchOptions = {
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions };
const phone = { ...devices["Pixel 7"], launchOptions };

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
    trace: "retain-on-failure",
    locale: "ru-RU",
  },
  projects: [
    { name: "desktop-js", use: { ...desktop, javaScriptEnabled: true } },
    // *.ops.spec.ts test the server process itself (no browser differences): desktop-js only
    { name: "desktop-nojs", use: { ...desktop, javaScriptEnabled: false }, testIgnore: /\.ops\.spec\.ts$/ },
    { name: "phone-js", use: { ...phone, javaScriptEnabled: true }, testIgnore: /\.ops\.spec\.ts$/ },
    { name: "phone-nojs", use: { ...phone, javaScriptEnabled: false }, testIgnore: /\.ops\.spec\.ts$/ },
  ],
  webServer: [
    server(PORT, "brands/demo.json"),
    // the second brand, for the white-label journeys (e2e/brand.spec.ts)
    server(PORT + 1, "brands/sushi-night.json"),
  ],
});

function server(port: number, brand: string) {
  return {
    command: "node server.mjs",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: { PORT: String(port), NODE_ENV: "production", BRAND_CONFIG: brand, LOG_LEVEL: "warn", DEMO_CONTROLS: "1", BUILD_DIR: process.env.BUILD_DIR ?? "build" },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}
