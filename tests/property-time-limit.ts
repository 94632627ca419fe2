/**
 * How long a generated test's property may run inside a test of `testTimeout` ms (ADR 225): a quarter of the test's
 * time, at most 2 s, is left for the code around the property and for fast-check's report of the seed. No limit for a
 * test without a timeout.
 */
export function propertyTimeLimit(testTimeout: number): number | undefined {
  if (!Number.isFinite(testTimeout) || testTimeout <= 0) return undefined;
  return Math.max(testTimeout - 2_000, Math.floor(testTimeout * 0.75));
}
