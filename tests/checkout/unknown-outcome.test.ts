// An unknown outcome is a state of its own (ADR 145): the upstream committed the order but its answer was lost — or
// it may have — and the same form sent again never places a second order on its own. Against the twin through msw.
import { http, HttpResponse } from "msw";
import { answerOf } from "../answer";
import { TAKEAWAY_173, UPSTREAM, cookieWith, demoPersonAuth, get, nextCookie, post, server, twin, withUpstream, ORDER_CART, ORDER_FIELDS } from "./helpers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { action, loader as cartLoader } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import { orderFailure } from "~/features/checkout/checkout.server";
import { ApiError } from "~server/upstream/errors";
import { contextOf, routeArgs } from "../context";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
beforeAll(async () => {
  person = await demoPersonAuth();
});
afterEach(() => twin.store.setScenario({ afterCommit: null }));

const CART = ORDER_CART;
const FIELDS = ORDER_FIELDS;

const submit = async (cookie: string, key: string) => answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, key }))));
const successPage = async (cookie: string, key: string) =>
  answerOf(await successLoader({ ...(await routeArgs(get(`/checkout/${key}`, cookie))), params: { key } }));
const ordersOf = (key: string) => twin.store.orders().filter((o) => o.payload.clientOrderKey === key);
/** the checkout key of the form the cart page renders now (a Back that reloads it, a link to the cart) */
const formKeyOf = async (cookie: string) => ((await answerOf(await cartLoader(await routeArgs(get("/cart", cookie))))).body as { checkoutKey: string }).checkoutKey;
const cartOf = async (cookie: string) => (await (await contextOf(get("/", cookie))).session.get("storefront")).cart_positions;

describe("an order whose answer is lost after the upstream committed it", () => {
  for (const [what, afterCommit] of [
    ["a 502 after the commit", { delayMs: 0, status: 502, drop: false }],
    ["the connection dropped after the commit", { delayMs: 0, status: null, drop: true }],
  ] as const) {
    it(`${what}: the customer is not told it failed; the success screen and a resubmit find the one order`, async () => {
      const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
      const key = crypto.randomUUID();
      twin.store.setScenario({ afterCommit });
      const first = await submit(cookie, key);
      twin.store.setScenario({ afterCommit: null });
      // "we are checking", on the success screen's address; the cart is kept until the outcome is known
      expect(first.status).toBe(303);
      expect(first.headers.get("Location")).toBe(`/checkout/${key}`);
      let browser = nextCookie(cookie, first.headers);
      expect(await cartOf(browser)).toEqual(CART);
      expect(ordersOf(key)).toHaveLength(1);

      // the same form sent again (the customer did not believe it): the upstream is asked, the order found
      const again = await submit(browser, key);
      expect(again.headers.get("Location")).toBe(`/checkout/${key}`);
      browser = nextCookie(browser, again.headers);
      expect(ordersOf(key)).toHaveLength(1);
      expect(await cartOf(browser)).toEqual([]);
      const page = await successPage(browser, key);
      expect(page.body).toMatchObject({ status: "placed", order: { orderId: String(ordersOf(key)[0]!.id) } });
    });
  }

  it("the success screen alone finds the order and empties the cart", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const key = crypto.randomUUID();
    twin.store.setScenario({ afterCommit: { delayMs: 0, status: 504, drop: false } });
    const first = await submit(cookie, key);
    twin.store.setScenario({ afterCommit: null });
    const browser = nextCookie(cookie, first.headers);
    const page = await successPage(browser, key);
    expect(page.body).toMatchObject({ status: "placed", order: { number: ordersOf(key)[0]!.number } });
    expect(await cartOf(nextCookie(browser, page.headers))).toEqual([]);
    expect(ordersOf(key)).toHaveLength(1);
  });
});

describe("the cart page rendered again while an order's outcome is unknown", () => {
  it("renders the same form (its key), so that sending it again finds the one order instead of placing a second", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const key = crypto.randomUUID();
    twin.store.setScenario({ afterCommit: { delayMs: 0, status: 502, drop: false } });
    const first = await submit(cookie, key);
    twin.store.setScenario({ afterCommit: null });
    expect(first.headers.get("Location")).toBe(`/checkout/${key}`);
    let browser = nextCookie(cookie, first.headers);
    // Back reloads the cart (it is never cached) or the customer follows a link to it: the cart is still full
    expect(await cartOf(browser)).toEqual(CART);
    const rendered = await formKeyOf(browser);
    expect(rendered).toBe(key);
    const again = await submit(browser, rendered);
    expect(again.headers.get("Location")).toBe(`/checkout/${key}`);
    browser = nextCookie(browser, again.headers);
    expect(ordersOf(key)).toHaveLength(1);
    expect(await cartOf(browser)).toEqual([]);
    // the outcome known, the next cart's form is a new one
    expect(await formKeyOf(browser)).not.toBe(key);
  });

  it("another customer signed in on the same browser gets a form of their own", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_attempt: { key: crypto.randomUUID(), startedAt: Date.now(), owner: "another-person" } }, person);
    const rendered = await formKeyOf(cookie);
    const state = (await (await contextOf(get("/", cookie))).session.get("storefront")).order_attempt;
    expect(rendered).not.toBe(state?.key);
  });

  it("without a sign-in the form is a new one (the attempt is asked again after sign-in)", async () => {
    const attempt = crypto.randomUUID();
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_attempt: { key: attempt, startedAt: Date.now(), owner: String(person.person_profile.id) } });
    expect(await formKeyOf(cookie)).not.toBe(attempt);
    expect(await formKeyOf(await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_attempt: { key: attempt, startedAt: Date.now(), owner: String(person.person_profile.id) } }, person))).toBe(attempt);
  });
});

describe("one cart, one order (ADR 216)", () => {
  /** the cart page rendered: its form's key, and the cookie the page left (the cart's generation in it) */
  const rendered = async (cookie: string) => {
    const page = await answerOf(await cartLoader(await routeArgs(get("/cart", cookie))));
    return { key: (page.body as { checkoutKey: string }).checkoutKey, cookie: nextCookie(cookie, page.headers) };
  };

  it("an order placed whose answer never reached the browser: its cart, reloaded and sent again, finds that order", async () => {
    const page = await rendered(await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person));
    const first = await submit(page.cookie, page.key);
    expect(first.headers.get("Location")).toBe(`/checkout/${page.key}`);
    expect(ordersOf(page.key)).toHaveLength(1);
    // the answer (and its cookie: the emptied cart) is lost on the way; the customer reloads the cart, still full
    const again = await rendered(page.cookie);
    expect(again.key).not.toBe(page.key);
    const second = await submit(again.cookie, again.key);
    expect(second.headers.get("Location")).toBe(`/checkout/${page.key}`);
    expect(ordersOf(again.key)).toHaveLength(0);
    expect(ordersOf(page.key)).toHaveLength(1);
    expect(await cartOf(nextCookie(again.cookie, second.headers))).toEqual([]);
  });

  it("a cart filled after an order is a new cart: its form places a new order", async () => {
    const page = await rendered(await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person));
    const first = await submit(page.cookie, page.key);
    let browser = nextCookie(page.cookie, first.headers);
    expect(await cartOf(browser)).toEqual([]);
    const added = await answerOf(await action(await routeArgs(post("/cart", browser, { intent: "add", positionId: "10074", menuId: "501" }))));
    browser = nextCookie(browser, added.headers);
    expect(await cartOf(browser)).toHaveLength(1);
    const next = await rendered(browser);
    const second = await submit(next.cookie, next.key);
    expect(second.headers.get("Location")).toBe(`/checkout/${next.key}`);
    expect(ordersOf(page.key)).toHaveLength(1);
    expect(ordersOf(next.key)).toHaveLength(1);
  });
});

describe("an order whose outcome the upstream cannot tell yet", () => {
  it("says 'checking' on every resubmit and on the success screen, and places nothing more", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const key = crypto.randomUUID();
    const before = twin.store.orders().length;
    // a 503 with nothing committed: the BFF cannot know that nothing was committed
    server.use(http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, () => HttpResponse.json({ errors: [{ code: "unavailable", message: "Service Unavailable" }] }, { status: 503 })));
    const first = await submit(cookie, key);
    expect(first.headers.get("Location")).toBe(`/checkout/${key}`);
    server.resetHandlers();
    const browser = nextCookie(cookie, first.headers);
    // the browser keeps its word for the form, in case the ledger loses its record
    expect((await (await contextOf(get("/", browser))).session.get("storefront")).order_attempt).toMatchObject({ key });
    // the upstream answers the look-up: nothing for this key, but the first attempt may still be committed
    for (let i = 0; i < 3; i++) {
      const again = await submit(browser, key);
      expect(again.headers.get("Location")).toBe(`/checkout/${key}`);
    }
    expect((await successPage(browser, key)).body).toMatchObject({ status: "checking" });
    // and while the look-up itself fails, still checking
    server.use(http.get(`${UPSTREAM}/api/v1/persons/:id/orders`, () => HttpResponse.error()));
    expect((await successPage(browser, key)).body).toMatchObject({ status: "checking" });
    expect((await submit(browser, key)).headers.get("Location")).toBe(`/checkout/${key}`);
    expect(twin.store.orders().length).toBe(before);
    expect(await cartOf(browser)).toEqual(CART);
  });
});

describe("which failures of the order POST may have placed it", () => {
  const http4xx = new ApiError({ kind: "http", status: 422, code: "x", message: "no", method: "POST", path: "/o" });
  const http5xx = new ApiError({ kind: "http", status: 502, code: "x", message: "bad gateway", method: "POST", path: "/o" });
  const timeout = new ApiError({ kind: "timeout", code: "timeout", message: "t", method: "POST", path: "/o" });
  const open = new ApiError({ kind: "network", code: "circuit-open", message: "n", method: "POST", path: "/o" });
  const refused = new ApiError({ kind: "network", code: "network", message: "n", method: "POST", path: "/o", cause: Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }) });
  const reset = new ApiError({ kind: "network", code: "network", message: "n", method: "POST", path: "/o", cause: Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } }) });
  const unreadable = new ApiError({ kind: "invalid-response", status: 200, code: "invalid-response", message: "i", method: "POST", path: "/o" });

  it("a refusal or nothing sent is 'refused'; a timeout, a 5xx, a reset or an unreadable answer is 'unknown'", () => {
    expect([http4xx, open, refused].map(orderFailure)).toEqual(["refused", "refused", "refused"]);
    expect([http5xx, timeout, reset, unreadable, new Error("a bug of ours")].map(orderFailure)).toEqual(["unknown", "unknown", "unknown", "unknown", "unknown"]);
  });
});
