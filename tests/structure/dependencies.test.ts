import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 13 §7: no dependency in package.json that the code (or its CSS) never imports, a peer dependency of a used package
 * excepted. Tools run only as commands (the compiler, linters, bundler plugins named in config files) count as
 * used when a script names them or one of their commands, or a config file names them (a plugin loaded by name).
 */
const ROOT = process.cwd();
const SOURCE_DIRS = ["app", "server", "scripts", "bench", "deploy", "e2e", "tests"];
const ROOT_FILES = ["server.mjs", "vite.config.ts", "vitest.config.ts", "playwright.config.ts", "eslint.config.js", "stryker.config.mjs"];
const SKIP = new Set(["node_modules", "build", ".work", "test-results"]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mjs|js|cjs|css)$/.test(name)) out.push(full);
  }
  return out;
}

/** the package names a file imports (bare specifiers, subpaths folded to their package) */
export function importedPackages(text: string): Set<string> {
  const found = new Set<string>();
  const pattern = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)["']([^"'./][^"']*)["']/g;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1]!;
    if (spec.startsWith("node:") || spec.startsWith("~")) continue;
    const parts = spec.split("/");
    found.add(spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
  }
  return found;
}

const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** every source and config file whose imports count */
function allFiles(): string[] {
  return [...SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))), ...ROOT_FILES.map((f) => path.join(ROOT, f)).filter((f) => existsSync(f))];
}

/** the command names a package installs (its `bin`) */
function binariesOf(name: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { bin?: string | Record<string, string> };
    if (typeof manifest.bin === "string") return [name.replace(/^@.*\//, "")];
    return Object.keys(manifest.bin ?? {});
  } catch {
    return [];
  }
}

function peersOf(name: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { peerDependencies?: Record<string, string> };
    return Object.keys(manifest.peerDependencies ?? {});
  } catch {
    return [];
  }
}

describe("package.json", () => {
  it("reads bare imports and folds subpaths", () => {
    const found = importedPackages(`import a from "zod";\nimport { b } from "@react-router/node/dist/x";\nconst c = await import("ioredis");\nimport "./local";\nimport x from "node:fs";`);
    expect([...found].sort()).toEqual(["@react-router/node", "ioredis", "zod"]);
  });

  it("runs on React Router 7 alone: no @remix-run package is declared or imported", () => {
    const declared = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];
    expect(declared.filter((name) => name.startsWith("@remix-run/"))).toEqual([]);
    const importing = allFiles().filter((file) => [...importedPackages(readFileSync(file, "utf8"))].some((name) => name.startsWith("@remix-run/")));
    expect(importing.map((file) => path.relative(ROOT, file))).toEqual([]);
    expect(declared).toContain("react-router");
  });

  it("lists no dependency that nothing imports, runs or needs as a peer", () => {
    const files = allFiles();
    const imported = new Set<string>();
    for (const file of files) for (const name of importedPackages(readFileSync(file, "utf8"))) imported.add(name);
    const commands = Object.values(pkg.scripts).join(" ");
    const declared = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];
    const peers = new Set([...imported].flatMap(peersOf));
    // command-line tools: the package's name or one of its commands (its `bin`) appears in a script
    const runs = (name: string) =>
      [name.replace(/^@.*\//, ""), ...binariesOf(name)].some((command) => new RegExp(`(^|[\\s&|;])${command}(\\s|$)`).test(commands));
    // plugins a config file loads by name (Stryker's test runner)
    const configs = ROOT_FILES.map((f) => path.join(ROOT, f)).filter((f) => existsSync(f)).map((f) => readFileSync(f, "utf8")).join("\n");
    const loadedByName = (name: string) => configs.includes(`"${name}"`);
    // @types/* come with what they type; typescript and prettier are run by the editor and the scripts
    const unused = declared.filter(
      (name) => !imported.has(name) && !peers.has(name) && !runs(name) && !loadedByName(name) && !name.startsWith("@types/") && name !== "typescript",
    );
    expect(unused).toEqual([]);
  });
});
