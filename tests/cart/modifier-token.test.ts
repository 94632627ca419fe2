import { describe, expect, it } from "vitest";
import { formatModifierToken, modifierTokensSchema, parseModifierToken } from "~/lib/cart";
import { CART_MAX_COUNT, CART_MAX_MODIFIERS } from "~/lib/constants";

describe("modifier token g:i:c (one parser for the cart action, the position layer and its form)", () => {
  it("parses a token into a cart modifier and formats it back", () => {
    const m = parseModifierToken("100011:102:2");
    expect(m).toEqual({ modifierGroupId: 100011, itemId: 102, count: 2 });
    expect(formatModifierToken(m!)).toBe("100011:102:2");
  });

  it("takes counts up to the cart's limit and no further", () => {
    expect(parseModifierToken(`1:2:${CART_MAX_COUNT}`)?.count).toBe(CART_MAX_COUNT);
    expect(parseModifierToken(`1:2:${CART_MAX_COUNT + 1}`)).toBeNull();
  });

  it.each(["", "1:2", "1:2:0", "0:2:1", "1:0:1", "a:b:c", "1:2:3:4", "-1:2:1", "1:2:1 ", "9999999999999999:1:1"])(
    "refuses %j",
    (raw) => expect(parseModifierToken(raw)).toBeNull(),
  );

  it("bounds the number of tokens of one form", () => {
    const many = Array.from({ length: CART_MAX_MODIFIERS + 1 }, (_, i) => `1:${i + 1}:1`);
    expect(modifierTokensSchema.safeParse(many.slice(0, CART_MAX_MODIFIERS)).success).toBe(true);
    expect(modifierTokensSchema.safeParse(many).success).toBe(false);
  });
});
