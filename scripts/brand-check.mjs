#!/usr/bin/env node
/**
 * npm run brand:check [file…]  (no file: every brands/*.json)
 * Validates brand files with the server's own schema (scripts/brand-check-rules.ts over server/brand.ts), printing
 * each problem once with its field path and a hint, then what the brand turns on. Exit 1 when a file has a
 * problem (warnings do not fail). esbuild, which the build already installs, turns the TypeScript into one file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// inside node_modules, so the bundle's imports (zod) resolve from the project
const out = mkdtempSync(join(root, "node_modules/.cache-brand-check-"));
let checkBrand;
try {
  await build({
    entryPoints: [join(root, "scripts/brand-check-rules.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile: join(out, "brand-check.mjs"),
    logLevel: "error",
  });
  ({ checkBrand } = await import(pathToFileURL(join(out, "brand-check.mjs")).href));
} finally {
  rmSync(out, { recursive: true, force: true });
}

const files = process.argv.slice(2);
if (files.length === 0) for (const name of readdirSync(join(root, "brands")).sort()) if (name.endsWith(".json")) files.push(join("brands", name));
const publicFileExists = (path) => existsSync(join(root, "public", decodeURIComponent(path.split(/[?#]/)[0])));

let failed = 0;
for (const file of files) {
  let raw;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    failed++;
    console.log(`✗ ${file}\n  (file): ${error.code === "ENOENT" ? "file not found" : `not valid JSON (${error.message})`}\n    hint: a brand file is one JSON object; start from a copy of brands/demo.json\n`);
    continue;
  }
  const { problems, warnings, summary } = checkBrand(raw, { publicFileExists });
  if (problems.length > 0) failed++;
  console.log(`${problems.length ? "✗" : "✓"} ${file}${problems.length ? `: ${problems.length} problem${problems.length > 1 ? "s" : ""}` : ""}`);
  for (const p of problems) console.log(`  ${p.path}: ${p.message}\n    hint: ${p.hint}`);
  for (const w of warnings) console.log(`  warning ${w.path}: ${w.message}\n    hint: ${w.hint}`);
  for (const line of summary) console.log(`  ${line}`);
  console.log("");
}
process.exit(failed ? 1 : 0);
