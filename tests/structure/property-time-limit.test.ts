import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyTimeLimit } from "../property-time-limit";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a generated test stops with its test (ADR 225)", () => {
  it("leaves a quarter of the test's time, at most 2 s, around the property", () => {
    expect(propertyTimeLimit(20_000)).toBe(18_000);
    expect(propertyTimeLimit(60_000)).toBe(58_000);
    expect(propertyTimeLimit(4_000)).toBe(3_000);
    expect(propertyTimeLimit(0)).toBeUndefined();
    expect(propertyTimeLimit(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it("fails with its seed before the test's timeout, and starts no run after", async () => {
    let runs = 0;
    const started = Date.now();
    // 1,000 runs of 50 ms: 50 s, far past this test's 4 s
    const outcome = fc
      .assert(
        fc.asyncProperty(fc.integer(), async () => {
          runs += 1;
          await sleep(50);
        }),
        { numRuns: 1_000 },
      )
      .then(
        () => "passed",
        (error: unknown) => String(error),
      );
    const message = await outcome;
    const elapsed = Date.now() - started;
    expect(message).toMatch(/interrupted/i);
    expect(message).toMatch(/seed: -?\d+/);
    expect(elapsed).toBeLessThan(4_000);
    const runsAtFailure = runs;
    await sleep(300);
    expect(runs).toBe(runsAtFailure);
  }, 4_000);

  it("keeps a property that fits its time whole: every run is made", async () => {
    let runs = 0;
    await fc.assert(
      fc.property(fc.integer(), () => {
        runs += 1;
      }),
      { numRuns: 200 },
    );
    expect(runs).toBe(200);
  });
});
