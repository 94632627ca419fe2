// The /cart action and loader called directly with Requests, against the upstream twin through msw.
import { TAKEAWAY_173, DELIVERY_173, cookieWith, get, nextCookie, post, preflightFails, withUpstream } from "../checkout/helpers";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/cart";
import { checkCartValidity } from "~/features/cart/preflight.server";
import { answerOf, fieldMessages } from "../answer";
import type { CartPageView } from "~/features/cart/cart-page.server";
import { routeArgs, contextOf, services } from "../context";

withUpstream();

const MARGHERITA = { positionId: "10001", menuId: "501" };
const PEPPERONI = { positionId: "10002", menuId: "501" };

async function act(cookie: string, fields: Record<string, string | string[]>) {
  return (await action(await routeArgs(post("/cart", cookie, fields)))) as Response & {
    data?: unknown;
    init?: ResponseInit;
  };
}

async function cartOf(cookie: string) {
  return (await (await contextOf(get("/cart", cookie))).session.get("storefront")).cart_positions;
}

type CartView = CartPageView;
async function view(cookie: string): Promise<CartView> {
  return (await answerOf(await loader(await routeArgs(get("/cart", cookie))))).body as unknown as CartView;
}

describe("/cart intent=add (the catalog cards' contract)", () => {
  it("adds with modifiers, merges an identical line and 303s to redirectTo", async () => {
    let cookie = await cookieWith(TAKEAWAY_173);
    const add = { intent: "add", ...MARGHERITA, modifier: ["100011:102:1", "100012:201:2"], redirectTo: "/menus/501" };
    let res = await act(cookie, add);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/menus/501");
    cookie = nextCookie(cookie, res);
    // the same modifiers in another order: the same line, count 2
    res = await act(cookie, { ...add, modifier: ["100012:201:2", "100011:102:1"] });
    cookie = nextCookie(cookie, res);
    // another size: a new line
    res = await act(cookie, { ...add, modifier: ["100011:103:1"], count: "3" });
    cookie = nextCookie(cookie, res);
    const cart = await cartOf(cookie);
    expect(cart.map((l) => [l.positionId, l.count, l.modifiers.length])).toEqual([
      [10001, 2, 2],
      [10001, 3, 1],
    ]);
  });

  it("redirects only to same-origin paths and defaults to /cart", async () => {
    const cookie = await cookieWith(TAKEAWAY_173);
    expect(
      (
        await act(cookie, { intent: "add", ...PEPPERONI, modifier: ["100021:101:1"], redirectTo: "https://evil.example/" })
      ).headers.get("Location"),
    ).toBe("/cart");
    expect((await act(cookie, { intent: "add", ...PEPPERONI, modifier: ["100021:101:1"] })).headers.get("Location")).toBe(
      "/cart",
    );
  });

  it("answers bad input with 400 and a Russian message, keeping the cart", async () => {
    const cookie = await cookieWith({
      ...TAKEAWAY_173,
      cart_positions: [
        { positionId: 10002, menuId: 501, count: 1, modifiers: [{ modifierGroupId: 100021, itemId: 101, count: 1 }] },
      ],
    });
    const bad: Record<string, string | string[]>[] = [
      { intent: "add", positionId: "abc", menuId: "501" },
      { intent: "add", ...MARGHERITA }, // the required size is missing
      { intent: "add", ...MARGHERITA, modifier: ["1:2"] },
      { intent: "set-count", key: "nope", count: "2" },
      { intent: "bogus" },
    ];
    for (const fields of bad) {
      const res = await answerOf(await act(cookie, fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error).toBe("Не удалось выполнить запрос");
      expect(res.headers.getSetCookie().some((c) => c.startsWith("sf_state="))).toBe(false);
    }
  });
});

describe("/cart changes", () => {
  it("changes a count, removes by full modifier content and clears", async () => {
    let cookie = await cookieWith({
      ...TAKEAWAY_173,
      cart_positions: [
        { positionId: 10001, menuId: 501, count: 1, modifiers: [{ modifierGroupId: 100011, itemId: 101, count: 1 }] },
        { positionId: 10001, menuId: 501, count: 1, modifiers: [{ modifierGroupId: 100011, itemId: 102, count: 1 }] },
      ],
    });
    const v = await view(cookie);
    const [small, medium] = v.lines;
    expect(medium!.unitPrice).toBe(49000 + 15000);

    cookie = nextCookie(cookie, await act(cookie, { intent: "set-count", key: small!.key, count: "3" }));
    expect((await view(cookie)).lines[0]!.sum).toBe(49000 * 3);
    cookie = nextCookie(cookie, await act(cookie, { intent: "remove", key: medium!.key }));
    expect((await cartOf(cookie)).map((l) => l.modifiers[0]!.itemId)).toEqual([101]);
    // count 0 removes
    cookie = nextCookie(cookie, await act(cookie, { intent: "set-count", key: small!.key, count: "0" }));
    expect(await cartOf(cookie)).toEqual([]);
  });

  it("clears only on the confirmed post; ?confirm=clear renders the confirmation", async () => {
    let cookie = await cookieWith({
      ...TAKEAWAY_173,
      cart_positions: [{ positionId: 10056, menuId: 501, count: 2, modifiers: [] }],
    });
    const confirming = (await answerOf(await loader(await routeArgs(get("/cart?confirm=clear", cookie))))).body;
    expect(confirming.confirmClear).toBe(true);
    const res = await act(cookie, { intent: "clear" });
    expect(res.status).toBe(303);
    cookie = nextCookie(cookie, res);
    expect(await cartOf(cookie)).toEqual([]);
  });

  it("answers fetchers (js=1) with JSON instead of a redirect", async () => {
    const cookie = await cookieWith(TAKEAWAY_173);
    const res = await answerOf(await act(cookie, { intent: "person-count", personCount: "3", js: "1" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    expect((await (await contextOf(get("/", nextCookie(cookie, res.headers)))).session.get("storefront")).order_person_count).toBe(3);
  });
});

describe("preflight first-error rules (spec §8)", () => {
  // Сырники, 390 ₽ × 3 = 1 170 ₽: the centre zone's 1 000–2 000 ₽ threshold, delivery 149 ₽
  const withCart = { ...DELIVERY_173, cart_positions: [{ positionId: 10056, menuId: 501, count: 3, modifiers: [] }] };

  it("prices from the preflight: the DELIVERY_PRICE line, the threshold hint, the total", async () => {
    const v = await view(await cookieWith(withCart));
    expect(v.preflight).toEqual({ message: null, invalid: false, failed: false });
    expect(v.totals).toEqual({ items: 117000, discount: 0, delivery: 14900, total: 131900 });
    expect(v.threshold).toBeNull();
    expect(v.hint).toEqual({ kind: "to-free", remaining: 200000 - 117000 });
    // spec §3, §7: the matching threshold's delivery time (issue 15 §7)
    expect(v.deliveryTime).toBe(40);
  });

  it("below the lowest minimum: 'Минимальная сумма заказа'; takeaway adds no delivery", async () => {
    const below = await view(
      await cookieWith({ ...withCart, cart_positions: [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }] }),
    );
    expect(below.threshold).toEqual({ status: "below-min", amount: 50000 });
    expect(below.totals.delivery).toBeNull();
    const above = await view(
      await cookieWith({ ...withCart, cart_positions: [{ positionId: 10056, menuId: 501, count: 40, modifiers: [] }] }),
    );
    expect(above.threshold).toEqual({ status: "above-max", amount: 1500000 });
    const takeaway = await view(await cookieWith({ ...TAKEAWAY_173, cart_positions: withCart.cart_positions }));
    expect(takeaway.totals).toEqual({ items: 117000, discount: 0, delivery: null, total: 117000 });
  });

  it("delivery.order-sum-not-enough.range: no message, cart valid", async () => {
    preflightFails("delivery.order-sum-not-enough.range", "Минимальная сумма заказа — 800 ₽");
    expect((await view(await cookieWith(withCart))).preflight).toEqual({ message: null, invalid: false, failed: false });
  });

  it("person-order.position-not-found-in-resto: cart invalid, message shown", async () => {
    preflightFails("person-order.position-not-found-in-resto", "Позиция «Сырники» недоступна");
    const v = await view(await cookieWith(withCart));
    expect(v.preflight).toEqual({ message: "Позиция «Сырники» недоступна", invalid: true, failed: false });
  });

  it("a code in the brand's ignore list: message cleared, passes", async () => {
    const brand = services().config.brand;
    brand.ignoredPreflightCodes.push("demo.ignored");
    try {
      preflightFails("demo.ignored", "Не показывать");
      expect((await view(await cookieWith(withCart))).preflight).toEqual({ message: null, invalid: false, failed: false });
    } finally {
      brand.ignoredPreflightCodes.pop();
    }
  });

  it("promo-code.invalid-delivery-type: the promo code and its messages are cleared", async () => {
    preflightFails("promo-code.invalid-delivery-type", "Промокод действует только при самовывозе");
    const cookie = await cookieWith({ ...withCart, order_promo_code: "PICKUP" });
    const res = await answerOf(await loader(await routeArgs(get("/cart", cookie))));
    expect(res.body.preflight).toEqual({ message: null, invalid: false, failed: false });
    expect((res.body as unknown as CartView).promo!.code).toBeNull();
    expect((await (await contextOf(get("/", nextCookie(cookie, res.headers)))).session.get("storefront")).order_promo_code).toBeNull();
  });

  it("any other code with a message: shown, cart valid", async () => {
    preflightFails("resto.something-new", "Что-то новое");
    expect((await view(await cookieWith(withCart))).preflight).toEqual({
      message: "Что-то новое",
      invalid: false,
      failed: false,
    });
  });

  it("other failures: the error UI, the cart kept", async () => {
    preflightFails(null, null, 500);
    const cookie = await cookieWith(withCart);
    const v = await view(cookie);
    expect(v.preflight.failed).toBe(true);
    expect(v.preflight.message).toBeTruthy();
    expect(v.lines).toHaveLength(1);
  });

  it("checkCartValidity: an empty cart is valid; the rules decide otherwise", async () => {
    const location = { restoId: 174, method: "TAKE_AWAY" as const, place: null };
    expect(await checkCartValidity(await contextOf(get("/", await cookieWith(TAKEAWAY_173))), location)).toEqual({ valid: true });
    // the real twin: resto 174 (coffee) has no pizza menu
    const withPizza = await cookieWith({
      ...TAKEAWAY_173,
      cart_positions: [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }],
    });
    const invalid = await checkCartValidity(await contextOf(get("/", withPizza)), location);
    expect(invalid.valid).toBe(false);
    expect(invalid.valid === false && invalid.message).toMatch(/недоступна/);
    // the same cart in the flagship: valid
    expect(await checkCartValidity(await contextOf(get("/", withPizza)), { restoId: 173, method: "TAKE_AWAY", place: null })).toEqual({
      valid: true,
    });
    preflightFails("delivery.order-sum-not-enough.range", "мало");
    expect(await checkCartValidity(await contextOf(get("/", withPizza)), { restoId: 173, method: "TAKE_AWAY", place: null })).toEqual({
      valid: true,
    });
  });
});

describe("promo codes", () => {
  const cart = { ...TAKEAWAY_173, cart_positions: [{ positionId: 10056, menuId: 501, count: 4, modifiers: [] }] };
  const expected: Record<string, string> = {
    NOTFOUND: "Промокод не найден",
    KAZAN: "Промокод не действует в этом заведении",
    SOLDOUT: "Лимит использования промокода исчерпан",
    ONCE: "Вы уже использовали этот промокод",
    SOON: "Действие промокода ещё не началось",
    EXPIRED: "Срок действия промокода истёк",
    DELIVERY10: "Промокод не действует для выбранного способа получения",
    PAUSED: "Промокод не активен",
    NIGHTOWL: "Промокод сейчас не действует, попробуйте позже",
  };
  for (const [code, message] of Object.entries(expected)) {
    it(`${code}: 400 '${message}', not stored`, async () => {
      const cookie = await cookieWith(cart);
      const res = await answerOf(await act(cookie, { intent: "promo", code: code.toLowerCase(), js: "1" }));
      expect(res.status).toBe(400);
      // beside the code field (ADR 103)
      expect(fieldMessages(res.body, "code")).toEqual([message]);
      expect((await (await contextOf(get("/", nextCookie(cookie, res.headers)))).session.get("storefront")).order_promo_code ?? null).toBeNull();
    });
  }

  it("a valid code is stored and discounts the total", async () => {
    let cookie = await cookieWith({ ...cart, cart_positions: [{ positionId: 10056, menuId: 501, count: 3, modifiers: [] }] });
    const res = await act(cookie, { intent: "promo", code: "welcome" });
    expect(res.status).toBe(303);
    cookie = nextCookie(cookie, res);
    const v = await view(cookie);
    expect(v.promo).toMatchObject({ code: "WELCOME", applied: true });
    expect(v.totals.discount).toBeGreaterThan(0);
    cookie = nextCookie(cookie, await act(cookie, { intent: "promo-remove" }));
    expect((await view(cookie)).promo!.code).toBeNull();
  });
});
