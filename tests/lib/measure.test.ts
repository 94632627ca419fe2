import { describe, expect, it } from "vitest";
import { formatMeasure, formatMeasureValue, isExtendedCooking, measureUnitKey, type MeasureTranslate } from "~/lib/measure";

/** The unit texts as the locales hold them under menu.units (kept here so the test owns its fixture). */
const ru = { menu: { units: { g: "{{value}} г", pc: "{{value}} шт", ml: "{{value}} мл", cm: "{{value}} см" } } };
const en = { menu: { units: { g: "{{value}} g", pc: "{{value}} pcs", ml: "{{value}} ml", cm: "{{value}} cm" } } };

/** A tiny i18next-like t. */
function tFor(messages: { menu: { units: Record<string, string> } }): MeasureTranslate {
  return (key, { value }) => {
    const unit = key.replace("menu.units.", "");
    return (messages.menu.units[unit] ?? key).replace("{{value}}", value);
  };
}

describe("formatMeasure", () => {
  it("uses the unit keys g / pc / ml / cm", () => {
    expect(measureUnitKey("g")).toBe("menu.units.g");
    expect(measureUnitKey("cm")).toBe("menu.units.cm");
  });

  it("formats with the locale's units and decimals", () => {
    const t = tFor(ru);
    expect(formatMeasure({ value: 250, unit: "g" }, t)).toBe("250 г");
    expect(formatMeasure({ value: 2, unit: "pc" }, t)).toBe("2 шт");
    expect(formatMeasure({ value: 0.5, unit: "ml" }, t)).toBe("0,5 мл");
    expect(formatMeasure({ value: 30, unit: "cm" }, t)).toBe("30 см");
    expect(formatMeasure({ value: 0.5, unit: "ml" }, tFor(en), "en")).toBe("0.5 ml");
  });

  it("null for no measure or a nonsense value", () => {
    const t = tFor(ru);
    expect(formatMeasure(null, t)).toBeNull();
    expect(formatMeasure({ value: 0, unit: "g" }, t)).toBeNull();
    expect(formatMeasure({ value: Number.NaN, unit: "g" }, t)).toBeNull();
    expect(formatMeasure({ value: 1, unit: "<b>" }, t)).toBeNull();
    expect(formatMeasure({ value: 1, unit: "a very long unit name" }, t)).toBeNull();
  });

  it("issue 19: a unit the spec does not list is shown plainly when it is a short word", () => {
    const t = tFor(ru);
    expect(formatMeasure({ value: 0.5, unit: "kg" }, t)).toBe("0,5 kg");
    expect(formatMeasure({ value: 1, unit: "л" }, t)).toBe("1 л");
    expect(formatMeasure({ value: 2, unit: "порц." }, t)).toBe("2 порц.");
  });

  it("rounds to two fraction digits", () => {
    expect(formatMeasureValue(1.2345)).toBe("1,23");
    expect(formatMeasureValue(1000).replace(/\s/g, " ")).toBe("1 000");
  });
});

describe("isExtendedCooking (spec §9: above 1.5 h)", () => {
  it("strictly above 90 minutes", () => {
    expect(isExtendedCooking(90)).toBe(false);
    expect(isExtendedCooking(91)).toBe(true);
    expect(isExtendedCooking(0)).toBe(false);
    expect(isExtendedCooking(null)).toBe(false);
    expect(isExtendedCooking(undefined)).toBe(false);
  });
});
