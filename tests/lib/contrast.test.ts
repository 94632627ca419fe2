import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DANGER, contrastRatio } from "~/lib/contrast";

/**
 * Issue 36 §4: errors have a colour of their own, with enough contrast (WCAG AA, 4.5:1 for text) on every brand's
 * theme: the page and the surface, as root.tsx and styles.css paint them (the defaults when a brand names none).
 */
const DEFAULTS = { dark: { background: "#121212", surface: "#1e1e1e" }, light: { background: "#ffffff", surface: "#f3f3f3" } };

describe("the error colour", () => {
  it("is the one styles.css paints", () => {
    const css = readFileSync("app/styles.css", "utf8");
    expect(css).toContain(`--color-danger: var(--brand-danger, ${DANGER.dark})`);
    expect(css).toMatch(new RegExp(`html\\[data-theme="light"\\] \\{[^}]*--brand-danger: ${DANGER.light}`));
  });

  it("is AA on the page and the surface of every brand, and not the brand's own colour", () => {
    const brands = readdirSync("brands").filter((f) => f.endsWith(".json"));
    expect(brands.length).toBeGreaterThan(0);
    for (const file of brands) {
      const { theme } = JSON.parse(readFileSync(`brands/${file}`, "utf8")) as {
        theme: { mode: "dark" | "light"; primary: string; background?: string; surface?: string };
      };
      const danger = DANGER[theme.mode];
      for (const behind of [theme.background ?? DEFAULTS[theme.mode].background, theme.surface ?? DEFAULTS[theme.mode].surface]) {
        expect(contrastRatio(danger, behind), `${file}: ${danger} on ${behind}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(danger.toLowerCase()).not.toBe(theme.primary.toLowerCase());
    }
  });

  it("contrast is symmetric, 1 for a colour with itself, 21 for black on white (property)", () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0")}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        expect(contrastRatio(a, b)).toBeCloseTo(contrastRatio(b, a), 10);
        expect(contrastRatio(a, b)).toBeGreaterThanOrEqual(1);
        expect(contrastRatio(a, a)).toBeCloseTo(1, 10);
      }),
    );
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});
