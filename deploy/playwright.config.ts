import { defineConfig, devices } from "@playwright/test";

/**
 * The deploy test's browser half (deploy/run.mjs starts the topology first and sets the DEPLOY_* variables):
 * the customer journey through the TLS proxy in front of two storefront containers, at a desktop and a phone
 * viewport, each with JavaScript on and off. One worker: the journeys stop and start the shared Redis.
 */
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const launchOptions = {
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions };
const phone = { ...devices["Pixel 7"], launchOptions };

export default defineConfig({
  testDir: ".",
  testMatch: /\.spec\.ts$/,
  outputDir: "../test-results/deploy",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.DEPLOY_URL ?? "https://localhost:8443",
    // the test's own certificate authority is not in Chromium's store
    ignoreHTTPSErrors: true,
    trace: "retain-on-failure",
    locale: "ru-RU",
  },
  projects: [
    { name: "desktop-js", use: { ...desktop, javaScriptEnabled: true } },
    { name: "desktop-nojs", use: { ...desktop, javaScriptEnabled: false } },
    { name: "phone-js", use: { ...phone, javaScriptEnabled: true } },
    { name: "phone-nojs", use: { ...phone, javaScriptEnabled: false } },
  ],
});
