// `npm run brand:check` on the cart's add-on rules (issue 39, ADR 185): each problem at its field path with a hint.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkBrand } from "../../scripts/brand-check-rules";

const demo = JSON.parse(readFileSync("brands/demo.json", "utf8")) as Record<string, unknown>;
const exists = () => true;
const check = (addOns: unknown) => checkBrand({ ...demo, addOns }, { publicFileExists: exists });

describe("brand:check, addOns", () => {
  it("the demo brand's rules pass and are summarized", () => {
    const { problems, summary } = checkBrand(demo, { publicFileExists: exists });
    expect(problems).toEqual([]);
    expect(summary).toContain("cart add-ons: 4 rules, at most 3 suggestions");
  });

  it("absent or without rules: off", () => {
    expect(check(undefined).summary).toContain("cart add-ons: off (no rules)");
    expect(check({ rules: [] }).summary).toContain("cart add-ons: off (no rules)");
    expect(check({ rules: [{ groupIds: [50109] }] }).summary).toContain("cart add-ons: 1 rule, at most 3 suggestions");
  });

  it("unknown fields, group ids that are not ids, an empty rule and max out of bounds: one problem each, at its path", () => {
    const { problems, summary } = check({
      rules: [{ groupIds: [50109, "50204", -1, 1.5], label: "Напиток" }, { groupIds: [] }, { group: 5 }],
      max: 12,
      limit: 3,
    });
    expect(problems.map((p) => `${p.path}: ${p.message}`).sort()).toEqual(
      [
        "addOns.limit: unknown field",
        "addOns.max: max is at most 6",
        "addOns.rules.0.groupIds.1: a menu group id is a number",
        "addOns.rules.0.groupIds.2: a menu group id is 0 or more",
        "addOns.rules.0.groupIds.3: a menu group id is a whole number",
        "addOns.rules.0.label: unknown field",
        "addOns.rules.1.groupIds: a rule names at least one menu group",
        "addOns.rules.2.group: unknown field",
        "addOns.rules.2.groupIds: Required",
      ].sort(),
    );
    // the hints speak of the field itself, whatever the rule's index
    expect(problems.find((p) => p.path === "addOns.rules.0.groupIds.2")?.hint).toMatch(/menu group ids as the upstream numbers them/);
    expect(problems.find((p) => p.path === "addOns.rules.0.label")?.hint).toMatch(/not a brand field .*a rule is \{ "groupIds"/);
    expect(problems.find((p) => p.path === "addOns.max")?.hint).toMatch(/from 1 to 6/);
    expect(problems.find((p) => p.path === "addOns.limit")?.hint).toMatch(/"rules": \[\{ "groupIds"/);
    expect(summary).toEqual([]);
  });

  it("max below 1, too many rules or group ids", () => {
    expect(check({ rules: [{ groupIds: [1] }], max: 0 }).problems.map((p) => p.path)).toEqual(["addOns.max"]);
    expect(check({ rules: Array.from({ length: 11 }, () => ({ groupIds: [1] })) }).problems).toEqual([
      expect.objectContaining({ path: "addOns.rules", message: "at most 10 rules" }),
    ]);
    expect(check({ rules: [{ groupIds: Array.from({ length: 21 }, (_, i) => i) }] }).problems).toEqual([
      expect.objectContaining({ path: "addOns.rules.0.groupIds", message: "a rule names at most 20 menu groups" }),
    ]);
  });

  it("warns about a group named twice, in one rule or in two", () => {
    const { problems, warnings } = check({ rules: [{ groupIds: [50109, 50204, 50109] }, { groupIds: [50108, 50204] }] });
    expect(problems).toEqual([]);
    const ours = warnings.filter((w) => w.path.startsWith("addOns"));
    expect(ours.map((w) => `${w.path}: ${w.message}`)).toEqual([
      "addOns.rules.0.groupIds.2: group 50109 is listed twice in this rule",
      "addOns.rules.1.groupIds.1: group 50204 is also in rule 0",
    ]);
    for (const warning of ours) expect(warning.hint).toMatch(/one rule, once/);
  });
});
