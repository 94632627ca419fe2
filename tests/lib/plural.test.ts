import { describe, expect, it } from "vitest";
import { plural, pluralCategory, pluralRu } from "~/lib/plural";

const positions = ["позиция", "позиции", "позиций", "позиции"] as const;

describe("pluralRu (spec §9: four forms)", () => {
  it.each([
    [0, "позиций"],
    [1, "позиция"],
    [2, "позиции"],
    [4, "позиции"],
    [5, "позиций"],
    [11, "позиций"],
    [12, "позиций"],
    [14, "позиций"],
    [21, "позиция"],
    [22, "позиции"],
    [25, "позиций"],
    [101, "позиция"],
    [111, "позиций"],
    [1.5, "позиции"],
  ])("%s → %s", (n, form) => {
    expect(pluralRu(n, positions)).toBe(form);
  });

  it("uses the fourth form for fractions — distinct from 'few'", () => {
    const forms = { one: "one", few: "few", many: "many", other: "other" };
    expect(pluralRu(1.5, forms)).toBe("other");
    expect(pluralRu(0.5, forms)).toBe("other");
    expect(pluralRu(2, forms)).toBe("few");
    expect(pluralRu(-1, forms)).toBe("one");
  });

  it("falls back to 'other' for non-finite numbers", () => {
    expect(pluralCategory("ru", Number.NaN)).toBe("other");
    expect(pluralCategory("ru", Number.POSITIVE_INFINITY)).toBe("other");
  });
});

describe("plural (any locale)", () => {
  it("English has one / other", () => {
    const forms = { one: "item", other: "items" };
    expect(plural("en", 1, forms)).toBe("item");
    expect(plural("en", 0, forms)).toBe("items");
    expect(plural("en", 2, forms)).toBe("items");
  });

  it("missing categories fall back to other", () => {
    expect(plural("ru", 2, { one: "позиция", other: "позиций?" })).toBe("позиций?");
  });
});
