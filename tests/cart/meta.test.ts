/** The cart page's head: its own title and the brand's description (a route's meta replaces the root's). */
import { describe, expect, it } from "vitest";
import { meta } from "~/routes/cart";

type MetaArgs = Parameters<typeof meta>[0];

describe("cart meta", () => {
  it("has the cart title with the brand and the brand's description", () => {
    const root = {
      brand: { displayName: "Демо Пицца" },
      i18n: JSON.stringify({ cart: { title: "Cart" } }),
      description: "Пицца с доставкой",
    };
    const tags = meta({
      // React Router 7 hands a match's loader data as `loaderData` (`data` is its deprecated alias)
      matches: [{ id: "root", data: root, loaderData: root }],
      data: undefined,
      loaderData: undefined,
      params: {},
      location: {},
    } as unknown as MetaArgs);
    expect(tags).toContainEqual({ title: "Cart — Демо Пицца" });
    expect(tags).toContainEqual({ name: "description", content: "Пицца с доставкой" });
  });
});
