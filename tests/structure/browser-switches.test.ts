import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import config, { PLAYWRIGHT_DISABLED_FEATURES } from "../../playwright.config";

/**
 * The browser tests turn off Chromium's address-bar popup page (ADR 199) with a `--disable-features` switch of their
 * own, which replaces Playwright's instead of extending it. Our copy of Playwright's list must therefore follow the
 * installed Playwright: when an upgrade changes its list, this test names the difference.
 */
function playwrightDisabledFeatures(): string[] {
  const lib = join(dirname(createRequire(import.meta.url).resolve("playwright-core/package.json")), "lib");
  const files = readdirSync(lib, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
  for (const file of files) {
    const text = readFileSync(join(lib, file), "utf8");
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(text)?.[1];
    if (list === undefined) continue;
    // the entries are string literals, some behind an environment switch (`process.env.X ? "" : "Name"`)
    return [...list.replace(/\/\/.*$/gm, "").matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]!);
  }
  throw new Error("Playwright's list of disabled Chromium features was not found in playwright-core/lib");
}

describe("browser switches", () => {
  it("our copy of Playwright's disabled features is the installed Playwright's list", () => {
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(playwrightDisabledFeatures().sort());
  });

  it("every project launches Chromium with one --disable-features switch: Playwright's list and the popup page's two", () => {
    for (const project of config.projects ?? []) {
      const args = project.use?.launchOptions?.args ?? [];
      const switches = args.filter((a) => a.startsWith("--disable-features="));
      expect(switches, project.name).toHaveLength(1);
      const features = switches[0]!.slice("--disable-features=".length).split(",");
      expect(features, project.name).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));
    }
  });
});
