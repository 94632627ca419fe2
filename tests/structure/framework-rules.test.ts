import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * What the move to React Router 7 left true (issue 40, ADR 136, 137), checked on the tracked files: one context per
 * request instead of a process-wide one, no reach into a package's build internals, and a repository that speaks of
 * the product without pointing at the machine it was made on.
 */
const tracked = (...paths: string[]) => execFileSync("git", ["ls-files", "--", ...paths], { encoding: "utf8" }).split("\n").filter(Boolean);
const CODE = /\.(ts|tsx|mjs|js|cjs)$/;

/** file:line of every line of `files` that matches `pattern` */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : [])),
  );
}

describe("framework rules", () => {
  it("no process-wide context: getContext( appears nowhere in app/ or server/", () => {
    expect(linesMatching(tracked("app", "server").filter((f) => CODE.test(f)), /\bgetContext\(/)).toEqual([]);
  });

  it("no import reaches into a package's dist/ internals", () => {
    const files = tracked("app", "server", "scripts", "bench", "deploy", "e2e", "*.ts", "*.mjs").filter((f) => CODE.test(f) && !f.startsWith("tests/"));
    // a bare specifier (not ./, ../, ~ or node:) with a /dist/ segment, in an import, export … from, import() or require()
    const reach = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)["'](?![./~]|node:)[^"']*\/dist\//;
    expect(linesMatching(files, reach)).toEqual([]);
  });

  it("the repository points at no machine: no absolute path of ours and no folder outside it", () => {
    const files = tracked("README.md", "docs", "app", "server", "scripts", "bench", "deploy", "e2e", "tests", "*.ts", "*.mjs", ".ci").filter(
      (f) => !f.endsWith("framework-rules.test.ts") && /\.(md|ts|tsx|mjs|js|cjs|json|sh|conf)$|\/run$/.test(f),
    );
    expect(linesMatching(files, /\/work\/|\.\.\/shared\/|\/root\//)).toEqual([]);
  });
});
