/**
 * mulberry32: a small seeded generator of numbers in [0, 1), for runs whose every random choice must come again from
 * the seed they print (the crowd of bench/load.mjs, the instant of scripts/test-clock.mjs, the faults of
 * e2e/fault-injection.ops.spec.ts).
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
