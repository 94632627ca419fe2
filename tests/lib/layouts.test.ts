import { describe, expect, it } from "vitest";
import { hydratesNumbers, layerOpen, layoutOf } from "~/shell/layouts";
import { inertWhen } from "~/components/ui/inert";

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

describe("layers", () => {
  it("is open when a matched route says so, or when its test passes on the route's data", () => {
    expect(layerOpen([{ handle: undefined, loaderData: null }, { handle: { layer: true }, loaderData: null }])).toBe(true);
    const cart = { handle: { layer: (data: unknown) => (data as { confirmClear: boolean }).confirmClear } };
    expect(layerOpen([{ ...cart, loaderData: { confirmClear: true } }])).toBe(true);
    expect(layerOpen([{ ...cart, loaderData: { confirmClear: false } }])).toBe(false);
  });
  it("is closed when no route draws one", () => {
    expect(layerOpen([{ handle: { layout: "simple" }, loaderData: null }, { handle: undefined, loaderData: undefined }])).toBe(false);
  });
  it("renders inert as the string attribute React 18 writes, or not at all", () => {
    expect(inertWhen(true)).toEqual({ inert: "" });
    expect(inertWhen(false)).toEqual({});
  });
});

describe("whether a page's hydration formats numbers (the boot's early Intl task, ADR 117)", () => {
  it("is assumed when no route says", () => {
    expect(hydratesNumbers([{ handle: undefined }, { handle: { layout: "simple" } }])).toBe(true);
  });
  it("is the page's own route's word: the menu alone formats none, a position over it (which says nothing) does", () => {
    const menu = { handle: { hydratesNumbers: false } };
    expect(hydratesNumbers([{ handle: undefined }, menu])).toBe(false);
    expect(hydratesNumbers([{ handle: undefined }, menu, { handle: { layer: true } }])).toBe(true);
    expect(hydratesNumbers([{ handle: { hydratesNumbers: false } }, { handle: {} }])).toBe(true);
  });
});
