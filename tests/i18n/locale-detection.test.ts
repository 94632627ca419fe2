// The language of a first visit (ADR 222): the saved choice, else the best language the browser's Accept-Language
// accepts among the brand's offered ones, else the brand's default.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createLocaleDetector } from "~/i18n/locale.server";
import { contextOf } from "../context";

const both = createLocaleDetector({ locales: { offered: ["ru", "en"], default: "ru" } });
const englishFirst = createLocaleDetector({ locales: { offered: ["en", "ru"], default: "en" } });
const onlyRussian = createLocaleDetector({ locales: { offered: ["ru"], default: "ru" } });

const request = (acceptLanguage?: string) =>
  new Request("http://localhost/", { headers: acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage } });

describe("the locale of a request", () => {
  it.each([
    // browsers list a language the brand does not offer first; the next one they accept is offered
    ["de-DE,de;q=0.9,en;q=0.8", "en"],
    ["de, en;q=0.5", "en"],
    ["fr, en-GB;q=0.8", "en"],
    ["zh-Hant-TW,en;q=0.5", "en"],
    ["uk, ru;q=0.9, en;q=0.8", "ru"],
    ["uk, en;q=0.9, ru;q=0.8", "en"],
    // the order of preference is the q-values', not the header's
    ["ru;q=0.3, en;q=0.7", "en"],
    ["en-US,en;q=0.9", "en"],
    ["EN", "en"],
    // q=0 is "not acceptable": never the chosen language
    ["en;q=0, ru;q=0", "ru"],
    ["en;q=0, *", "ru"],
    ["ru;q=0, en;q=0.1", "en"],
    // nothing offered is accepted, or nothing readable: the brand's default
    ["de, fr;q=0.5", "ru"],
    ["*", "ru"],
    ["", "ru"],
    [";;;,,,", "ru"],
    ["*;q=1e999, en;q=NaN, ru;q=-1", "ru"],
    [undefined, "ru"],
  ])("Accept-Language %j on a brand offering ru and en (default ru): %s", async (header, expected) => {
    expect(await both.detect(request(header), undefined)).toBe(expected);
  });

  it("the brand's default is its own: English where the brand says so", async () => {
    expect(await englishFirst.detect(request("de, fr;q=0.5"), undefined)).toBe("en");
    expect(await englishFirst.detect(request("de, ru;q=0.5"), undefined)).toBe("ru");
    expect(await englishFirst.detect(request("*"), undefined)).toBe("en");
  });

  it("a language the brand does not offer is never chosen, not even when the browser asks only for it", async () => {
    expect(await onlyRussian.detect(request("en-GB, en;q=0.9"), undefined)).toBe("ru");
    expect(await onlyRussian.detect(request("de"), "en")).toBe("ru");
  });

  it("the customer's saved choice wins over the browser's languages", async () => {
    expect(await both.detect(request("ru"), "en")).toBe("en");
    expect(await both.detect(request("de-DE,de;q=0.9,en;q=0.8"), "ru")).toBe("ru");
    // an unknown saved value is ignored
    expect(await both.detect(request("de-DE,de;q=0.9,en;q=0.8"), "me")).toBe("en");
  });
});

describe("a request's context (the demo brand: ru and en, default ru)", () => {
  it("a German browser that also reads English gets the pages and the server's messages in English", async () => {
    const rc = await contextOf(new Request("http://localhost/", { headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.8" } }));
    expect(rc.locale).toBe("en");
    expect(rc.t("cart.title")).toBe("Cart");
    const russian = await contextOf(new Request("http://localhost/", { headers: { "accept-language": "de-DE,de;q=0.9" } }));
    expect(russian.locale).toBe("ru");
  });
});

/**
 * Generated headers against an oracle written from RFC 9110 §12.5.4 and RFC 4647's lookup: an offered language's
 * quality is the q of the most specific range that names it (the language itself, then a longer tag of it such as
 * en-GB, then `*`); the chosen language has the highest quality above 0, the default when none has one.
 */
const TAGS = ["ru", "RU", "ru-RU", "en", "En", "en-GB", "en-US", "de", "de-DE", "uk", "fr", "zh-Hant-TW", "*"];
const entry = fc.record({
  tag: fc.constantFrom(...TAGS),
  q: fc.option(
    fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
    { nil: undefined },
  ),
  space: fc.constantFrom("", " "),
});

function oracleQuality(entries: { tag: string; q: number | undefined }[], language: string): number {
  const specificity = (tag: string) => {
    const lower = tag.toLowerCase();
    if (lower === language) return 3;
    if (lower.split("-")[0] === language) return 2;
    return tag === "*" ? 1 : 0;
  };
  const best = Math.max(0, ...entries.map((e) => specificity(e.tag)));
  if (best === 0) return 0;
  return Math.max(...entries.filter((e) => specificity(e.tag) === best).map((e) => e.q ?? 1));
}

describe("generated Accept-Language headers", () => {
  it("the chosen language is the offered one the browser accepts most; none accepted gives the default", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 8 }), async (entries) => {
        const header = entries.map((e) => `${e.tag}${e.q === undefined ? "" : `;q=${e.q}`}`).join(`,${entries[0]?.space ?? ""}`);
        const chosen = await both.detect(request(header), undefined);
        const quality = { ru: oracleQuality(entries, "ru"), en: oracleQuality(entries, "en") };
        const best = Math.max(quality.ru, quality.en);
        if (best === 0) expect(chosen, header).toBe("ru");
        else expect(quality[chosen], `${header}: ru ${quality.ru}, en ${quality.en}`).toBe(best);
      }),
      { numRuns: 500 },
    );
  });
});
