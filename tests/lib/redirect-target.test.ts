import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redirectTarget, sameOriginPath } from "~/lib/redirect-target";
import { HOSTILE_TARGETS } from "../../e2e/helpers/hostile-targets";

const SITE = "https://shop.example";

/** where a browser goes when it gets `target` as a Location header or an href on a page of SITE */
function landsOn(target: string): string {
  // what browsers do to a Location value / href before resolving it (WHATWG URL parser, which Node implements)
  return new URL(target, `${SITE}/some/page`).origin;
}

describe("redirectTarget (issue 14 §2, ADR 075)", () => {
  it.each(HOSTILE_TARGETS.map((t) => [JSON.stringify(t), t]))("keeps %s on this site", (_, target) => {
    const result = redirectTarget(target, "/fallback");
    expect(landsOn(result)).toBe(SITE);
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    // safe as a header value: no control characters, nothing outside ASCII
    expect(result).toMatch(/^[\x21-\x7e]+$/);
  });

  it.each([
    ["/\t/evil.example/x", "/fallback"],
    ["/\\evil.example/x", "/fallback"],
    ["/.//evil.example/x", "/fallback"],
    ["/a/..//evil.example", "/fallback"],
    ["https://evil.example/x", "/fallback"],
    ["//evil.example", "/fallback"],
    [" /cart", "/fallback"],
    ["", "/fallback"],
  ])("refuses %j (answers the fallback)", (target, expected) => {
    expect(redirectTarget(target, "/fallback")).toBe(expected);
  });

  it.each([
    ["/", "/"],
    ["/cart", "/cart"],
    ["/menus/501?added=12#card-12", "/menus/501?added=12#card-12"],
    ["/location?city=1&step=city", "/location?city=1&step=city"],
    ["/menus/501/../502", "/menus/502"],
    ["/a\\b", "/a/b"],
    ["/search?q=пицца", "/search?q=%D0%BF%D0%B8%D1%86%D1%86%D0%B0"],
    ["/%09/evil.example/x", "/%09/evil.example/x"],
  ])("keeps the same-origin path %j, normalised as a browser would (%j)", (target, expected) => {
    expect(redirectTarget(target, "/fallback")).toBe(expected);
  });

  it("answers the fallback for anything that is not a string or is too long", () => {
    for (const value of [undefined, null, 42, {}, ["/cart"], `/${"a".repeat(2000)}`]) expect(redirectTarget(value, "/cart")).toBe("/cart");
    expect(redirectTarget(undefined)).toBe("/");
  });

  it("whatever it is given, the answer stays on the site and is stable (fast-check)", () => {
    const pieces = fc.constantFrom("/", "//", "\\", ".", "..", "\t", "\n", "\r", " ", "%2F", "%5C", "%09", "evil.example", "@", ":", "?", "#", "a", "é", "\u0000");
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 12 }).map((p) => p.join(""))), (value) => {
        const result = redirectTarget(value, "/fallback");
        expect(landsOn(result)).toBe(SITE);
        // eslint-disable-next-line no-control-regex -- control characters are what must never come out
        expect(result).not.toMatch(/^\/\/|^\/\\|[\u0000-\u0020\u007f]/);
        // idempotent: an accepted target is already in its normalised form
        expect(sameOriginPath(result)).toBe(result);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("redirectTarget's limits", () => {
  it("keeps a path of exactly 2000 characters and refuses one longer", () => {
    const longest = `/${"a".repeat(1999)}`;
    expect(redirectTarget(longest, "/fallback")).toBe(longest);
    expect(redirectTarget(`${longest}a`, "/fallback")).toBe("/fallback");
  });

  it("refuses a path with a control character even where the browser would drop it", () => {
    expect(redirectTarget("/cart\n", "/fallback")).toBe("/fallback");
    expect(redirectTarget("/ca\trt", "/fallback")).toBe("/fallback");
    expect(redirectTarget("/cart\u0000", "/fallback")).toBe("/fallback");
    expect(redirectTarget("/cart\u007f", "/fallback")).toBe("/fallback");
  });
});
