import { describe, expect, it } from "vitest";
import { layoutOf } from "~/layouts";

describe("layouts", () => {
  it("is default when no route names one", () => {
    expect(layoutOf([{ handle: undefined }, { handle: {} }])).toBe("default");
  });
  it("takes the deepest route's layout", () => {
    expect(layoutOf([{ handle: { layout: "custom" } }, { handle: { layout: "simple" } }])).toBe("simple");
    expect(layoutOf([{ handle: { layout: "custom-default" } }, { handle: {} }])).toBe("custom-default");
  });
  it("ignores unknown layout names", () => {
    expect(layoutOf([{ handle: { layout: "fancy" } }])).toBe("default");
  });
});
