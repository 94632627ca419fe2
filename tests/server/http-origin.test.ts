import { describe, expect, it } from "vitest";
// plain ESM shared with server.mjs (node runs it without a build)
import { alignForRouter, mayPost, siteOrigin } from "../../server/http-origin.mjs";

describe("siteOrigin (issue 14 §8, ADR 077)", () => {
  it("is PUBLIC_ORIGIN when set, whatever Host a proxy sent", () => {
    expect(siteOrigin({ publicOrigin: "https://order.example.com/", protocol: "http", host: "localhost:3000" })).toBe("https://order.example.com");
    expect(siteOrigin({ publicOrigin: "https://order.example.com:443", protocol: "http", host: null })).toBe("https://order.example.com");
  });
  it("is the scheme and host of the request otherwise", () => {
    expect(siteOrigin({ protocol: "http", host: "localhost:3500" })).toBe("http://localhost:3500");
    expect(siteOrigin({ protocol: "https", host: "shop.example:443" })).toBe("https://shop.example");
    expect(siteOrigin({ protocol: "http", host: "[::1]:3000" })).toBe("http://[::1]:3000");
  });
  it("does not take a Host header that is not a host", () => {
    for (const host of ["evil.example/x", "user@evil.example", "", null, "a b", "evil.example?x"]) {
      expect(siteOrigin({ protocol: "http", host })).toBe("http://localhost");
    }
  });
});

describe("mayPost", () => {
  const site = "https://order.example.com";
  it.each([
    [{ origin: site }, true],
    [{ origin: site, secFetchSite: "same-origin" }, true],
    [{ origin: undefined }, true],
    [{ origin: null, secFetchSite: "same-origin" }, true],
    [{ origin: "null", secFetchSite: "same-origin" }, true],
    [{ origin: "null" }, false],
    [{ origin: "null", secFetchSite: "cross-site" }, false],
    [{ origin: "null", secFetchSite: "same-site" }, false],
    [{ origin: "https://evil.example" }, false],
    [{ origin: "http://order.example.com" }, false],
    [{ origin: "https://order.example.com.evil.example" }, false],
    [{ origin: site, secFetchSite: "cross-site" }, false],
    [{ origin: undefined, secFetchSite: "cross-site" }, false],
  ])("%j → %s", (headers, expected) => {
    expect(mayPost({ ...headers, site })).toBe(expected);
  });
});

describe("alignForRouter", () => {
  it("makes React Router's own check compare with the site's host, and drops an accepted Origin: null", () => {
    const headers = alignForRouter(new Headers({ host: "localhost:3000", origin: "null", "x-forwarded-host": "evil.example" }), "https://order.example.com");
    expect(headers.get("x-forwarded-host")).toBe("order.example.com");
    expect(headers.has("origin")).toBe(false);
    const kept = alignForRouter(new Headers({ origin: "https://order.example.com" }), "https://order.example.com");
    expect(kept.get("origin")).toBe("https://order.example.com");
  });
});
