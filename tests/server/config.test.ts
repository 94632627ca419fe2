import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~server/config";

function errorsOf(env: Record<string, string>, cwd?: string): string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("runs the demo brand in demo mode with a generated secret and says so", () => {
    const config = loadConfig({});
    expect(config.demo).toBe(true);
    expect(config.brand.whiteLabel).toBe("demo-pizza");
    expect(config.sessionSecrets).toHaveLength(1);
    expect(config.warnings.join("\n")).toMatch(/Demo mode/);
    expect(config.warnings.join("\n")).toMatch(/SESSION_SECRET is not set/);
  });

  it("requires SESSION_SECRET and UPSTREAM_API_KEY in production against a real upstream, one line per field", () => {
    const lines = errorsOf({ NODE_ENV: "production", UPSTREAM_API_URL: "https://api.example.com" });
    expect(lines).toEqual([
      expect.stringMatching(/^SESSION_SECRET: required in production/),
      expect.stringMatching(/^UPSTREAM_API_KEY: required/),
    ]);
  });

  it("names each bad environment field", () => {
    const lines = errorsOf({ PORT: "99999", UPSTREAM_API_URL: "not a url", SESSION_SECRET: "short", LOG_LEVEL: "loud" });
    expect(lines.some((l) => l.startsWith("PORT:"))).toBe(true);
    expect(lines.some((l) => l.startsWith("UPSTREAM_API_URL:"))).toBe(true);
    expect(lines.some((l) => l.startsWith("SESSION_SECRET:") && l.includes("32 characters"))).toBe(true);
    expect(lines.some((l) => l.startsWith("LOG_LEVEL:"))).toBe(true);
  });

  it("names each bad brand-file field and a missing file", () => {
    const dir = mkdtempSync(join(tmpdir(), "brand-"));
    writeFileSync(
      join(dir, "bad.json"),
      JSON.stringify({ whiteLabel: "Bad Name", version: "1", displayName: "", mark: "/m.svg", favicon: "/f.svg", theme: { primary: "red" }, termsOfSale: "x", extra: 1 }),
    );
    const lines = errorsOf({ BRAND_CONFIG: "bad.json" }, dir);
    expect(lines.some((l) => l.includes("whiteLabel"))).toBe(true);
    expect(lines.some((l) => l.includes("displayName"))).toBe(true);
    expect(lines.some((l) => l.includes("theme.primary") && l.includes("#1a2b3c"))).toBe(true);
    expect(lines.some((l) => l.includes("extra"))).toBe(true);
    expect(errorsOf({ BRAND_CONFIG: "missing.json" }, dir)).toEqual([expect.stringContaining("file not found")]);
  });

  it("accepts rotated secrets", () => {
    const a = "a".repeat(32);
    const b = "b".repeat(40);
    expect(loadConfig({ SESSION_SECRET: `${a},${b}` }).sessionSecrets).toEqual([a, b]);
  });
});

describe("every configuration field is named when it is wrong", () => {
  const envCases: Record<string, string> = {
    NODE_ENV: "staging",
    PORT: "0",
    UPSTREAM_API_URL: "ftp://x",
    UPSTREAM_TIMEOUT_MS: "5",
    SESSION_SECRET: "too-short",
    PUBLIC_ORIGIN: "nope",
    REDIS_URL: "nope",
    CATALOG_TTL_SECONDS: "-1",
    LOG_LEVEL: "chatty",
  };
  for (const [name, value] of Object.entries(envCases)) {
    it(`environment ${name}`, () => {
      expect(errorsOf({ [name]: value }).some((line) => line.startsWith(`${name}:`))).toBe(true);
    });
  }

  const good = JSON.parse(readFileSync("brands/demo.json", "utf8")) as Record<string, unknown>;
  const brandCases: Array<[string, Record<string, unknown>]> = [
    ["whiteLabel", { whiteLabel: "UPPER case" }],
    ["version", { version: "" }],
    ["displayName", { displayName: "" }],
    ["mark", { mark: "" }],
    ["favicon", { favicon: "" }],
    ["theme.mode", { theme: { primary: "#000000", mode: "sepia" } }],
    ["theme.primary", { theme: { primary: "orange" } }],
    ["authMethods", { authMethods: [] }],
    ["authMethods.0", { authMethods: ["FAX"] }],
    ["cart.personCount", { cart: { personCount: "yes" } }],
    ["defaultLocation.cityId", { defaultLocation: { cityId: -1, deliveryMethod: "DELIVERY" } }],
    ["defaultLocation.deliveryMethod", { defaultLocation: { cityId: 1, deliveryMethod: "DRONE" } }],
    ["locales", { locales: { offered: ["en"], default: "ru" } }],
    ["locales.offered.0", { locales: { offered: ["de"], default: "de" } }],
    ["keys.vkClientId", { keys: { vkClientId: "abc" } }],
    ["keys.analyticsCounterId", { keys: { analyticsCounterId: "x1" } }],
    ["termsOfSale", { termsOfSale: "" }],
    ["ignoredPreflightCodes", { ignoredPreflightCodes: "all" }],
  ];
  for (const [field, patch] of brandCases) {
    it(`brand ${field}`, () => {
      const dir = mkdtempSync(join(tmpdir(), "brand-"));
      writeFileSync(join(dir, "b.json"), JSON.stringify({ ...good, ...patch }));
      const lines = errorsOf({ BRAND_CONFIG: "b.json" }, dir);
      expect(lines.some((line) => line.includes(` ${field}:`) || line.includes(`: ${field}:`)), lines.join("\n")).toBe(true);
    });
  }

  it("both shipped brands are valid", () => {
    expect(loadConfig({ BRAND_CONFIG: "brands/demo.json" }).brand.displayName).toBe("Демо Пицца");
    const second = loadConfig({ BRAND_CONFIG: "brands/sushi-night.json" }).brand;
    expect(second.theme.mode).toBe("light");
    expect(second.authMethods).toEqual(["PHONE"]);
  });
});
