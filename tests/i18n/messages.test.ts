/** Messages travel as one JSON string (ADR 112): parsed once, read by meta. */
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/i18n/translator";
import { metaText, parseMessages } from "~/i18n/messages";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";

describe("messages as one string", () => {
  it("translates every locale exactly as the object it was serialised from", () => {
    for (const messages of [ru, en]) {
      const fromString = createTranslator("ru", parseMessages(JSON.stringify(messages)));
      const fromObject = createTranslator("ru", messages as never);
      expect(fromString.t("menu.addToCart")).toBe(fromObject.t("menu.addToCart"));
      expect(fromString.t("app.skipToContent")).toBe(fromObject.t("app.skipToContent"));
      expect(fromString.t("app.skipToContent")).not.toBe("app.skipToContent");
    }
  });

  it("parses a string once: the same string gives the same tree", () => {
    const json = JSON.stringify({ a: { b: "c" } });
    const first = parseMessages(json);
    expect(parseMessages(`${json}`)).toBe(first);
    expect(first).toEqual({ a: { b: "c" } });
  });

  it("answers bad or missing input with an empty tree, never a throw", () => {
    expect(parseMessages(undefined)).toEqual({});
    expect(parseMessages("{not json")).toEqual({});
    expect(parseMessages('"a string"')).toEqual({});
  });

  it("gives meta a message of any match, or the fallback", () => {
    const matches = [{ id: "root", loaderData: { i18n: JSON.stringify({ cart: { title: "Cart" } }) } }, { id: "page", loaderData: {} }];
    expect(metaText(matches, "cart.title", "Корзина")).toBe("Cart");
    expect(metaText(matches, "cart.title.deeper", "Корзина")).toBe("Корзина");
    expect(metaText(matches, "checkout.successTitle", "Заказ оформлен")).toBe("Заказ оформлен");
    expect(metaText([], "cart.title", "Корзина")).toBe("Корзина");
  });

  it("gives meta a route's own message over the shell's (ADR 122)", () => {
    const matches = [
      { id: "root", loaderData: { i18n: JSON.stringify({ app: { name: "Shop" }, auth: { signOut: "Out" } }) } },
      { id: "routes/cart", loaderData: { i18n: JSON.stringify({ cart: { title: "Cart" } }) } },
      { id: "routes/cart.x", loaderData: null },
    ];
    expect(metaText(matches, "cart.title", "Корзина")).toBe("Cart");
    expect(metaText(matches, "app.name", "?")).toBe("Shop");
    expect(metaText(matches, "auth.title", "Вход")).toBe("Вход");
  });
});
