// What the order POST asks of the restaurant (spec §7 POST /api/v1/persons/{personId}/orders): the number of persons
// when the brand asks for it (spec §5 "Количество персон"), the pre-order time the customer chose. Through the /cart
// action, the order answer replaced so that the request the upstream got can be read.
import { answerOf } from "../answer";
import { TAKEAWAY_173, UPSTREAM, cookieWith, demoPersonAuth, nextCookie, post, server, stateOf, withUpstream } from "./helpers";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import type { StorefrontState } from "~server/session";
import { routeArgs, services } from "../context";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
beforeAll(async () => {
  person = await demoPersonAuth();
});
const cart = () => services().config.brand.cart as { personCount: boolean };
const brandAsks = cart().personCount;
afterEach(() => {
  cart().personCount = brandAsks;
});

const CART = [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }];
const FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };

/** Places an order; the body of the order POST. */
async function sent(state: Partial<StorefrontState>, fields: Record<string, string> = {}) {
  let body: Record<string, unknown> | undefined;
  server.use(
    http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ id: 880, number: "A-880", status: "NEW", total: 39000 });
    }),
  );
  const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, ...state }, person);
  const res = await answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, ...fields, key: crypto.randomUUID() }))));
  expect(res.status, JSON.stringify(res.body)).toBe(303);
  return body!;
}

describe("the number of persons", () => {
  it("the one chosen on the cart page; else the form's; else one", async () => {
    expect(brandAsks).toBe(true);
    expect((await sent({ order_person_count: 3 }, { personCount: "5" })).personCount).toBe(3);
    expect((await sent({ order_person_count: 4 })).personCount).toBe(4);
    expect((await sent({}, { personCount: "2" })).personCount).toBe(2);
    expect((await sent({})).personCount).toBe(1);
  });

  it("not sent at all when the brand does not ask for it", async () => {
    cart().personCount = false;
    expect((await sent({ order_person_count: 3 }, { personCount: "2" })).personCount).toBeNull();
  });
});

describe("the pre-order time", () => {
  it("is sent as chosen; 'as soon as possible' is none", async () => {
    const at = new Date(Math.ceil(Date.now() / 1_800_000) * 1_800_000 + 24 * 3_600_000).toISOString();
    expect((await sent({}, { preOrderAt: at })).preOrderAt).toBe(at);
    expect((await sent({}, { preOrderAt: "" })).preOrderAt).toBeNull();
  });
});

describe("the restaurant the order goes to", () => {
  it("its time zone is the one the order's time is kept in (Samara, +04:00)", async () => {
    const samara: Partial<StorefrontState> = { city_id: 118, resto_id: 177, order_delivery_method: "TAKE_AWAY", cart_positions: CART, order_promo_code: null };
    const cookie = await cookieWith(samara, person);
    const res = await answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, key: crypto.randomUUID() }))));
    expect(res.status, JSON.stringify(res.body)).toBe(303);
    const eta = (await stateOf(nextCookie(cookie, res.headers))).last_order?.eta;
    expect(eta).toMatchObject({ method: "TAKE_AWAY", timezone: "+04:00", source: "estimate" });
  });
});
