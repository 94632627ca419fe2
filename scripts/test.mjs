#!/usr/bin/env node
/**
 * `npm test`: every check the storefront has, in the order that fails fastest — types, lint, unit tests, the
 * production build, the browser tests — each stage's wall time printed as it ends and all of them at the end, so
 * that a slow stage shows. Stops at the first failing stage with its exit status.
 */
import { spawnSync } from "node:child_process";

const STAGES = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["unit", "npm", ["run", "test:unit"]],
  ["build", "npm", ["run", "build"]],
  ["browser", "npm", ["run", "test:e2e"]],
];

const times = [];
const started = Date.now();
const report = () => {
  const lines = times.map(([name, ms, ok]) => `  ${name.padEnd(10)} ${(ms / 1000).toFixed(1).padStart(7)} s${ok ? "" : "  FAILED"}`);
  process.stdout.write(`\nnpm test stages:\n${lines.join("\n")}\n  ${"total".padEnd(10)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s\n`);
};
for (const [name, command, args] of STAGES) {
  const stageStart = Date.now();
  process.stdout.write(`\n── ${name} ──\n`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  const ok = result.status === 0;
  times.push([name, Date.now() - stageStart, ok]);
  process.stdout.write(`── ${name}: ${ok ? "passed" : "FAILED"} in ${((Date.now() - stageStart) / 1000).toFixed(1)} s ──\n`);
  if (!ok) {
    report();
    process.exit(result.status ?? 1);
  }
}
report();
