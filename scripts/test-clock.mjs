#!/usr/bin/env node
/**
 * `npm run test:clock` (ADR 202): the unit tests of the rules that read the clock — opening hours, order times, when
 * an order arrives, time slots, the cart and checkout screens — run with the process's clock set to a generated
 * instant (libfaketime), so a rule or a test that only holds at some hours fails in CI instead of at 23:40 one night.
 *
 * The instant is drawn from a seed and printed; `TEST_CLOCK_SEED=<n>` draws the same one again, `TEST_CLOCK_AT="2026-11-28
 * 20:45:00"` (UTC) sets it outright. Half the draws fall within half an hour of a midnight in Moscow, Samara or UTC
 * (the restaurants' and the server's days turn there), the other half anywhere in the coming year.
 * Needs `faketime` (Debian's package of that name; .ci/run installs it).
 */
import { spawnSync } from "node:child_process";
import { seededRandom } from "./seeded-random.mjs";

const SUITES = ["tests/lib", "tests/checkout", "tests/routes", "tests/catalog", "tests/cart", "tests/location", "tests/demo"];
const HOUR = 3_600_000;

function draw(seed) {
  const random = seededRandom(seed);
  const day = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + Math.floor(random() * 365) * 24 * HOUR;
  if (random() < 0.5) return new Date(day + Math.floor(random() * 24 * HOUR));
  // within 30 minutes of a local midnight: Moscow (UTC+3), Samara (UTC+4) or UTC
  const offset = [3, 4, 0][Math.floor(random() * 3)];
  const midnight = day + 24 * HOUR - offset * HOUR;
  return new Date(midnight + Math.floor((random() - 0.5) * HOUR));
}

const seed = process.env.TEST_CLOCK_SEED ? Number(process.env.TEST_CLOCK_SEED) : Math.floor(Math.random() * 2 ** 31);
const at = process.env.TEST_CLOCK_AT ? new Date(`${process.env.TEST_CLOCK_AT.replace(" ", "T")}Z`) : draw(seed);
if (Number.isNaN(at.getTime())) {
  console.error(`TEST_CLOCK_AT is not a time: ${process.env.TEST_CLOCK_AT}`);
  process.exit(2);
}
const stamp = at.toISOString().slice(0, 19).replace("T", " ");
const moscow = new Date(at.getTime() + 3 * HOUR).toISOString().slice(0, 16).replace("T", " ");
console.log(`test:clock at ${stamp} UTC (${moscow} in Moscow); seed ${process.env.TEST_CLOCK_AT ? "(set by TEST_CLOCK_AT)" : seed}`);
console.log(`  again: ${process.env.TEST_CLOCK_AT ? `TEST_CLOCK_AT="${stamp}"` : `TEST_CLOCK_SEED=${seed}`} npm run test:clock`);

const faketime = spawnSync("faketime", ["--version"], { stdio: "ignore" });
if (faketime.error) {
  console.error("faketime is not installed (Debian: apt-get install faketime)");
  process.exit(2);
}
// the wall clock moves on from the instant; the monotonic clock stays real, so timers and timeouts behave
const result = spawnSync("faketime", ["-f", `@${stamp}`, "npx", "vitest", "run", ...SUITES], {
  stdio: "inherit",
  env: { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: "1" },
});
if (result.status !== 0) console.error(`test:clock FAILED at ${stamp} UTC; repeat with the line above`);
process.exit(result.status ?? 1);
