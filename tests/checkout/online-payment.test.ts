// Paying online (issue 15 §9, ADR 099/100) through the /cart action and the success screen's loader, against
// the upstream twin through msw, with the order answer's payment fields replaced where a case needs it.
import { answerOf } from "../answer";
import { TAKEAWAY_173, UPSTREAM, cookieWith, demoPersonAuth, get, nextCookie, post, server, twin, withUpstream, withPaymentOrigins } from "./helpers";
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import { contextOf, routeArgs } from "../context";

withUpstream();

type Person = Awaited<ReturnType<typeof demoPersonAuth>>;
let person: Person;
withPaymentOrigins(["https://pay.example.com"]);
beforeAll(async () => {
  person = await demoPersonAuth();
});

const CART = [{ positionId: 10056, menuId: 501, count: 3, modifiers: [] }];
const FIELDS = {
  intent: "checkout",
  paymentMethod: "CARD_ONLINE",
  name: "Анна",
  phone: "+7 999 000-11-22",
  email: "",
  receiptEmail: "anna@example.com",
  comment: "",
  preOrderAt: "",
};


/** The upstream's order answer (create and GET) with these payment fields, for order 777. */
function upstreamOrder(create: Record<string, unknown>, now: Record<string, unknown> | "down" = create) {
  const order = { id: 777, number: "A-777", status: "NEW", total: 117000 };
  let body: Record<string, unknown> | undefined;
  server.use(
    http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ ...order, ...create });
    }),
    http.get(`${UPSTREAM}/api/v1/persons/:id/orders/777`, () =>
      now === "down" ? HttpResponse.json({ errors: [{ code: "x", message: "down" }] }, { status: 503 }) : HttpResponse.json({ ...order, ...now }),
    ),
  );
  return { sent: () => body };
}

async function place(fields: Record<string, string> = {}) {
  const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_promo_code: null }, person);
  const k = crypto.randomUUID();
  const res = (await answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, ...fields, key: k })))));
  return { k, res, after: nextCookie(cookie, res.headers) };
}

async function successOf(k: string, cookie: string, query = "") {
  return (await answerOf(await successLoader({ ...(await routeArgs(get(`/checkout/${k}${query}`, cookie))), params: { key: k } }))).body;
}

describe("paying online", () => {
  it("sends the customer to the checked payment address (303) with the success screen as the return address", async () => {
    const upstream = upstreamOrder({ paymentUrl: "https://pay.example.com/form?id=777", paymentStatus: "PENDING" });
    const { k, res, after } = await place();
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("https://pay.example.com/form?id=777");
    expect(upstream.sent()).toMatchObject({ payType: "CARD_ONLINE", returnUrl: `http://localhost/checkout/${k}` });
    // the order is placed: the cart is empty, and the browser's own copy says online but keeps no address
    const state = await (await contextOf(get("/", after))).session.get("storefront");
    expect(state.cart_positions).toEqual([]);
    expect(state.last_order).toMatchObject({ key: k, online: true });
    expect(state.last_order).not.toHaveProperty("paymentUrl");
    const page = await successOf(k, after);
    expect(page.payment).toEqual({ state: "awaited", payUrl: "https://pay.example.com/form?id=777" });
    expect(page.order).not.toHaveProperty("paymentUrl");
  });

  it.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    ["another origin", "https://evil.example/pay"],
    ["plain http", "http://pay.example.com/form"],
    ["not a string", { href: "https://pay.example.com/x" }],
  ])("a hostile payment address (%s) is never followed: the success screen, payment awaited, no pay link", async (_name, paymentUrl) => {
    upstreamOrder({ paymentUrl, paymentStatus: "PENDING" });
    const { k, res, after } = await place();
    expect(res.headers.get("Location")).toBe(`/checkout/${k}`);
    expect((await successOf(k, after)).payment).toEqual({ state: "awaited", payUrl: null });
  });

  it("the success screen says what the upstream says now — a return query claiming payment changes nothing", async () => {
    const upstream = { paymentUrl: "https://pay.example.com/form?id=777", paymentStatus: "PENDING" };
    upstreamOrder(upstream, { ...upstream, paymentStatus: "FAILED" });
    const failed = await place();
    expect((await successOf(failed.k, failed.after, "?status=PAID&paid=1")).payment).toEqual({
      state: "failed",
      payUrl: "https://pay.example.com/form?id=777",
    });

    upstreamOrder(upstream, { paymentStatus: "PAID", paymentUrl: null });
    const paid = await place();
    expect((await successOf(paid.k, paid.after)).payment).toEqual({ state: "paid", payUrl: null });

    upstreamOrder(upstream, "down");
    const unknown = await place();
    expect((await successOf(unknown.k, unknown.after, "?status=PAID")).payment).toEqual({
      state: "unknown",
      payUrl: "https://pay.example.com/form?id=777",
    });
  });

  it("the success screen works from the cookie's copy alone (ADR 096): online, the status asked of the upstream", async () => {
    upstreamOrder({}, { paymentStatus: "FAILED", paymentUrl: "https://pay.example.com/form?id=777" });
    const k = crypto.randomUUID();
    // a key this server's idempotency store never saw: only the browser's own copy knows the order
    const last_order = { key: k, owner: String(person.person_profile.id), orderId: "777", number: "A-777", total: 117000, currency: "RUB", online: true };
    const cookie = await cookieWith({ ...TAKEAWAY_173, last_order }, person);
    const page = await successOf(k, cookie);
    expect(page.order).toMatchObject({ number: "A-777", online: true });
    expect(page.payment).toEqual({ state: "failed", payUrl: "https://pay.example.com/form?id=777" });
  });

  it("other payment methods: no return address, no payment step, no payment block", async () => {
    const before = twin.store.orders().length;
    const { k, res, after } = await place({ paymentMethod: "CARD_UPON_RECEIPT", receiptEmail: "" });
    expect(res.headers.get("Location")).toBe(`/checkout/${k}`);
    const order = twin.store.orders().at(-1)!;
    expect(twin.store.orders().length).toBe(before + 1);
    expect(order.payload.returnUrl ?? null).toBeNull();
    expect((await successOf(k, after)).payment).toBeNull();
  });
});
