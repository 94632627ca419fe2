/**
 * public/robots.txt (served by server.mjs as a static file): only known directives, so crawlers and
 * Lighthouse's robots-txt audit accept it, and the catalog pages and the cart stay crawlable.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const text = readFileSync("public/robots.txt", "utf8");
const lines = text
  .split("\n")
  .map((l) => l.replace(/#.*/, "").trim())
  .filter(Boolean);

describe("robots.txt", () => {
  it("has only known directives, for every user agent", () => {
    for (const line of lines) expect(line).toMatch(/^(user-agent|allow|disallow|sitemap):\s*\S/i);
    expect(lines[0]).toBe("User-agent: *");
  });

  it("keeps the pages customers find by search crawlable and blocks the JSON and demo endpoints", () => {
    const disallowed = lines.filter((l) => /^disallow:/i.test(l)).map((l) => l.replace(/^disallow:\s*/i, ""));
    const blocked = (path: string) => disallowed.some((prefix) => prefix && path.startsWith(prefix));
    for (const path of [
      "/",
      "/menus/501",
      "/menus/501/positions/10001",
      "/promotions",
      "/promotions/301",
      "/restos/173",
      "/cart",
      "/terms-of-sale",
    ]) {
      expect(blocked(path), path).toBe(false);
    }
    for (const path of ["/api/address/suggest", "/_demo/stats", "/checkout/abc"]) expect(blocked(path), path).toBe(true);
  });
});
