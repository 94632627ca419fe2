// The small translator must say exactly what i18next says for every message we ship.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/i18n/translator";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

describe.each([
  ["ru", ru],
  ["en", en],
] as const)("translating %s", (locale, messages) => {
  const reference = i18next.createInstance();
  void reference.init({ lng: locale, fallbackLng: false, resources: { [locale]: { translation: messages } }, interpolation: { escapeValue: false }, initImmediate: false });
  const lite = createTranslator(locale, messages as unknown as Tree);
  const all = leaves(messages as unknown as Tree);
  const keys = [...new Set(all.map(([k]) => k.replace(/_(zero|one|two|few|many|other)$/, "")))];
  const names = [...new Set(all.flatMap(([, v]) => [...v.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!)))];
  const values = Object.fromEntries(names.map((n, i) => [n, `«${n}${i}»`]));

  it(`matches i18next for all ${keys.length} keys, with and without interpolation values`, () => {
    for (const key of keys) {
      expect(lite.t(key), key).toBe(reference.t(key));
      expect(lite.t(key, values), key).toBe(reference.t(key, values));
    }
  });

  it("matches i18next's plural choice for 0, 1, 2, 5, 11, 21, 22, 25 and 1.5", () => {
    const plural = keys.filter((k) => all.some(([key]) => key === `${k}_other`));
    expect(plural.length).toBeGreaterThan(0);
    for (const key of plural) {
      for (const count of [0, 1, 2, 5, 11, 21, 22, 25, 1.5]) {
        expect(lite.t(key, { ...values, count }), `${key} ${count}`).toBe(reference.t(key, { ...values, count }));
      }
    }
  });

  it("answers a missing key with the key, as i18next does", () => {
    expect(lite.t("no.such.key")).toBe(reference.t("no.such.key"));
  });
});
