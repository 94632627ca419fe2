// The warm path's shared values (ADR 140): frozen in tests, so a write to one anywhere fails where it is made.
import { describe, expect, it } from "vitest";
import { shared } from "~/lib/shared-value";
import { createMinuteMemo } from "~/lib/minute-memo";
import { services } from "../context";

describe("shared values", () => {
  it("are deep-frozen outside production: a write to any depth throws", () => {
    const value = shared({ menus: [{ positions: [{ id: 1, price: 390 }] }], name: "Флагман" });
    expect(Object.isFrozen(value.menus[0]!.positions[0])).toBe(true);
    expect(() => {
      (value.menus[0]!.positions[0] as { price: number }).price = 1;
    }).toThrow(TypeError);
    expect(() => (value.menus as unknown[]).push({})).toThrow(TypeError);
    expect(value.menus[0]!.positions[0]!.price).toBe(390);
  });

  it("a minute memo's views are shared values", () => {
    const memo = createMinuteMemo<object, { list: number[] }>();
    const view = memo({}, new Date(), "k", () => ({ list: [1, 2] }));
    expect(() => view.list.sort((a, b) => b - a)).toThrow(TypeError);
  });

  it("the catalog a warm page gets from the boot is a shared value, and so are the cached parts it is made of", async () => {
    const catalog = await services().upstream.boot.loadRestoCatalog(173);
    expect(Object.isFrozen(catalog)).toBe(true);
    expect(Object.isFrozen(catalog.menus[0]!.positions[0])).toBe(true);
    expect(Object.isFrozen(catalog.resto)).toBe(true);
    // the same objects for the next request
    expect(await services().upstream.boot.loadRestoCatalog(173)).toBe(catalog);
  });
});
