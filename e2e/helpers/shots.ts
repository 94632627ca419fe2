import { mkdirSync } from "node:fs";
import { test, type Locator, type Page } from "@playwright/test";

/**
 * Screenshots of the screens the journeys reach, to look at, taken only when `SHOTS_DIR=<folder>` is set:
 * `SHOTS_DIR=test-results/shots npx playwright test e2e/add-ons.spec.ts`. Nothing asserts on them, and a full-page
 * screenshot of a long page costs Chromium about 1.5 s of CPU (ADR 207), so the suite's ordinary runs do not take them.
 * The file is `<folder>/<name>-<project>.png`.
 */
export async function shot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const path = `${folder}/${name}-${test.info().project.name}.png`;
  if ("goto" in target) await target.screenshot({ path, fullPage: options.fullPage ?? false });
  else await target.screenshot({ path });
}
