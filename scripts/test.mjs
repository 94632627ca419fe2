#!/usr/bin/env node
/**
 * `npm test`: every check the storefront has, in the order that fails fastest — types and lint, then the unit tests
 * and the production build, then the browser tests — each stage's wall time printed as it ends and all of them at
 * the end, so that a slow stage shows. Stops after the first phase with a failing stage, with its exit status.
 *
 * The stages of a phase run side by side (ADR 201): the type check and the lint use one core each; the build waits
 * on its own files while the unit tests use both cores. A parallel stage's output is held and printed whole when it
 * ends, so the log reads stage by stage; the browser stage, alone in its phase, prints as it goes.
 */
import { spawn } from "node:child_process";
import { machineSpeedMs } from "./machine-speed.mjs";

const PHASES = [
  [
    ["typecheck", "npm", ["run", "typecheck"]],
    ["lint", "npm", ["run", "lint"]],
  ],
  [
    ["unit", "npm", ["run", "test:unit"]],
    ["build", "npm", ["run", "build"]],
  ],
  [["browser", "npm", ["run", "test:e2e"]]],
];

// the machine's speed first (scripts/machine-speed.mjs): stage times from different machines or days compare through it
const speed = machineSpeedMs();
process.stdout.write(`machine speed: ${speed} ms for the reference work (scripts/machine-speed.mjs)\n`);

const times = [];
const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);
const report = () => {
  const lines = times.map(([name, ms, ok]) => `  ${name.padEnd(10)} ${seconds(ms).padStart(7)} s${ok ? "" : "  FAILED"}`);
  process.stdout.write(
    `\nnpm test stages (a phase's stages run side by side):\n${lines.join("\n")}\n  ${"total".padEnd(10)} ${seconds(Date.now() - started).padStart(7)} s\n  machine speed ${speed} ms\n`,
  );
};

/** runs one stage; alone, its output streams; beside others, it is printed whole when the stage ends */
function run([name, command, args], alone) {
  const stageStart = Date.now();
  if (alone) process.stdout.write(`\n── ${name} ──\n`);
  const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
  const held = [];
  if (!alone) {
    child.stdout.on("data", (chunk) => held.push(chunk));
    child.stderr.on("data", (chunk) => held.push(chunk));
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const ok = code === 0;
      const ms = Date.now() - stageStart;
      if (!alone) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(held).toString("utf8")}`);
      process.stdout.write(`── ${name}: ${ok ? "passed" : "FAILED"} in ${seconds(ms)} s ──\n`);
      times.push([name, ms, ok]);
      resolve(ok ? 0 : (code ?? (signal ? 1 : 1)));
    });
  });
}

for (const phase of PHASES) {
  const codes = await Promise.all(phase.map((stage) => run(stage, phase.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    report();
    process.exit(failed);
  }
}
report();
