// The success screen (spec §2; ADR 096, 145): placed, checking, or not placed — for the customer who sent the form,
// never stored by a cache — and what finding an order there does to the cart. Through the success screen's loader and
// the /cart action against the upstream twin through msw.
import { answerOf, settleAnswer } from "../answer";
import { TAKEAWAY_173, UPSTREAM, cookieWith, signedInDemoCustomer, get, nextCookie, post, server, stateOf, twin, withUpstream } from "./helpers";
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import { createMemoryLedgerStore, createOrderLedger } from "~server/orders/ledger";
import type { Services } from "~server/services";
import type { StorefrontState } from "~server/session";
import { routeArgs, services, servicesWith } from "../context";

withUpstream();

const customer = signedInDemoCustomer();
const working = services().orders;
afterEach(() => {
  services().orders = working;
  twin.store.setScenario({ afterCommit: null });
});

const CART = [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }];
const OTHER_CART = [{ positionId: 10031, menuId: 501, count: 2, modifiers: [] }];
const FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };
const MINUTE = 60_000;
const NO_STORE = "private, no-store";

const submit = async (cookie: string, key: string, fields: Record<string, string> = {}) =>
  answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, ...fields, key }))));
const successPage = (cookie: string, key: string, s: Services = services()) =>
  settleAnswer(async () => successLoader({ ...(await routeArgs(get(`/checkout/${key}`, cookie), {}, { services: s })), params: { key } }));
const browser = (extra: Partial<StorefrontState>) => cookieWith({ ...TAKEAWAY_173, ...extra }, customer.person);
const ordersOf = (key: string) => twin.store.orders().filter((o) => o.payload.clientOrderKey === key);

/** Sends the form with a cart; the upstream commits the order and its answer is lost (a 502 after the commit). */
async function lostAnswer(extra: Partial<StorefrontState> = {}, fields: Record<string, string> = {}) {
  const key = crypto.randomUUID();
  const cookie = await browser({ cart_positions: CART, ...extra });
  twin.store.setScenario({ afterCommit: { delayMs: 0, status: 502, drop: false } });
  const res = await submit(cookie, key, fields);
  twin.store.setScenario({ afterCommit: null });
  expect(res.headers.get("Location")).toBe(`/checkout/${key}`);
  expect(ordersOf(key)).toHaveLength(1);
  return { key, cookie: nextCookie(cookie, res.headers) };
}

describe("placed", () => {
  it("is never stored by a cache", async () => {
    const key = crypto.randomUUID();
    const cookie = await browser({ cart_positions: CART });
    const res = await submit(cookie, key);
    const page = await successPage(nextCookie(cookie, res.headers), key);
    expect(page.body.status).toBe("placed");
    expect(page.headers.get("Cache-Control")).toBe(NO_STORE);
  });

  it("seen again after new dishes went into the cart: the new cart stays", async () => {
    const key = crypto.randomUUID();
    const placed = await submit(await browser({ cart_positions: CART }), key);
    // the customer goes on shopping, then opens the success screen again (history, a bookmark)
    const later = await cookieWith({ ...(await stateOf(nextCookie(await browser({}), placed.headers))), cart_positions: OTHER_CART, order_comment: "второй заказ" }, customer.person);
    const page = await successPage(later, key);
    expect(page.body.status).toBe("placed");
    const state = await stateOf(nextCookie(later, page.headers));
    expect(state.cart_positions).toEqual(OTHER_CART);
    expect(state.order_comment).toBe("второй заказ");
  });

  it("an order found after its answer was lost: shown in the restaurant's currency, and the cart, promo code, comment and pre-order go", async () => {
    const sent = await lostAnswer({ order_promo_code: "WELCOME" }, { comment: "у подъезда" });
    const key = sent.key;
    // what the customer had chosen and typed is still there while we are checking
    const before = await stateOf(sent.cookie);
    expect(before).toMatchObject({ cart_positions: CART, order_promo_code: "WELCOME", order_comment: "у подъезда" });
    const cookie = await cookieWith({ ...before, order_pre_order_at: "2026-12-01T09:00:00.000Z" }, customer.person);
    const page = await successPage(cookie, key);
    expect(page.body).toMatchObject({ status: "placed", order: { orderId: String(ordersOf(key)[0]!.id), currency: "RUB" } });
    expect(page.body.payment).toBeNull();
    expect(page.headers.get("Cache-Control")).toBe(NO_STORE);
    const after = await stateOf(nextCookie(cookie, page.headers));
    expect(after.cart_positions).toEqual([]);
    expect(after.order_promo_code ?? null).toBeNull();
    expect(after.order_comment ?? "").toBe("");
    expect(after.order_pre_order_at ?? null).toBeNull();
    expect(after.order_attempt ?? null).toBeNull();
    expect(after.last_order).toMatchObject({ key, owner: customer.owner, currency: "RUB" });
  });

  it("an order paid online found after its answer was lost: the payment block, asked of the upstream", async () => {
    const { key, cookie } = await lostAnswer({}, { paymentMethod: "CARD_ONLINE", receiptEmail: "anna@example.com" });
    const page = await successPage(cookie, key);
    expect(page.body.status).toBe("placed");
    expect(page.body.order).toMatchObject({ online: true });
    expect(page.body.payment).toMatchObject({ state: "awaited" });
  });

  it("a kept time that says nothing (no instant): the page without a time", async () => {
    const key = crypto.randomUUID();
    const eta = { method: "TAKE_AWAY" as const, orderedAt: Date.now() - MINUTE, timezone: "+03:00", at: null, source: null };
    const last_order = { key, owner: customer.owner, orderId: "9301", number: "A-9301", total: 39000, currency: "RUB", eta };
    const page = await successPage(await browser({ last_order }), key);
    expect(page.body).toMatchObject({ status: "placed", order: { number: "A-9301" }, eta: null });
  });
});

describe("the currency of an order found on another server (its own cache)", () => {
  let fresh: Services;
  beforeAll(() => {
    fresh = servicesWith({});
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("is the restaurant's: its own, 'RUB' when the browser has no restaurant or the restaurant cannot be read", async () => {
    server.use(
      http.get(`${UPSTREAM}/1/p/restos/173`, async () => HttpResponse.json({ ...((await (await twin.fetch(`${UPSTREAM}/1/p/restos/173`)).json()) as object), currency: "KZT" })),
    );
    // (each case its own order: the ledger keeps an order found with the currency it was found with)
    const seen = async (location: Partial<StorefrontState>) => {
      const { key } = await lostAnswer();
      return (await successPage(await cookieWith({ ...location, order_attempt: { key, startedAt: Date.now() } }, customer.person), key, fresh)).body;
    };
    expect(await seen(TAKEAWAY_173)).toMatchObject({ status: "placed", order: { currency: "KZT" } });
    expect(await seen({ city_id: 115, resto_id: null, order_delivery_method: "DELIVERY" })).toMatchObject({ status: "placed", order: { currency: "RUB" } });
    expect(await seen({ city_id: 115, resto_id: 990_001, order_delivery_method: "TAKE_AWAY" })).toMatchObject({ status: "placed", order: { currency: "RUB" } });
    // no location chosen and a brand without a default one
    const brand = fresh.config.brand as { defaultLocation?: unknown };
    const defaultLocation = brand.defaultLocation;
    brand.defaultLocation = undefined;
    try {
      expect(await seen({})).toMatchObject({ status: "placed", order: { currency: "RUB" } });
    } finally {
      brand.defaultLocation = defaultLocation;
    }
  });
});

describe("checking", () => {
  it("the browser's word for a form sent moments ago, the ledger knowing nothing of it (Redis lost its data): checking, not the cart", async () => {
    const key = crypto.randomUUID();
    const page = await successPage(await browser({ cart_positions: CART, order_attempt: { key, startedAt: Date.now() - 10_000 } }), key);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ status: "checking", order: null, payment: null, eta: null });
    expect(page.headers.get("Cache-Control")).toBe(NO_STORE);
  });
});

describe("not placed", () => {
  it("the attempt is long over and left no order: 'not placed', the cart kept, the form free again", async () => {
    const key = crypto.randomUUID();
    const cookie = await browser({ cart_positions: CART, order_attempt: { key, startedAt: Date.now() - 3 * MINUTE } });
    const page = await successPage(cookie, key);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ status: "not-placed", order: null, payment: null, eta: null });
    expect(page.headers.get("Cache-Control")).toBe(NO_STORE);
    const state = await stateOf(nextCookie(cookie, page.headers));
    expect(state.order_attempt ?? null).toBeNull();
    expect(state.cart_positions).toEqual(CART);
  });

  it("another form's attempt the browser keeps is left alone; a browser with none gets the page too", async () => {
    // a ledger whose pending records are over at once: the upstream's look-up is the last word
    services().orders = createOrderLedger(createMemoryLedgerStore(), { settleMs: 0 });
    const key = crypto.randomUUID();
    const cookie = await browser({ cart_positions: CART });
    // a 503 with nothing committed: the attempt's outcome is unknown, the ledger holds it pending
    server.use(http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, () => HttpResponse.json({ errors: [{ code: "unavailable", message: "Service Unavailable" }] }, { status: 503 })));
    expect((await submit(cookie, key)).headers.get("Location")).toBe(`/checkout/${key}`);
    server.resetHandlers();
    const other = { key: crypto.randomUUID(), startedAt: Date.now() };
    const withOther = await browser({ cart_positions: CART, order_attempt: other });
    const page = await successPage(withOther, key);
    expect(page.body).toMatchObject({ status: "not-placed" });
    expect((await stateOf(nextCookie(withOther, page.headers))).order_attempt).toEqual(other);
    // and a browser that holds no attempt at all (another device of the same customer): the same page, no failure
    const none = await successPage(await browser({ cart_positions: CART }), key);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ status: "not-placed" });
  });

  it("a key of no attempt at all: back to the cart", async () => {
    const page = await successPage(await browser({ cart_positions: CART }), crypto.randomUUID());
    expect(page.status).toBe(303);
    expect(page.location).toBe("/cart");
  });
});
