import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkBrand } from "../../scripts/brand-check-rules";

const demo = JSON.parse(readFileSync("brands/demo.json", "utf8")) as Record<string, unknown>;
const exists = (path: string) => ["/brands/demo/mark.svg", "/brands/demo/favicon.svg", "/brands/sushi/mark.svg"].includes(path);

describe("brand:check", () => {
  it.each(readdirSync("brands").filter((f) => f.endsWith(".json")))("brands/%s passes", (file) => {
    const result = checkBrand(JSON.parse(readFileSync(`brands/${file}`, "utf8")), { publicFileExists: exists });
    expect(result.problems).toEqual([]);
    expect(result.summary.join("\n")).toMatch(/sign-in: .*phone/);
  });

  it("lists every problem of a broken copy once, with its field path and a hint", () => {
    const broken = {
      ...demo,
      whiteLabel: "Demo Pizza",
      theme: { mode: "dark", primary: "orange", accent: "#ffffff" },
      authMethods: ["PHONE", "EMAIL"],
      locales: { offered: ["ru"], default: "en" },
      keys: { vkClientId: "abc" },
      mark: "brands/x.svg",
      favicon: "/brands/none/favicon.svg",
      colour: "#000000",
      termsOfSale: undefined,
    };
    const { problems, summary } = checkBrand(broken, { publicFileExists: exists });
    expect(problems.map((p) => p.path).sort()).toEqual(
      ["authMethods.1", "colour", "favicon", "keys.vkClientId", "locales", "mark", "termsOfSale", "theme.accent", "theme.primary", "whiteLabel"].sort(),
    );
    expect(new Set(problems.map((p) => `${p.path} ${p.message}`)).size).toBe(problems.length);
    for (const problem of problems) expect(problem.hint.length).toBeGreaterThan(10);
    expect(summary).toEqual([]);
  });

  it("says what the brand turns on, and warns about a method without its client id", () => {
    const { problems, warnings, summary } = checkBrand(
      { ...demo, authMethods: ["PHONE", "APPLE"], keys: { analyticsCounterId: "123", googleMapsBrowser: "k" }, locales: { offered: ["ru", "en", "me"], default: "en" } },
      { publicFileExists: exists },
    );
    expect(problems).toEqual([]);
    expect(warnings.map((w) => w.path)).toEqual(["keys.appleClientId"]);
    expect(summary).toContain("sign-in: phone (SMS code), Apple (demo stand-in only: no client id)");
    expect(summary).toContain("maps: Google Maps (browser key set)");
    expect(summary).toContain("analytics: counter 123, after the customer's consent");
    expect(summary).toContain("languages: ru, en, me (default en)");
  });

  it("a file that is not an object is one problem at (file)", () => {
    expect(checkBrand([1, 2]).problems).toEqual([expect.objectContaining({ path: "(file)" })]);
  });

  it("field data (issue 37): a share from 0 to 1, no other field, a default when absent, a warning when it samples nothing", () => {
    const bad = checkBrand({ ...demo, fieldData: { enabled: "yes", sampleRate: 1.5, userId: true } }, { publicFileExists: exists });
    expect(bad.problems.map((p) => p.path).sort()).toEqual(["fieldData.enabled", "fieldData.sampleRate", "fieldData.userId"]);
    expect(bad.problems.find((p) => p.path === "fieldData.sampleRate")?.hint).toMatch(/share of page views/);
    const absent = checkBrand({ ...demo, fieldData: undefined }, { publicFileExists: exists });
    expect(absent.summary).toContain("field data (Core Web Vitals to the metrics port): on, 10 % of page views");
    const none = checkBrand({ ...demo, fieldData: { enabled: true, sampleRate: 0 } }, { publicFileExists: exists });
    expect(none.warnings.map((w) => w.path)).toEqual(expect.arrayContaining(["fieldData.sampleRate"]));
    expect(none.summary).toContain("field data (Core Web Vitals to the metrics port): off");
    const off = checkBrand({ ...demo, fieldData: { enabled: false } }, { publicFileExists: exists });
    expect(off.summary).toContain("field data (Core Web Vitals to the metrics port): off");
  });
});
