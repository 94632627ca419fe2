import { describe, expect, it, vi } from "vitest";

// a fresh module per test: its maps are per process (the server) or per page (the browser)
async function load() {
  vi.resetModules();
  return import("~/lib/json-text");
}

describe("JSON text of a loader value (ADR 120)", () => {
  it("is the value's JSON, made once per value object", async () => {
    const { toJsonText } = await load();
    const menus = [{ id: 501, name: "Основное меню", groups: [{ id: 1, positions: [{ id: 10001, price: 49000 }] }] }];
    const stringify = vi.spyOn(JSON, "stringify");
    const text = toJsonText(menus);
    expect(text).toBe('[{"id":501,"name":"Основное меню","groups":[{"id":1,"positions":[{"id":10001,"price":49000}]}]}]');
    expect(toJsonText(menus)).toBe(text);
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
  });

  it("gives the server the very object it was made from (caches keyed by identity keep working)", async () => {
    const { toJsonText, fromJsonText } = await load();
    const menus = [{ id: 1 }];
    const parse = vi.spyOn(JSON, "parse");
    expect(fromJsonText(toJsonText(menus))).toBe(menus);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });

  it("parses a text it did not make (the browser) once, whatever string object carries it", async () => {
    const { fromJsonText } = await load();
    type Menus = { id: number }[];
    const first = fromJsonText<Menus>('[{"id":1},{"id":2}]' as never);
    expect(first).toEqual([{ id: 1 }, { id: 2 }]);
    // a revalidation brings an equal text in a new string: the page keeps the same objects
    const again = fromJsonText<Menus>(["[", '{"id":1},{"id":2}]'].join("") as never);
    expect(again).toBe(first);
    expect(fromJsonText<Menus>('[{"id":3}]' as never)).toEqual([{ id: 3 }]);
  });

  it("keeps only the latest texts", async () => {
    const { fromJsonText } = await load();
    const first = fromJsonText<number[]>("[0]" as never);
    for (let i = 1; i <= 16; i++) fromJsonText(`[${i}]` as never);
    // the 17th distinct text pushed the first out: parsed anew, an equal but new array
    const again = fromJsonText<number[]>("[0]" as never);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    // a recent one is still the same object
    expect(fromJsonText<number[]>("[16]" as never)).toBe(fromJsonText<number[]>("[16]" as never));
  });
});
