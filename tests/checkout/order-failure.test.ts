// A failed order POST (ADR 145): whether it surely placed nothing ("refused": the customer is told and may send the
// same form again) or may have placed it ("unknown": the success screen says we are checking), what the customer reads,
// and what the operators' orders_total counter says (docs/operations.md). Through the /cart action against the
// upstream twin through msw; `orderFailure` itself for the failures the twin cannot make.
import { answerOf } from "../answer";
import { TAKEAWAY_173, UPSTREAM, cookieWith, demoPersonAuth, nextCookie, post, server, stateOf, twin, withUpstream, countOrdersTotal } from "./helpers";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action } from "~/routes/cart";
import { orderFailure } from "~/features/checkout/checkout.server";
import { ApiError } from "~server/upstream/errors";
import { checkOrderLimit, ORDER_LIMITS } from "~server/orders/rate-limit";
import type { StorefrontState } from "~server/session";
import { routeArgs, services } from "../context";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
beforeAll(async () => {
  person = await demoPersonAuth();
});

/** the orders_total counter's labels (docs/operations.md), counted since the test began */
const counted = countOrdersTotal();
afterEach(() => {
  vi.restoreAllMocks();
});

const CART = [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }];
const FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };
const REQUEST_FAILED = "Не удалось выполнить запрос";
const MINUTE = 60_000;

const ordersOf = (key: string) => twin.store.orders().filter((o) => o.payload.clientOrderKey === key);
async function submit(cookie: string, key: string, fields: Record<string, string> = {}) {
  return answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, ...fields, key }))));
}
const browser = (extra: Partial<StorefrontState> = {}) => cookieWith({ ...TAKEAWAY_173, cart_positions: CART, ...extra }, person);

/** The order POST fails without an answer, its connection failing with this system error code. */
function connectionFails(code: string) {
  const fetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (request.method === "POST" && /^\/api\/v1\/persons\/\d+\/orders$/.test(new URL(request.url).pathname)) {
      const system = Object.assign(new Error(`connect ${code} upstream.test`), { code });
      return Promise.reject(new TypeError("fetch failed", { cause: system }));
    }
    return fetch(input, init);
  });
}

describe("the upstream could not be reached at all: nothing was sent", () => {
  it.each(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"])("%s: the customer is told it failed, and the same form sent again places one order", async (code) => {
    const cookie = await browser();
    const key = crypto.randomUUID();
    connectionFails(code);
    const refused = await submit(cookie, key);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ ok: false, popup: "order", error: REQUEST_FAILED });
    expect(counted()).toEqual([{ outcome: "refused", reason: "network" }]);
    expect((await stateOf(nextCookie(cookie, refused.headers))).cart_positions).toEqual(CART);

    vi.restoreAllMocks();
    const again = await submit(nextCookie(cookie, refused.headers), key);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/checkout/${key}`);
    expect(ordersOf(key)).toHaveLength(1);
  });

  it("a connection reset (the request may have gone out) is not a refusal: the success screen says we are checking", async () => {
    const cookie = await browser();
    const key = crypto.randomUUID();
    connectionFails("ECONNRESET");
    const res = await submit(cookie, key);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/checkout/${key}`);
    expect(counted()).toEqual([{ outcome: "unknown", reason: "checking" }]);
  });
});

describe("which failures of the order POST may have placed it", () => {
  const network = (cause: unknown) => new ApiError({ kind: "network", code: "network", message: "n", method: "POST", path: "/o", cause });
  const http = (status: number) => new ApiError({ kind: "http", status, code: null, message: "m", method: "POST", path: "/o" });
  /** the system error `code` under `depth` wrappers (fetch's TypeError, an agent's error, …) */
  const wrapped = (code: string, depth: number) => {
    let cause: { code?: string; cause?: unknown } = { code };
    for (let i = 0; i < depth; i++) cause = { cause };
    return cause;
  };

  it("the refused connection is found under up to three wrappers; deeper, it is not believed", () => {
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]) {
      expect([0, 1, 2, 3].map((depth) => orderFailure(network(wrapped(code, depth)))), code).toEqual(["refused", "refused", "refused", "refused"]);
      expect(orderFailure(network(wrapped(code, 4))), code).toBe("unknown");
    }
    // any other code, or none, at any depth
    expect([0, 1, 2, 3].map((depth) => orderFailure(network(wrapped("ECONNRESET", depth))))).toEqual(["unknown", "unknown", "unknown", "unknown"]);
    expect(orderFailure(network(undefined))).toBe("unknown");
    // not an upstream failure at all (a bug of ours, something thrown that is no error): it may have been sent
    for (const thrown of [new Error("a bug of ours"), undefined, null, "a string"]) expect(orderFailure(thrown), String(thrown)).toBe("unknown");
  });

  it("a cause that is its own cause is looked at a few times, not for ever", () => {
    const loop: { code: string; cause?: unknown } = { code: "ECONNRESET" };
    loop.cause = loop;
    expect(orderFailure(network(loop))).toBe("unknown");
  });

  it("every 4xx is a refusal; a 5xx, or a status outside them, may have placed it", () => {
    expect([400, 404, 422, 429, 499].map((s) => orderFailure(http(s)))).toEqual(["refused", "refused", "refused", "refused", "refused"]);
    expect([500, 502, 503, 504, 399, 304].map((s) => orderFailure(http(s)))).toEqual(["unknown", "unknown", "unknown", "unknown", "unknown", "unknown"]);
  });
});

describe("what the customer reads and what is counted", () => {
  it("a new order is counted placed/new; the same form sent again, replayed/duplicate", async () => {
    const cookie = await browser();
    const key = crypto.randomUUID();
    expect((await submit(cookie, key)).status).toBe(303);
    expect((await submit(cookie, key)).status).toBe(303);
    expect(counted()).toEqual([
      { outcome: "placed", reason: "new" },
      { outcome: "replayed", reason: "duplicate" },
    ]);
    expect(ordersOf(key)).toHaveLength(1);
  });

  it("the upstream refuses with a code: the code's message in the order popup, counted by its code", async () => {
    server.use(
      http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, () =>
        HttpResponse.json({ errors: [{ code: "order.sum-exceeds-maximum", message: "Too much" }] }, { status: 422 }),
      ),
    );
    const res = await submit(await browser(), crypto.randomUUID());
    expect(res.body).toMatchObject({ popup: "order", error: "Сумма заказа больше максимальной. Разделите его на несколько заказов" });
    expect(counted()).toEqual([{ outcome: "refused", reason: "order.sum-exceeds-maximum" }]);
  });

  it("the upstream refuses without a body: the general message, counted by the status", async () => {
    server.use(http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, () => HttpResponse.json({}, { status: 400 })));
    const cookie = await browser();
    const key = crypto.randomUUID();
    const res = await submit(cookie, key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "order", error: REQUEST_FAILED });
    expect(counted()).toEqual([{ outcome: "refused", reason: "http-400" }]);
  });

  it("our own check stops it (a payment method the restaurant does not take): the order popup, not the day-off one; counted 'cart'", async () => {
    const res = await submit(await browser(), crypto.randomUUID(), { paymentMethod: "CASH_UPON_RECEIPT" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "order", error: "Заведение не принимает оплату для этого способа получения" });
    expect(counted()).toEqual([{ outcome: "refused", reason: "cart" }]);
  });

  it("a cart whose dishes are all gone from the menu: 'the cart is empty', nothing ordered", async () => {
    const before = twin.store.orders().length;
    const res = await submit(await browser({ cart_positions: [{ positionId: 999_001, menuId: 501, count: 1, modifiers: [] }] }), crypto.randomUUID());
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "order", error: "Корзина пуста — заказ не оформлен" });
    expect(counted()).toEqual([{ outcome: "refused", reason: "cart" }]);
    expect(twin.store.orders().length).toBe(before);
  });

  it("an empty cart (a second tab after the order): the order popup, not the day-off one", async () => {
    const res = await submit(await cookieWith({ ...TAKEAWAY_173, cart_positions: [] }, person), crypto.randomUUID());
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "order", error: "Корзина пуста — заказ не оформлен" });
  });
});

describe("the browser's word for a form whose outcome it was not told (ADR 145)", () => {
  it("while it is recent, sending the form again places nothing: the success screen says we are checking, the attempt's time unchanged", async () => {
    const key = crypto.randomUUID();
    const startedAt = Date.now() - 10_000;
    const cookie = await browser({ order_attempt: { key, startedAt } });
    const before = twin.store.orders().length;
    const res = await submit(cookie, key);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/checkout/${key}`);
    expect(twin.store.orders().length).toBe(before);
    const state = await stateOf(nextCookie(cookie, res.headers));
    expect(state.order_attempt).toEqual({ key, startedAt });
    expect(state.cart_positions).toEqual(CART);
  });

  it("a definite refusal of that form frees it: the browser forgets the attempt", async () => {
    const key = crypto.randomUUID();
    const cookie = await browser({ order_attempt: { key, startedAt: Date.now() - 3 * MINUTE } });
    const res = await submit(cookie, key, { paymentMethod: "CASH_UPON_RECEIPT" });
    expect(res.status).toBe(422);
    expect((await stateOf(nextCookie(cookie, res.headers))).order_attempt ?? null).toBeNull();
  });

  it("a refusal of another form leaves the attempt of the earlier one", async () => {
    const earlier = { key: crypto.randomUUID(), startedAt: Date.now() - 3 * MINUTE };
    const cookie = await browser({ order_attempt: earlier });
    const res = await submit(cookie, crypto.randomUUID(), { paymentMethod: "CASH_UPON_RECEIPT" });
    expect(res.status).toBe(422);
    expect((await stateOf(nextCookie(cookie, res.headers))).order_attempt).toEqual(earlier);
  });
});

// last: it uses up this customer's order limit for the rest of the file
describe("too many orders in a row", () => {
  it("says when to try again, places nothing, and is counted 'rate-limited'", async () => {
    const owner = String(person.person_profile.id);
    for (let i = 0; i < ORDER_LIMITS.perPerson.limit; i++) await checkOrderLimit(services().rateLimits, owner, null);
    const before = twin.store.orders().length;
    const res = await submit(await browser(), crypto.randomUUID());
    expect(res.status).toBe(422);
    expect(res.body.popup).toBe("order");
    expect(String(res.body.error)).toMatch(/^Слишком много заказов подряд\. Повторите через \d+ с$/);
    expect(counted()).toEqual([{ outcome: "refused", reason: "rate-limited" }]);
    expect(twin.store.orders().length).toBe(before);
  });
});
