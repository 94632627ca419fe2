// The shared order ledger (ADR 145) cannot answer (Redis away), or holds the form's key for another customer: the
// customer is never shown a 500, nothing that might be a second order is placed, and the browser's own copy of its
// last order (ADR 096) still shows. Through the /cart action and the success screen's loader against the twin.
import { answerOf, settleAnswer } from "../answer";
import { TAKEAWAY_173, UPSTREAM, cookieWith, signedInDemoCustomer, get, nextCookie, post, server, stateOf, twin, withUpstream, countOrdersTotal } from "./helpers";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import { loader as historyLoader } from "~/routes/orders.repeat";
import { createOrderLedger, type LedgerStore, type OrderLedger } from "~server/orders/ledger";
import type { PlacedOrder } from "~/features/checkout/placed-order";
import type { StorefrontState } from "~server/session";
import { routeArgs, services } from "../context";

withUpstream();

const customer = signedInDemoCustomer();

/** the orders_total counter's labels (docs/operations.md), counted since the test began */
const counted = countOrdersTotal();


const CART = [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }];
const FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };
const LEDGER_AWAY = "Не удалось оформить заказ: сервис заказов временно недоступен. Повторите через минуту — корзина и введённые данные сохранены";
const REQUEST_FAILED = "Не удалось выполнить запрос";
const MINUTE = 60_000;

const submit = async (cookie: string, key: string) => answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, key }))));
const successPage = (cookie: string, key: string) =>
  settleAnswer(async () => successLoader({ ...(await routeArgs(get(`/checkout/${key}`, cookie))), params: { key } }));
const browser = (extra: Partial<StorefrontState>) => cookieWith({ ...TAKEAWAY_173, ...extra }, customer.person);

const away = new Error("redis: connection lost");
const brokenStore: LedgerStore = {
  get: () => Promise.reject(away),
  create: () => Promise.reject(away),
  replace: () => Promise.reject(away),
  put: () => Promise.reject(away),
};
const working = services().orders;
/** the ledger cannot answer for the rest of the test */
const ledgerAway = () => {
  services().orders = createOrderLedger(brokenStore);
};
afterEach(() => {
  services().orders = working;
});

/** The browser's copy of an order it placed with `key` (ADR 096). */
const lastOrder = (key: string, who = customer.owner) => ({ key, owner: who, orderId: "9101", number: "A-9101", total: 39000, currency: "RUB" });

describe("the shared ledger cannot answer", () => {
  it("a new order is not placed: the customer is told to try again in a minute, the cart and the form's attempt kept", async () => {
    ledgerAway();
    const key = crypto.randomUUID();
    const attempt = { key, startedAt: Date.now() - 3 * MINUTE };
    const cookie = await browser({ cart_positions: CART, order_attempt: attempt });
    const before = twin.store.orders().length;
    const res = await submit(cookie, key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "order", error: LEDGER_AWAY });
    expect(counted()).toEqual([{ outcome: "refused", reason: "ledger-unavailable" }]);
    expect(twin.store.orders().length).toBe(before);
    const state = await stateOf(nextCookie(cookie, res.headers));
    expect(state.cart_positions).toEqual(CART);
    // while the ledger cannot answer, the attempt may still have placed it
    expect(state.order_attempt).toEqual(attempt);
  });

  it("the form sent again after its order (the cart already empty): the success screen, from the browser's copy", async () => {
    ledgerAway();
    const key = crypto.randomUUID();
    const cookie = await browser({ cart_positions: [], last_order: lastOrder(key) });
    const res = await submit(cookie, key);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/checkout/${key}`);

    const page = await successPage(cookie, key);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ status: "placed", order: { orderId: "9101", number: "A-9101", total: 39000, currency: "RUB" } });
  });

  it("the cart already empty and no copy of an order with that form: 'the cart is empty', never a 500", async () => {
    ledgerAway();
    const key = crypto.randomUUID();
    const res = await submit(await browser({ cart_positions: [], last_order: lastOrder(crypto.randomUUID()) }), key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "order", error: "Корзина пуста — заказ не оформлен" });
    // and its success screen: back to the cart
    const page = await successPage(await browser({ cart_positions: [] }), key);
    expect(page.status).toBe(303);
    expect(page.location).toBe("/cart");
  });
});

describe("the form's key belongs to another customer's order", () => {
  /** another customer placed an order with this key on this storefront */
  async function takenByAnother(key: string) {
    const order: PlacedOrder = { orderId: "9202", number: "B-9202", total: 1, currency: "RUB" };
    const ledger: OrderLedger = services().orders;
    await ledger.place<PlacedOrder>(key, "another-customer", { find: async () => null, classify: () => "refused", place: async () => order });
  }

  it("sending a form with it: the general message, nothing placed, the cart kept", async () => {
    const key = crypto.randomUUID();
    await takenByAnother(key);
    const cookie = await browser({ cart_positions: CART });
    const before = twin.store.orders().length;
    const res = await submit(cookie, key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "order", error: REQUEST_FAILED });
    expect(counted()).toEqual([{ outcome: "refused", reason: "key-owner" }]);
    expect(twin.store.orders().length).toBe(before);
    expect((await stateOf(nextCookie(cookie, res.headers))).cart_positions).toEqual(CART);
  });

  it("with the cart already empty: the general message, not 'the cart is empty' nor the other's order", async () => {
    const key = crypto.randomUUID();
    await takenByAnother(key);
    const res = await submit(await browser({ cart_positions: [] }), key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "order", error: REQUEST_FAILED });
  });

  it("its success screen: back to the cart, the other's order never shown", async () => {
    const key = crypto.randomUUID();
    await takenByAnother(key);
    const page = await successPage(await browser({ cart_positions: [] }), key);
    expect(page.status).toBe(303);
    expect(page.location).toBe("/cart");
    expect(page.text).not.toContain("B-9202");
  });

  it("another customer's copy of their last order in this browser (a shared computer) is not shown to this one", async () => {
    const key = crypto.randomUUID();
    const page = await successPage(await browser({ cart_positions: [], last_order: lastOrder(key, "another-customer") }), key);
    expect(page.status).toBe(303);
    expect(page.location).toBe("/cart");
    expect(page.text).not.toContain("A-9101");
  });
});

describe("the form sent again from a browser whose cart is already empty (another tab, another device's cookie)", () => {
  it("its order is placed: the success screen, even without the browser's copy of the order", async () => {
    const key = crypto.randomUUID();
    expect((await submit(await browser({ cart_positions: CART }), key)).status).toBe(303);
    const res = await submit(await browser({ cart_positions: [] }), key);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/checkout/${key}`);
  });

  it("its outcome is not known yet: the success screen that says we are checking, not 'the cart is empty'", async () => {
    const key = crypto.randomUUID();
    server.use(http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, () => HttpResponse.json({ errors: [{ code: "unavailable", message: "Service Unavailable" }] }, { status: 503 })));
    expect((await submit(await browser({ cart_positions: CART }), key)).headers.get("Location")).toBe(`/checkout/${key}`);
    server.resetHandlers();
    const res = await submit(await browser({ cart_positions: [] }), key);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/checkout/${key}`);
    expect((await successPage(await browser({ cart_positions: [] }), key)).body).toMatchObject({ status: "checking" });
  });
});

describe("a stale resubmit of an earlier form (the browser's back button, an old tab)", () => {
  /** two Cookie headers as one, the later's cookies winning */
  const merged = (a: string, b: string) => nextCookie(a, new Headers(b.split("; ").map((c) => ["Set-Cookie", c] as [string, string])));
  const historyIds = async (cookie: string) =>
    ((await answerOf(await historyLoader(await routeArgs(get("/orders/repeat", cookie))))).body as { orders: { orderId: string }[] }).orders.map((o) => o.orderId);

  it("answers with its order and leaves the order history as it is: the later order stays, first", async () => {
    const before = await browser({ cart_positions: CART });
    const first = crypto.randomUUID();
    const a = await submit(before, first);
    expect(a.status).toBe(303);
    let jar = nextCookie(before, a.headers);
    // a second order, from the same browser
    jar = merged(jar, await browser({ cart_positions: CART }));
    const b = await submit(jar, crypto.randomUUID());
    expect(b.status).toBe(303);
    jar = nextCookie(jar, b.headers);
    const history = await historyIds(jar);
    expect(history).toHaveLength(2);

    // the first form again, with the cookie it was sent with
    const again = await submit(before, first);
    expect(again.headers.get("Location")).toBe(`/checkout/${first}`);
    expect(await historyIds(nextCookie(jar, again.headers))).toEqual(history);
  });
});
