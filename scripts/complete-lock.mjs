#!/usr/bin/env node
/**
 * The npm registry reachable from our machines serves only the linux-x64 builds of packages with
 * per-platform binaries (rollup, esbuild, tailwind's oxide, lightningcss …), so `npm install` writes a
 * lock file without the other platforms' optional packages — and `npm ci` then refuses the lock as out
 * of sync. This adds the missing optional entries (version, os, cpu — what npm itself would write), so
 * `npm ci` accepts the lock and skips those packages on platforms they are not for.
 * Run after `npm install` changes the lock: `node scripts/complete-lock.mjs`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPU = ["arm64", "x64", "arm", "ia32", "ppc64", "riscv64", "s390x", "loong64", "mips64el", "wasm32"];

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    // resolved like node: next to the dependent, else hoisted to the top
    const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    const lower = name.toLowerCase();
    const os = OS.filter((o) => new RegExp(`[-/]${o === "win32" ? "win32" : o}(?:[-.]|$)`).test(lower));
    const cpu = CPU.filter((c) => new RegExp(`[-/]${c}(?:[-.]|$)`).test(lower));
    const entry = { version, dev: meta.dev || undefined, optional: true };
    if (os.length) entry.os = os;
    if (cpu.length) entry.cpu = cpu;
    if (lower.includes("wasm32") || lower.endsWith("-wasi")) entry.cpu = ["wasm32"];
    packages[top] = entry;
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: added ${added} optional platform entries`);
