// The cart's add-on suggestions (issue 39, ADR 185) through the /cart loader and action, against the upstream twin:
// the demo brand's rules over resto 173's menus, and a brand whose rules hit every reason to skip a position.
import { TAKEAWAY_173, DELIVERY_173, cookieWith, get, nextCookie, post, withUpstream } from "../checkout/helpers";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/cart";
import { answerOf } from "../answer";
import { tempFolders } from "../temp-folders";
import type { CartPageView } from "~/features/cart/cart-page.server";
import type { StorefrontState } from "~server/session";
import { contextOf, routeArgs, servicesWith } from "../context";
import type { Services } from "~server/services";

withUpstream();

const SOUP = { positionId: 10031, menuId: 501, count: 1, modifiers: [] };

async function view(cookie: string, services?: Services): Promise<CartPageView> {
  return (await answerOf(await loader(await routeArgs(get("/cart", cookie), {}, { services })))).body as unknown as CartPageView;
}
async function act(cookie: string, fields: Record<string, string>) {
  return (await action(await routeArgs(post("/cart", cookie, fields)))) as Response;
}
const names = (v: CartPageView) => v.addOns.map((a) => a.name);

describe("the demo brand's add-ons", () => {
  it("a cart with a soup: a drink, a dessert and a sauce, the first of each, with the position's own price", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: [SOUP] });
    const v = await view(cookie);
    expect(v.addOns).toEqual([
      { positionId: 10074, menuId: 501, name: "Морс клюквенный", price: 19000, photo: expect.any(String) },
      { positionId: 10066, menuId: 501, name: "Чизкейк Нью-Йорк", price: 35000, photo: expect.any(String) },
      // ungrouped positions have no photo in the demo catalog: the placeholder
      { positionId: 10082, menuId: 501, name: "Соевый соус", price: 4000, photo: null },
    ]);
  });

  it("one tap adds it through the cart's add action (303 to /cart, or JSON for a fetcher); the next rule takes its place", async () => {
    let cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: [SOUP] });
    const res = await act(cookie, { intent: "add", positionId: "10074", menuId: "501" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/cart");
    cookie = nextCookie(cookie, res);
    const v = await view(cookie);
    expect(v.lines.map((l) => l.name)).toEqual(["Борщ", "Морс клюквенный"]);
    expect(names(v)).toEqual(["Чизкейк Нью-Йорк", "Соевый соус", "Цезарь с курицей"]);

    const js = await answerOf(await act(cookie, { intent: "add", positionId: "10066", menuId: "501", js: "1" }));
    expect(js.status).toBe(200);
    expect(js.body).toEqual({ ok: true, intent: "add" });
  });

  it("an empty cart suggests nothing; a cart with something of every rule's groups neither", async () => {
    expect((await view(await cookieWith({ ...TAKEAWAY_173, cart_positions: [] }))).addOns).toEqual([]);
    const full = [10075, 10070, 10085, 10040].map((positionId) => ({ positionId, menuId: 501, count: 1, modifiers: [] }));
    expect((await view(await cookieWith({ ...TAKEAWAY_173, cart_positions: full }))).addOns).toEqual([]);
  });
});

describe("what is never suggested", () => {
  const dir = tempFolders("add-ons-")();
  const brand = JSON.parse(readFileSync("brands/demo.json", "utf8")) as Record<string, unknown>;
  const file = join(dir, "brand.json");
  writeFileSync(
    file,
    JSON.stringify({
      ...brand,
      addOns: {
        rules: [
          // every pizza needs its size chosen; the beer is 18+
          { groupIds: [50101, 50201] },
          // rolls have optional sauces only: added without them
          { groupIds: [50102] },
          // the bakery menu is takeaway only
          { groupIds: [50301] },
        ],
        max: 6,
      },
    }),
  );
  const services = servicesWith({ BRAND_CONFIG: file });

  async function cookieOf(state: Partial<StorefrontState>, adult = false): Promise<string> {
    const { session } = await contextOf(new Request("http://localhost/"), { services });
    Object.assign(await session.get("storefront"), state);
    if (adult) (await session.get("prefs")).person_adulthood_confirmed = true;
    return (await session.commitHeaders())
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  it("positions with a required choice, 18+ ones before the age is confirmed, menus the method cannot order from", async () => {
    expect(names(await view(await cookieOf({ ...TAKEAWAY_173, cart_positions: [SOUP] }), services))).toEqual(["Филадельфия", "Круассан"]);
    expect(names(await view(await cookieOf({ ...DELIVERY_173, cart_positions: [SOUP] }), services))).toEqual(["Филадельфия"]);
    expect(names(await view(await cookieOf({ ...TAKEAWAY_173, cart_positions: [SOUP] }, true), services))).toEqual([
      "Жигулёвское",
      "Филадельфия",
      "Круассан",
    ]);
  });

  it("a position with only optional modifiers is added without them", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: [SOUP] });
    const res = await act(cookie, { intent: "add", positionId: "10017", menuId: "501" });
    expect(res.status).toBe(303);
    const lines = (await view(nextCookie(cookie, res))).lines;
    expect(lines.map((l) => [l.name, l.modifiers.length])).toEqual([
      ["Борщ", 0],
      ["Филадельфия", 0],
    ]);
  });
});
