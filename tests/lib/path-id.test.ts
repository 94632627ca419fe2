import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPathId } from "~/lib/path-id";

describe("readPathId: the id in a page's path (ADR 226)", () => {
  it("reads the ids the storefront writes", () => {
    expect(readPathId("1")).toBe(1);
    expect(readPathId("501")).toBe(501);
    expect(readPathId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    "0x1F5",
    "501.0",
    "5.01e2",
    "5e2",
    " 501",
    "501 ",
    "+501",
    "-501",
    "0501",
    "0",
    "00",
    "",
    "0b111110101",
    "0o765",
    "Infinity",
    "NaN",
    "501abc",
    "５０１",
    "٥٠١",
    "9007199254740992",
    "99999999999999999",
  ])("refuses %j", (value) => {
    expect(readPathId(value)).toBeNull();
  });

  it("refuses a missing segment", () => {
    expect(readPathId(undefined)).toBeNull();
  });

  it("answers every string with one id written exactly as the path has it, or with nothing (generated)", () => {
    const idLike = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[-+ 0x.e1-9A-F]{0,12}$/),
      fc.integer({ min: -10, max: Number.MAX_SAFE_INTEGER }).map(String),
      fc.double().map(String),
    );
    fc.assert(
      fc.property(idLike, (value) => {
        const id = readPathId(value);
        if (id === null) return;
        expect(String(id)).toBe(value);
        expect(Number.isSafeInteger(id) && id >= 1).toBe(true);
      }),
    );
  });

  it("reads every id from 1 to the largest safe integer back (generated)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(readPathId(String(id))).toBe(id);
      }),
    );
  });
});
