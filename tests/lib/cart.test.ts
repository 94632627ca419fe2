import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deliveryRuleSchema, modifierItemSchema, positionSchema, type ModifierGroup } from "~/lib/model";
import { orderTotal } from "~/lib/thresholds";
import {
  addLine,
  type CartLine,
  cartCount,
  type CatalogLookup,
  clearCart,
  lineKey,
  normalizeModifiers,
  parseCart,
  priceLines,
  removeLine,
  sameModifiers,
  setCount,
  validateModifierChoice,
} from "~/lib/cart";
import { CART_MAX_COUNT, CART_MAX_LINES, CART_MAX_MODIFIERS } from "~/lib/constants";

const cheese = { modifierGroupId: 10, itemId: 101, count: 1 };
const bacon = { modifierGroupId: 10, itemId: 102, count: 2 };
const sauce = { modifierGroupId: 20, itemId: 201, count: 1 };
const line = (positionId: number, modifiers = [] as CartLine["modifiers"], count = 1, menuId = 1): CartLine => ({
  positionId,
  menuId,
  count,
  modifiers,
});

describe("sameModifiers / lineKey", () => {
  it("compares by full content regardless of order", () => {
    expect(sameModifiers([cheese, sauce], [sauce, cheese])).toBe(true);
    expect(sameModifiers([], [])).toBe(true);
    expect(sameModifiers(undefined, [])).toBe(true);
    expect(sameModifiers([cheese], [{ ...cheese, count: 2 }])).toBe(false);
    expect(sameModifiers([cheese], [cheese, sauce])).toBe(false);
    expect(sameModifiers([cheese], [{ ...cheese, modifierGroupId: 11 }])).toBe(false);
  });

  it("treats duplicate entries as their sum and drops zero counts", () => {
    expect(sameModifiers([cheese, cheese], [{ ...cheese, count: 2 }])).toBe(true);
    expect(sameModifiers([cheese, { ...sauce, count: 0 }], [cheese])).toBe(true);
    expect(normalizeModifiers([sauce, bacon, cheese])).toEqual([cheese, bacon, sauce]);
  });

  it("gives a stable key of position, menu and modifiers", () => {
    expect(lineKey(line(5))).toBe("5:1");
    expect(lineKey(line(5, [sauce, cheese]))).toBe("5:1:10.101x1,20.201x1");
    expect(lineKey(line(5, [cheese, sauce], 7))).toBe(lineKey(line(5, [sauce, cheese], 1)));
    expect(lineKey(line(5, [], 1, 2))).not.toBe(lineKey(line(5)));
  });

  it("equal keys ⇔ same identity (property)", () => {
    const mod = fc.record({
      modifierGroupId: fc.integer({ min: 1, max: 3 }),
      itemId: fc.integer({ min: 1, max: 3 }),
      count: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(mod, { maxLength: 4 }), fc.array(mod, { maxLength: 4 }), (a, b) => {
        expect(lineKey(line(1, a)) === lineKey(line(1, b))).toBe(sameModifiers(a, b));
        expect(sameModifiers(a, [...a].reverse())).toBe(true);
      }),
    );
  });
});

describe("addLine (spec §4)", () => {
  it("appends a new line with count 1 by default", () => {
    const { cart, issue } = addLine([], { positionId: 5, menuId: 1 });
    expect(issue).toBeNull();
    expect(cart).toEqual([line(5)]);
  });

  it("increases the count of an identical line (same modifiers in another order)", () => {
    let { cart } = addLine([], line(5, [cheese, sauce], 2));
    ({ cart } = addLine(cart, line(5, [sauce, cheese], 3)));
    expect(cart).toHaveLength(1);
    expect(cart[0]!.count).toBe(5);
  });

  it("appends when modifiers, menu or position differ", () => {
    let { cart } = addLine([], line(5, [cheese]));
    ({ cart } = addLine(cart, line(5, [bacon])));
    ({ cart } = addLine(cart, line(5, [cheese], 1, 2)));
    ({ cart } = addLine(cart, line(6, [cheese])));
    expect(cart).toHaveLength(4);
  });

  it("does not mutate the input", () => {
    const before = [line(5)];
    const frozen = Object.freeze(before.map((l) => Object.freeze(l)));
    const { cart } = addLine(frozen, line(5));
    expect(cart[0]!.count).toBe(2);
    expect(frozen[0]!.count).toBe(1);
  });

  it("caps the count at CART_MAX_COUNT", () => {
    const { cart, issue } = addLine([line(5, [], CART_MAX_COUNT - 1)], line(5, [], 5));
    expect(issue).toBe("count-capped");
    expect(cart[0]!.count).toBe(CART_MAX_COUNT);
  });

  it("refuses a new line beyond CART_MAX_LINES but still merges into an existing one", () => {
    const full = Array.from({ length: CART_MAX_LINES }, (_, i) => line(i + 1));
    expect(addLine(full, line(999))).toEqual({ cart: full, issue: "too-many-lines" });
    const merged = addLine(full, line(1));
    expect(merged.issue).toBeNull();
    expect(merged.cart[0]!.count).toBe(2);
  });

  it("refuses malformed lines", () => {
    for (const bad of [
      { positionId: 0, menuId: 1 },
      { positionId: 1.5, menuId: 1 },
      { positionId: 1, menuId: -1 },
      { positionId: 1, menuId: 1, count: 0 },
      { positionId: 1, menuId: 1, count: CART_MAX_COUNT + 1 },
      { positionId: 1, menuId: 1, modifiers: [{ modifierGroupId: 1, itemId: 1, count: 0 }] },
      {
        positionId: 1,
        menuId: 1,
        modifiers: Array.from({ length: 31 }, (_, i) => ({ modifierGroupId: 1, itemId: i + 1, count: 1 })),
      },
    ]) {
      expect(addLine([line(7)], bad)).toEqual({ cart: [line(7)], issue: "invalid-line" });
    }
  });
});

describe("setCount / removeLine / clearCart", () => {
  const cart = [line(5, [cheese], 2), line(6)];

  it("sets the count by index or key", () => {
    expect(setCount(cart, 0, 7).cart[0]!.count).toBe(7);
    expect(setCount(cart, lineKey(line(6)), 3).cart[1]!.count).toBe(3);
  });

  it("0 removes the line", () => {
    expect(setCount(cart, 0, 0)).toEqual({ cart: [line(6)], issue: null });
    expect(setCount(cart, lineKey(line(6)), -1).cart).toEqual([line(5, [cheese], 2)]);
  });

  it("caps, refuses fractions and reports unknown targets", () => {
    expect(setCount(cart, 1, 1000)).toMatchObject({ issue: "count-capped", cart: [{}, { count: CART_MAX_COUNT }] });
    expect(setCount(cart, 1, 2.5)).toEqual({ cart, issue: "invalid-line" });
    expect(setCount(cart, 2, 1)).toEqual({ cart, issue: "not-found" });
    expect(setCount(cart, -1, 1).issue).toBe("not-found");
    expect(setCount(cart, "nope", 1).issue).toBe("not-found");
  });

  it("removal matches id, menu id and modifiers", () => {
    expect(removeLine(cart, { positionId: 5, menuId: 1, modifiers: [cheese] })).toEqual([line(6)]);
    expect(removeLine(cart, { positionId: 5, menuId: 1 })).toEqual(cart); // modifiers differ
    expect(removeLine(cart, { positionId: 5, menuId: 2, modifiers: [cheese] })).toEqual(cart); // menu differs
    expect(removeLine(cart, { positionId: 6, menuId: 1, modifiers: [] })).toEqual([line(5, [cheese], 2)]);
  });

  it("clears and counts", () => {
    expect(clearCart()).toEqual([]);
    expect(cartCount(cart)).toBe(3);
    expect(cartCount([])).toBe(0);
  });
});

describe("parseCart", () => {
  it("keeps valid lines, drops junk, merges duplicates", () => {
    const parsed = parseCart([line(5, [cheese]), { positionId: "x" }, null, line(5, [cheese], 2), line(6)]);
    expect(parsed).toEqual([line(5, [cheese], 3), line(6)]);
  });

  it("gives an empty cart for non-arrays and caps the number of lines", () => {
    expect(parseCart("[]")).toEqual([]);
    expect(parseCart({ lines: [] })).toEqual([]);
    expect(parseCart(Array.from({ length: 80 }, (_, i) => line(i + 1)))).toHaveLength(CART_MAX_LINES);
  });

  it("never exceeds the guards whatever it is given (property)", () => {
    const anyLine = fc.record({
      positionId: fc.integer({ min: 1, max: 5 }),
      menuId: fc.integer({ min: 1, max: 2 }),
      count: fc.integer({ min: -5, max: 200 }),
      modifiers: fc.array(
        fc.record({
          modifierGroupId: fc.integer({ min: 1, max: 2 }),
          itemId: fc.integer({ min: 1, max: 2 }),
          count: fc.integer({ min: 1, max: 99 }),
        }),
        { maxLength: 3 },
      ),
    });
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 120 }), (raw) => {
        const cart = parseCart(raw);
        expect(cart.length).toBeLessThanOrEqual(CART_MAX_LINES);
        expect(new Set(cart.map(lineKey)).size).toBe(cart.length);
        for (const l of cart) expect(l.count >= 1 && l.count <= CART_MAX_COUNT).toBe(true);
      }),
    );
  });
});

describe("priceLines", () => {
  const groups: ModifierGroup[] = [
    {
      id: 10,
      modifierId: 1000,
      minCount: 0,
      maxCount: 3,
      name: "Добавки",
      nameUi: null,
      items: [
        { id: 101, name: "Сыр", price: 5000 },
        { id: 102, name: "Бекон", price: 7000 },
      ],
    },
    {
      id: 20,
      modifierId: 2000,
      minCount: 1,
      maxCount: 1,
      name: "Соус",
      nameUi: "Выберите соус",
      items: [{ id: 201, name: "Кетчуп", price: 0 }],
    },
  ];
  const catalog: CatalogLookup = {
    position: (id, menuId) =>
      menuId !== 1
        ? undefined
        : ({ 5: { id: 5, name: "Бургер", price: 35050 }, 6: { id: 6, name: "Чай", price: 10000 } } as const)[id as 5 | 6],
    modifierGroups: (id) => (id === 5 ? groups : undefined),
  };

  it("prices position + modifier items × counts, times the line count", () => {
    const priced = priceLines([line(5, [cheese, bacon, sauce], 2), line(6, [], 3)], catalog);
    const burger = priced.lines[0]!;
    expect(burger.positionPrice).toBe(35050);
    expect(burger.unitPrice).toBe(35050 + 5000 + 2 * 7000 + 0);
    expect(burger.sum).toBe(2 * 54050);
    expect(burger.modifiers.map((m) => [m.name, m.modifierId, m.sum])).toEqual([
      ["Сыр", 1000, 5000],
      ["Бекон", 1000, 14000],
      ["Кетчуп", 2000, 0],
    ]);
    expect(priced.lines[1]).toMatchObject({ name: "Чай", unitPrice: 10000, sum: 30000, key: "6:1" });
    expect(priced.total).toBe(108100 + 30000);
    expect(priced.count).toBe(5);
    expect(priced.dropped).toEqual([]);
  });

  it("drops lines whose position or modifier item disappeared", () => {
    const cart = [
      line(5, [cheese]),
      line(99),
      line(5, [], 1, 2),
      line(5, [{ modifierGroupId: 10, itemId: 999, count: 1 }]),
      line(6, [cheese]),
      line(6),
    ];
    const priced = priceLines(cart, catalog);
    expect(priced.dropped.map((d) => [d.index, d.reason])).toEqual([
      [1, "position-missing"],
      [2, "position-missing"],
      [3, "modifier-missing"],
      [4, "modifier-missing"],
    ]);
    expect(priced.lines.map((l) => l.index)).toEqual([0, 5]);
    expect(priced.total).toBe(40050 + 10000);
  });

  it("an empty cart costs nothing", () => {
    expect(priceLines([], catalog)).toEqual({ lines: [], dropped: [], total: 0, count: 0 });
  });
});

describe("prices the upstream may send (issue 19) never break a cart's sums", () => {
  // any price the model's schemas accept: a position, a modifier item and a delivery price at the limits of a cart
  const accepted = (schema: { safeParse(value: unknown): { success: boolean } }, field: string) =>
    fc
      .oneof(fc.nat({ max: 100_000 }), fc.maxSafeNat(), fc.constantFrom(2 ** 53, 1e15, 1e21, 99_999_999, 100_000_000, 100_000_001))
      .filter((price) => schema.safeParse({ ...SAMPLE[field], price, deliveryPrice: price }).success);
  const SAMPLE: Record<string, Record<string, unknown>> = {
    position: { id: 1, menu: { id: 1 }, positionGroup: null, name: "p" },
    item: { id: 1, name: "i" },
    rule: { time: 30, minOrderPrice: 0, maxOrderPrice: null },
  };

  it("a full cart of the most expensive accepted positions and modifiers has a safe total, delivery included", () => {
    fc.assert(
      fc.property(
        accepted(positionSchema, "position"),
        accepted(modifierItemSchema, "item"),
        accepted(deliveryRuleSchema, "rule"),
        (price, itemPrice, deliveryPrice) => {
          const items = Array.from({ length: CART_MAX_MODIFIERS }, (_, i) => ({ id: 100 + i, name: `m${i}`, price: itemPrice }));
          const lookup: CatalogLookup = {
            position: (id) => ({ id, name: `p${id}`, price }),
            modifierGroups: () => [{ id: 9, modifierId: 90, name: "g", items }],
          };
          const modifiers = items.map((item) => ({ modifierGroupId: 9, itemId: item.id, count: CART_MAX_COUNT }));
          const cart: CartLine[] = Array.from({ length: CART_MAX_LINES }, (_, i) => ({ positionId: i + 1, menuId: 1, count: CART_MAX_COUNT, modifiers }));
          const priced = priceLines(cart, lookup);
          expect(priced.lines).toHaveLength(CART_MAX_LINES);
          expect(Number.isSafeInteger(orderTotal({ itemsTotal: priced.total, deliveryPrice, method: "DELIVERY" }))).toBe(true);
        },
      ),
    );
  });
});

describe("validateModifierChoice", () => {
  const groups = [
    {
      id: 1,
      name: "Соус",
      nameUi: "Выберите соус",
      minCount: 1,
      maxCount: 1,
      items: [
        { id: 11, name: "a", price: 0 },
        { id: 12, name: "b", price: 0 },
      ],
    },
    { id: 2, name: "Добавки", nameUi: null, minCount: 0, maxCount: 3, items: [{ id: 21, name: "c", price: 100 }] },
    { id: 3, name: "Без лимита", nameUi: null, minCount: 0, maxCount: 0, items: [{ id: 31, name: "d", price: 100 }] },
  ];

  it("passes at the exact bounds", () => {
    expect(
      validateModifierChoice(groups, [
        { modifierGroupId: 1, itemId: 11, count: 1 },
        { modifierGroupId: 2, itemId: 21, count: 3 },
      ]),
    ).toEqual([]);
  });

  it("reports min with the numbers", () => {
    expect(validateModifierChoice(groups, [])).toEqual([{ groupId: 1, name: "Выберите соус", kind: "min", min: 1, actual: 0 }]);
  });

  it("reports max with the numbers, summing counts across items", () => {
    const errors = validateModifierChoice(groups, [
      { modifierGroupId: 1, itemId: 11, count: 1 },
      { modifierGroupId: 1, itemId: 12, count: 1 },
      { modifierGroupId: 2, itemId: 21, count: 4 },
    ]);
    expect(errors).toEqual([
      { groupId: 1, name: "Выберите соус", kind: "max", max: 1, actual: 2 },
      { groupId: 2, name: "Добавки", kind: "max", max: 3, actual: 4 },
    ]);
  });

  it("maxCount 0 means no upper limit", () => {
    expect(
      validateModifierChoice(groups, [
        { modifierGroupId: 1, itemId: 11, count: 1 },
        { modifierGroupId: 3, itemId: 31, count: 50 },
      ]),
    ).toEqual([]);
  });

  it("reports unknown groups, unknown items and bad counts", () => {
    const errors = validateModifierChoice(groups, [
      { modifierGroupId: 1, itemId: 11, count: 1 },
      { modifierGroupId: 9, itemId: 91, count: 1 },
      { modifierGroupId: 2, itemId: 99, count: 1 },
      { modifierGroupId: 2, itemId: 21, count: 0 },
    ]);
    expect(errors).toEqual([
      { groupId: 9, name: null, kind: "invalid", itemId: 91 },
      { groupId: 2, name: "Добавки", kind: "invalid", itemId: 99 },
      { groupId: 2, name: "Добавки", kind: "invalid", itemId: 21 },
    ]);
  });
});
