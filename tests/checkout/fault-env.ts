// Imported first by faults.test.ts: short timeouts so "slow beyond the timeout" and the breaker's reset
// take a fraction of a second instead of the production 5 s and 10 s.
process.env.UPSTREAM_TIMEOUT_MS = "300";
process.env.UPSTREAM_BREAKER_RESET_MS = "400";
