import { describe, expect, it } from "vitest";
import { circles, importGraph, ruleBreaches } from "../../scripts/import-graph.mjs";

type Graph = Map<string, Set<string>>;
const graphOf = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));

describe("import graph check (scripts/import-graph.mjs)", () => {
  it("finds a circle, and only the files on it", () => {
    const found = circles(graphOf({ "/r/a": ["/r/b"], "/r/b": ["/r/c"], "/r/c": ["/r/a"], "/r/d": ["/r/a"] }));
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveLength(3);
  });

  it("reads the real tree: app/lib and server/ keep their layering", () => {
    const graph = importGraph() as Graph;
    expect(graph.size).toBeGreaterThan(150);
    expect(ruleBreaches(graph)).toEqual([]);
  });
});

describe("ADR index", () => {
  it("docs/decisions/README.md lists every ADR as the files say (node scripts/adr-index.mjs)", async () => {
    const { adrIndex } = await import("../../scripts/adr-index.mjs");
    const { readFileSync } = await import("node:fs");
    expect(readFileSync("docs/decisions/README.md", "utf8")).toBe(adrIndex());
  });

  it("every ADR opens with '# NNN — Title', so the index shows a title, not a file name", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const untitled = readdirSync("docs/decisions")
      .filter((file) => /^\d{3}-.*\.md$/.test(file))
      .filter((file) => !/^#\s*\d{3}\s*[—-]\s*\S/m.test(readFileSync(`docs/decisions/${file}`, "utf8")));
    expect(untitled).toEqual([]);
  });
});
