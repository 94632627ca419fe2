/**
 * `listOf`, `knownKeys` and the drop reports (app/lib/record-list.ts) on their own, with schemas built in the test:
 * the upstream tests (tests/upstream/drift*.test.ts) reach them through the model's schemas, built once when the
 * model loads, which a mutation run cannot attribute to a test.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { collectDrops, failingFields, formatPath, knownKeys, listOf, MAX_LIST_RECORDS, readableId, reportDrop } from "~/lib/record-list";

const item = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });
const parse = <S extends z.ZodTypeAny>(schema: S, value: unknown) => collectDrops(() => schema.safeParse(value));

describe("listOf", () => {
  it("a record whose schema throws (a refinement reading past an empty list) is left out and reported; the rest is served", () => {
    const ring = z
      .object({ id: z.number(), points: z.array(z.number()) })
      .refine((record) => record.points[0]!.toFixed() !== "", "unreadable");
    const { result, drops } = parse(listOf(ring, { resource: "rings" }), [{ id: 1, points: [1] }, { id: 2, points: [] }, { id: 3, points: [3] }]);
    expect(result.success && result.data.map((record: { id: number }) => record.id)).toEqual([1, 3]);
    expect(drops).toEqual([{ resource: "rings", id: 2, at: "[1]", fields: ["(record)"], reason: "invalid" }]);
  });

  it("ids are unique by default: an exact copy keeps the first, one id with two contents keeps neither", () => {
    const list = listOf(item, { resource: "things" });
    const { result, drops } = parse(list, [
      { id: 1, name: "a" },
      { id: 2, name: "b" },
      { id: 1, name: "a" },
      { id: 2, name: "c" },
      { id: 3, name: "d" },
      { id: 1, name: "a" },
    ]);
    expect(result.success && result.data).toEqual([{ id: 1, name: "a" }, { id: 3, name: "d" }]);
    expect(drops).toEqual([
      { resource: "things", id: 2, at: "[1]", fields: ["id"], reason: "conflict" },
      { resource: "things", id: 1, at: "[2]", fields: ["id"], reason: "duplicate" },
      { resource: "things", id: 2, at: "[3]", fields: ["id"], reason: "conflict" },
      { resource: "things", id: 1, at: "[5]", fields: ["id"], reason: "duplicate" },
    ]);
  });

  it("records without an id key, or with `unique: false`, are all kept; an id key of another name is honoured", () => {
    const twice = [{ id: 1, name: "a" }, { id: 1, name: "a" }, { id: 1, name: "b" }];
    expect(parse(listOf(item, { resource: "x", idKey: null }), twice).result).toMatchObject({ success: true, data: twice });
    expect(parse(listOf(item, { resource: "x", unique: false }), twice).result).toMatchObject({ success: true, data: twice });
    const byName = parse(listOf(item, { resource: "x", idKey: "name" }), [{ id: 1, name: "a" }, { id: 2, name: "a" }, { id: 3, name: "b" }]);
    expect(byName.result.success && byName.result.data).toEqual([{ id: 3, name: "b" }]);
    expect(byName.drops.map((d) => [d.id, d.reason])).toEqual([["a", "conflict"], ["a", "conflict"]]);
  });

  it("records whose id is missing or null are never taken for copies of each other", () => {
    const loose = z.object({ id: z.number().nullish(), name: z.string() });
    const { result, drops } = parse(listOf(loose, { resource: "x" }), [{ name: "a" }, { name: "b" }, { id: null, name: "c" }, { id: null, name: "d" }]);
    expect(result.success && result.data.map((r: { name: string }) => r.name)).toEqual(["a", "b", "c", "d"]);
    expect(drops).toEqual([]);
  });

  it("a nested list reports at its full place, in the answer's order, and only when its record is kept", () => {
    const inner = listOf(z.object({ id: z.number(), price: z.number().int() }), { resource: "items" });
    const outer = listOf(z.object({ id: z.number(), items: inner, name: z.string() }), { resource: "groups" });
    const { result, drops } = parse(z.object({ content: outer }), {
      content: [
        { id: 1, name: "a", items: [{ id: 11, price: 1 }, { id: 12, price: 1.5 }] },
        { id: 2, name: null, items: [{ id: 21, price: "x" }] },
        { id: 3, name: "c", items: [{ id: 31, price: 2.5 }] },
      ],
    });
    expect(result.success && result.data.content.map((g: { id: number; items: { id: number }[] }) => [g.id, g.items.map((i) => i.id)])).toEqual([[1, [11]], [3, []]]);
    expect(drops).toEqual([
      { resource: "items", id: 12, at: "content[0].items[1]", fields: ["price"], reason: "invalid" },
      { resource: "groups", id: 2, at: "content[1]", fields: ["name"], reason: "invalid" },
      { resource: "items", id: 31, at: "content[2].items[0]", fields: ["price"], reason: "invalid" },
    ]);
  });

  it("a list that is not an array fails the parse; a report outside a collection goes nowhere", () => {
    expect(parse(listOf(item, { resource: "x" }), { items: [] }).result.success).toBe(false);
    expect(() => reportDrop({ resource: "x", id: 1, at: "", fields: [], reason: "invalid" })).not.toThrow();
  });

  it("collections nest: an inner parse's drops are its own, the outer collector is restored after it", () => {
    const outer = collectDrops(() => {
      reportDrop({ resource: "outer", id: 1, at: "", fields: [], reason: "invalid" });
      const inner = collectDrops(() => reportDrop({ resource: "inner", id: 2, at: "", fields: [], reason: "invalid" }));
      reportDrop({ resource: "outer", id: 3, at: "", fields: [], reason: "invalid" });
      return inner.drops.map((d) => d.resource);
    });
    expect(outer.result).toEqual(["inner"]);
    expect(outer.drops.map((d) => d.id)).toEqual([1, 3]);
  });
});

describe("the most records a list may hold (ADR 212)", () => {
  /** an item schema that counts the records it was asked to parse */
  const counted = () => {
    const calls = { n: 0 };
    const item = z.object({ id: z.number() }).refine(() => ++calls.n > 0);
    return { calls, item };
  };
  const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

  it("reads a list of exactly MAX_LIST_RECORDS records, every one", () => {
    const { calls, item } = counted();
    const parsed = listOf(item, { resource: "positions" }).safeParse(records(MAX_LIST_RECORDS));
    expect(parsed.success && parsed.data.length).toBe(MAX_LIST_RECORDS);
    expect(calls.n).toBe(MAX_LIST_RECORDS);
  });

  it("refuses a longer list as a whole, at the list's place, before parsing any record", () => {
    const { calls, item } = counted();
    const schema = z.object({ content: listOf(item, { resource: "positions" }) });
    const { result, drops } = collectDrops(() => schema.safeParse({ content: records(MAX_LIST_RECORDS + 1) }));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ code: "too_big", path: ["content"], maximum: MAX_LIST_RECORDS }]);
    expect(calls.n).toBe(0);
    // a whole answer out of shape is not a record left out
    expect(drops).toEqual([]);
  });

  it("takes a bound of its own", () => {
    const schema = listOf(z.object({ id: z.number() }), { resource: "photos", idKey: null, maxRecords: 3 });
    expect(schema.safeParse(records(3)).success).toBe(true);
    expect(schema.safeParse(records(4)).success).toBe(false);
    // a nested list past its bound falls back like any other unreadable nested list (`.catch([])`)
    const withPhotos = z.object({ id: z.number(), photos: schema.catch([]) });
    expect(withPhotos.parse({ id: 1, photos: records(4) })).toEqual({ id: 1, photos: [] });
  });
});

describe("what a drop may say", () => {
  it("an id is a finite number or a short plain string, never a long value or one with spaces or personal data", () => {
    expect(readableId({ id: 7 }, "id")).toBe(7);
    expect(readableId({ id: "pizza-7:a.b" }, "id")).toBe("pizza-7:a.b");
    expect(readableId({ id: "x".repeat(40) }, "id")).toBe("x".repeat(40));
    for (const id of ["x".repeat(41), "Иван Петров", "a b", "", "+79991234567", Infinity, null, true, { id: 1 }]) {
      expect(readableId({ id }, "id"), JSON.stringify(id)).toBeNull();
    }
    expect(readableId({ id: 7 }, null)).toBeNull();
    expect(readableId(null, "id")).toBeNull();
    expect(readableId("7", "id")).toBeNull();
  });

  it("failing fields: distinct paths, '(record)' for the record itself, at most ten", () => {
    const wide = z.object(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, z.number()])));
    const many = wide.safeParse({});
    expect(!many.success && failingFields(many.error)).toEqual(Array.from({ length: 10 }, (_, i) => `f${i}`));
    const root = z.object({ a: z.number() }).safeParse("x");
    expect(!root.success && failingFields(root.error)).toEqual(["(record)"]);
    expect(formatPath(["content", 0, "rules", 2, "price"])).toBe("content[0].rules[2].price");
    expect(formatPath([3, "a"])).toBe("[3].a");
  });
});

describe("knownKeys", () => {
  const methods = knownKeys(z.object({ cash: z.boolean().default(false) }), ["cash"], "payment-methods");

  it("reports each unknown key once, by name when it is a plain word, and parses the known ones", () => {
    const { result, drops } = parse(z.object({ pay: methods }), { pay: { cash: true, sbp: true, "crypto wallet": true } });
    expect(result).toMatchObject({ success: true, data: { pay: { cash: true } } });
    expect(drops).toEqual([
      { resource: "payment-methods", id: "sbp", at: "pay", fields: [], reason: "unknown" },
      { resource: "payment-methods", id: null, at: "pay", fields: [], reason: "unknown" },
    ]);
  });

  it("reports nothing for a value that is not an object (the schema decides), nor for a list", () => {
    for (const value of [null, "cash", 1, ["sbp"]]) expect(parse(methods, value).drops, JSON.stringify(value)).toEqual([]);
  });
});
