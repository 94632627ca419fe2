import { describe, expect, it } from "vitest";
import type { CartLine } from "~/lib/cart";
import { checkLines, decodeSharedCart, encodeSharedCart, type ReorderLookup } from "~/lib/reorder";

const lines: CartLine[] = [
  { positionId: 7, menuId: 501, count: 2, modifiers: [] },
  { positionId: 9, menuId: 501, count: 1, modifiers: [{ modifierGroupId: 3, itemId: 12, count: 1 }, { modifierGroupId: 3, itemId: 11, count: 2 }] },
];

describe("shared cart code", () => {
  it("round-trips lines, restaurant and city with URL-safe characters only, and no prices", () => {
    const code = encodeSharedCart({ restoId: 173, cityId: 115, lines });
    expect(code).toBe("r173.115~501.7.2~501.9.1.3-11-2_3-12-1");
    expect(code).toMatch(/^[\w.~-]+$/);
    expect(decodeSharedCart(code)).toEqual({ restoId: 173, cityId: 115, lines: [lines[0], { ...lines[1], modifiers: [{ modifierGroupId: 3, itemId: 11, count: 2 }, { modifierGroupId: 3, itemId: 12, count: 1 }] }] });
  });

  it.each([
    ["empty", ""],
    ["no lines", "r173.115"],
    ["no city", "r173~501.7.2"],
    ["zero count", "r173.115~501.7.0"],
    ["count over 99", "r173.115~501.7.100"],
    ["letters", "r173.115~501.x.2"],
    ["script", "r173.115~501.7.2<script>"],
    ["trailing junk", "r173.115~501.7.2~"],
    ["zero modifier count", "r173.115~501.7.2.3-11-0"],
    ["51 lines", `r1.1${"~1.1.1".repeat(51)}`],
    ["huge", `r1.1~${"1".repeat(5000)}`],
  ])("refuses a code with %s as a whole (never a partial cart)", (_, code) => {
    expect(decodeSharedCart(code)).toBeNull();
  });
});

describe("checking lines against today's catalog", () => {
  const lookup = (over: Partial<ReorderLookup> = {}): ReorderLookup => ({
    position: (id) => (id === 7 ? { id: 7, name: "Маргарита", price: 45_000 } : id === 9 ? { id: 9, name: "Пепперони", price: 52_000 } : null),
    modifierGroups: (id) =>
      id === 9
        ? [{ id: 3, modifierId: 30, name: "Добавки", nameUi: null, minCount: 0, maxCount: 5, items: [{ id: 11, name: "Сыр", price: 5_000 }, { id: 12, name: "Халапеньо", price: 4_000 }] as never }]
        : [],
    orderable: () => true,
    ...over,
  });

  it("prices every line today", () => {
    const checked = checkLines(lines, lookup());
    expect(checked.leftOut).toEqual([]);
    expect(checked.lines.map((l) => [l.name, l.unitPrice, l.sum])).toEqual([
      ["Маргарита", 45_000, 90_000],
      ["Пепперони", 66_000, 66_000],
    ]);
  });

  it("leaves out a position no longer sold, named from the remembered line", () => {
    const checked = checkLines([{ ...lines[0]!, positionId: 8, name: "Гавайская" }], lookup());
    expect(checked.lines).toEqual([]);
    expect(checked.leftOut).toEqual([{ line: { ...lines[0]!, positionId: 8, name: "Гавайская" }, name: "Гавайская", reason: "gone" }]);
  });

  it("drops a line whose modifier no longer exists, and one that breaks today's limits", () => {
    const gone = checkLines([{ ...lines[1]!, modifiers: [{ modifierGroupId: 3, itemId: 99, count: 1 }] }], lookup());
    expect(gone.leftOut.map((l) => [l.name, l.reason])).toEqual([["Пепперони", "modifier-gone"]]);
    const tooMany = checkLines([lines[1]!], lookup({ modifierGroups: () => [{ id: 3, modifierId: 30, name: "Добавки", nameUi: null, minCount: 0, maxCount: 1, items: [{ id: 11, name: "Сыр", price: 5_000 }, { id: 12, name: "Халапеньо", price: 4_000 }] as never }] }));
    expect(tooMany.leftOut.map((l) => l.reason)).toEqual(["modifier-gone"]);
  });

  it("leaves out what cannot be ordered now (time slots, an unconfirmed 18+ section)", () => {
    const checked = checkLines(lines, lookup({ orderable: (id) => id !== 7 }));
    expect(checked.leftOut.map((l) => [l.name, l.reason])).toEqual([["Маргарита", "unavailable"]]);
    expect(checked.lines).toHaveLength(1);
  });
});
