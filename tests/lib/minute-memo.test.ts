import { describe, expect, it, vi } from "vitest";
import { createMinuteMemo } from "~/lib/minute-memo";

const at = (iso: string) => new Date(iso);

describe("views memoised per source and minute (ADR 108)", () => {
  it("computes once within a minute and gives the same object to every caller", () => {
    const memo = createMinuteMemo<object, { n: number }>();
    const source = {};
    const compute = vi.fn(() => ({ n: 1 }));
    const first = memo(source, at("2026-11-23T10:15:00.000Z"), "TAKE_AWAY|false", compute);
    const second = memo(source, at("2026-11-23T10:15:59.999Z"), "TAKE_AWAY|false", compute);
    expect(second).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("computes again in the next minute, for another key and for another source", () => {
    const memo = createMinuteMemo<object, number>();
    const source = {};
    let calls = 0;
    const compute = () => ++calls;
    expect(memo(source, at("2026-11-23T10:15:30Z"), "a", compute)).toBe(1);
    expect(memo(source, at("2026-11-23T10:16:00Z"), "a", compute)).toBe(2); // the minute turned: availability may have changed
    expect(memo(source, at("2026-11-23T10:16:10Z"), "b", compute)).toBe(3);
    expect(memo({}, at("2026-11-23T10:16:10Z"), "a", compute)).toBe(4); // a refreshed catalog is a new object
    expect(memo(source, at("2026-11-23T10:16:20Z"), "a", compute)).toBe(2);
  });

  it("does not hand out an earlier minute's view when the clock goes back (a demo clock set by a test)", () => {
    const memo = createMinuteMemo<object, string>();
    const source = {};
    memo(source, at("2026-11-23T10:15:00Z"), "k", () => "10:15");
    expect(memo(source, at("2026-11-23T08:00:00Z"), "k", () => "08:00")).toBe("08:00");
  });
});
