/** `listOf` (app/lib/record-list.ts) on its own: a record whose schema throws is that record's failure only. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { collectDrops, listOf } from "~/lib/record-list";

describe("listOf", () => {
  it("a record whose schema throws (a refinement reading past an empty list) is left out and reported; the rest is served", () => {
    const ring = z
      .object({ id: z.number(), points: z.array(z.number()) })
      .refine((record) => record.points[0]!.toFixed() !== "", "unreadable");
    const { result, drops } = collectDrops(() =>
      listOf(ring, { resource: "rings" }).safeParse([{ id: 1, points: [1] }, { id: 2, points: [] }, { id: 3, points: [3] }]),
    );
    expect(result.success && result.data.map((record) => record.id)).toEqual([1, 3]);
    expect(drops).toEqual([{ resource: "rings", id: 2, at: "[1]", fields: ["(record)"], reason: "invalid" }]);
  });
});
