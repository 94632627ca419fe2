#!/usr/bin/env node
/**
 * The machine's speed as one figure, so that stage times from different days can be compared: a fixed piece of
 * single-threaded work (SHA-256 over 100 MiB, native code; 30 million steps of an integer loop, JIT-compiled
 * JavaScript), the best of three runs. Allocation-heavy work (JSON, sorting) was tried and varied by 30 % from run to
 * run; this varies by about 2 %. `npm test` prints it before its stages. On 2026-11-28 it read 305 ms on a machine on
 * which `npm test` took 1,067 s; the same suite's stages took 1.5–1.8 times as long as on the faster machine of the
 * day before, whose figure was not recorded.
 */
import { createHash } from "node:crypto";

function once() {
  const started = performance.now();
  const block = Buffer.alloc(1024 * 1024, 7);
  let digest = "";
  for (let i = 0; i < 100; i++) digest = createHash("sha256").update(block).update(digest).digest("hex");
  let x = 0;
  for (let i = 0; i < 3e7; i++) x = (x * 31 + i) % 1_000_003;
  // the result is used, so the loop is not optimised away
  return performance.now() - started + (x === -1 ? 1 : 0);
}

/** milliseconds for the reference work on this machine (the best of three) */
export function machineSpeedMs() {
  return Math.round(Math.min(once(), once(), once()));
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`machine speed: ${machineSpeedMs()} ms for the reference work`);
