import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~server/config";
import { tempFolders } from "../temp-folders";
// plain ESM shared with server.mjs, which checks the environment before it imports the build
import { readEnv } from "../../server/env.mjs";

const brandFolder = tempFolders("brand-");

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
    const dir = brandFolder();
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
    METRICS_PORT: "metrics",
    SHUTDOWN_GRACE_MS: "-1",
    UPSTREAM_BREAKER_RESET_MS: "5",
    DOCUMENT_CACHE_MB: "-1",
    DEMO_UPSTREAM_LATENCY_MS: "-1",
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
      const dir = brandFolder();
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

describe("readEnv (server/env.mjs): the environment alone, as server.mjs checks it before it imports the build", () => {
  it("reads METRICS_PORT: unset or empty is off, a port number is the port, anything else stops the server", () => {
    expect(readEnv({}).env?.METRICS_PORT).toBeUndefined();
    expect(readEnv({ METRICS_PORT: "" }).env?.METRICS_PORT).toBeUndefined();
    expect(readEnv({ METRICS_PORT: "9464" }).env?.METRICS_PORT).toBe(9464);
    for (const bad of ["metrics", "0", "65536", "94.64"]) {
      const read = readEnv({ METRICS_PORT: bad });
      expect(read.env, bad).toBeNull();
      expect(read.errors, bad).toEqual([expect.stringMatching(/^METRICS_PORT: /)]);
    }
  });

  it("fills the defaults, counts empty values as unset and ignores variables it does not know", () => {
    const { env, errors } = readEnv({ PORT: "", SOMETHING_ELSE: "x" });
    expect(errors).toEqual([]);
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", BUILD_DIR: "build", DOCUMENT_CACHE_MB: 32, DEMO_CONTROLS: false });
    expect(env).not.toHaveProperty("SOMETHING_ELSE");
    expect(readEnv({ DEMO_CONTROLS: "1" }).env?.DEMO_CONTROLS).toBe(true);
  });

  it("logs warnings and errors only under test unless asked for more, and info otherwise", () => {
    expect(readEnv({ NODE_ENV: "test" }).env?.LOG_LEVEL).toBe("warn");
    expect(readEnv({ NODE_ENV: "test", LOG_LEVEL: "debug" }).env?.LOG_LEVEL).toBe("debug");
    expect(readEnv({ NODE_ENV: "production" }).env?.LOG_LEVEL).toBe("info");
  });

  it("keeps the demo's switches to demo mode", () => {
    const lines = errorsOf({ UPSTREAM_API_URL: "https://api.example.com", UPSTREAM_API_KEY: "k", DEMO_CONTROLS: "1" });
    expect(lines).toEqual([expect.stringMatching(/^DEMO_CONTROLS, DEMO_LARGE_MENU, DEMO_UPSTREAM_LATENCY_MS: demo mode only/)]);
  });
});
