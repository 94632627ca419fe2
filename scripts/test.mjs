#!/usr/bin/env node
/**
 * `npm test`: every check the storefront has, in the order that fails fastest — types, lint and the production build,
 * then the unit tests beside the browser tests — each stage's wall time printed as it ends and all of them at the end,
 * so that a slow stage shows. Stops at the first failing stage: the stages still running beside it are interrupted,
 * and the exit status is the failing stage's.
 *
 * The stages of a phase run side by side (ADRs 201, 203): the type check, the lint and the build use a core each at
 * most; the browser stage leaves a core idle a tenth of its time (pages waiting on the server, servers starting), which
 * the unit tests fill. A side stage's output is held and printed whole when it ends, so the log reads stage by stage;
 * the browser stage prints as it goes.
 */
import { spawn } from "node:child_process";

/** [name, command, args, streams its output as it goes] */
const PHASES = [
  [
    ["typecheck", "npm", ["run", "typecheck"]],
    ["lint", "npm", ["run", "lint"]],
    ["build", "npm", ["run", "build"]],
  ],
  [
    ["browser", "npm", ["run", "test:e2e"], true],
    ["unit", "npm", ["run", "test:unit"]],
  ],
];

const times = [];
const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);
const report = () => {
  const lines = times.map(([name, ms, state]) => `  ${name.padEnd(10)} ${seconds(ms).padStart(7)} s${state === "passed" ? "" : `  ${state.toUpperCase()}`}`);
  process.stdout.write(
    `\nnpm test stages (a phase's stages run side by side):\n${lines.join("\n")}\n  ${"total".padEnd(10)} ${seconds(Date.now() - started).padStart(7)} s\n`,
  );
};

const running = new Set();
let stopping = false;
/** the exit status of the first stage that failed on its own */
let firstFailure = 0;

/** runs one stage in a process group of its own (so that an interruption reaches the servers it started) */
function run([name, command, args, streams]) {
  const stageStart = Date.now();
  if (streams) process.stdout.write(`\n── ${name} ──\n`);
  const child = spawn(command, args, { stdio: streams ? "inherit" : ["ignore", "pipe", "pipe"], detached: true });
  running.add(child);
  const held = [];
  if (!streams) {
    child.stdout.on("data", (chunk) => held.push(chunk));
    child.stderr.on("data", (chunk) => held.push(chunk));
  }
  return new Promise((resolve) => {
    child.on("close", (code) => {
      running.delete(child);
      const state = code === 0 ? "passed" : stopping ? "interrupted" : "failed";
      const ms = Date.now() - stageStart;
      if (!streams) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(held).toString("utf8")}`);
      process.stdout.write(`── ${name}: ${state} in ${seconds(ms)} s ──\n`);
      times.push([name, ms, state]);
      const status = code === 0 ? 0 : (code ?? 1);
      if (status !== 0 && !stopping) {
        firstFailure = status;
        stopOthers();
      }
      resolve(status);
    });
  });
}

/** a failed stage ends its phase: the others are interrupted as Ctrl-C would (Playwright then stops its servers) */
function stopOthers() {
  stopping = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {
      // already gone
    }
  }
}

// Ctrl-C on `npm test` reaches the stages too: they are in groups of their own
process.on("SIGINT", () => {
  stopOthers();
});

for (const phase of PHASES) {
  const codes = await Promise.all(phase.map((stage) => run(stage)));
  if (codes.some((code) => code !== 0)) {
    report();
    // the first failure's status, not that of a stage interrupted because of it
    process.exit(firstFailure || (codes.find((code) => code !== 0) ?? 1));
  }
}
report();
