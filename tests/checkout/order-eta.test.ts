// When the order arrives (issue 39 §3, ADR 190) through the /cart action, the success screen's loader and the order
// history's: against the upstream twin through msw, with the order answers replaced where a case needs it.
import { answerOf } from "../answer";
import { DELIVERY_173, TAKEAWAY_173, UPSTREAM, cookieWith, demoPersonAuth, get, nextCookie, post, server, stateOf, withUpstream } from "./helpers";
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import { loader as historyLoader } from "~/routes/orders.repeat";
import { routeArgs } from "../context";
import { etaWords } from "~/lib/eta";
import { DEMO_NOTABLE } from "~server/demo/data";
import { messagesFor } from "~/i18n/locale.server";
import { createTranslator } from "~/i18n/translator";

withUpstream();

type Person = Awaited<ReturnType<typeof demoPersonAuth>>;
let person: Person;
beforeAll(async () => {
  person = await demoPersonAuth();
});

const MINUTE = 60_000;
/** Борщ (the soups: 15 minutes' cooking), 3 × 390 ₽: the centre zone's 1 000–2 000 ₽ rule, 40 minutes */
const BORSCHT = [{ positionId: 10031, menuId: 501, count: 3, modifiers: [] }];
/** + Утка по-пекински (120 minutes' cooking) */
const DUCK = [...BORSCHT, { positionId: DEMO_NOTABLE.pekingDuck, menuId: 501, count: 1, modifiers: [] }];
const FIELDS = {
  intent: "checkout",
  paymentMethod: "CARD_UPON_RECEIPT",
  name: "Анна",
  phone: "+7 999 000-11-22",
  email: "",
  receiptEmail: "",
  comment: "",
  preOrderAt: "",
};

interface EtaView {
  method: string;
  at: string;
  source: string;
  day: string;
  time: string;
  date: string;
}

async function place(location: typeof TAKEAWAY_173, cart = BORSCHT, fields: Record<string, string> = {}) {
  const cookie = await cookieWith({ ...location, cart_positions: cart, order_promo_code: null }, person);
  const k = crypto.randomUUID();
  const before = Date.now();
  const res = await answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, ...fields, key: k }))));
  expect(res.status, JSON.stringify(res.body)).toBe(303);
  return { k, res, before, after: nextCookie(cookie, res.headers) };
}

async function successOf(k: string, cookie: string) {
  return (await answerOf(await successLoader({ ...(await routeArgs(get(`/checkout/${k}`, cookie))), params: { key: k } }))).body as {
    status: string;
    eta: EtaView | null;
    order: Record<string, unknown>;
    payment: unknown;
  };
}

async function historyOf(cookie: string) {
  return (await answerOf(await historyLoader(await routeArgs(get("/orders/repeat", cookie))))).body as {
    orders: { orderId: string; eta: EtaView | null }[];
  };
}

/** the order answers (create and GET) for order 778, with these fields */
function upstreamOrder(create: Record<string, unknown>, now: Record<string, unknown> = create) {
  const order = { id: 778, number: "A-778", status: "NEW", total: 117000 };
  server.use(
    http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, () => HttpResponse.json({ ...order, ...create })),
    http.get(`${UPSTREAM}/api/v1/persons/:id/orders/778`, () => HttpResponse.json({ ...order, ...now })),
  );
}

/** the view's words agree with its instant, read in Moscow (resto 173: +03:00) */
function expectWordsOf(eta: EtaView) {
  const words = etaWords(Date.parse(eta.at), Date.now(), "+03:00", "ru");
  expect({ day: eta.day, time: eta.time, date: eta.date }).toEqual(words);
}

describe("when the order arrives (issue 39 §3)", () => {
  it("takeaway: ready after the longest cooking time of its positions, rounded up to 5 minutes; in the history too", async () => {
    const { k, before, after } = await place(TAKEAWAY_173);
    const page = await successOf(k, after);
    expect(page.status).toBe("placed");
    expect(page.eta).toMatchObject({ method: "TAKE_AWAY", source: "estimate" });
    const at = Date.parse(page.eta!.at);
    expect(at).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(at).toBeLessThan(Date.now() + 20 * MINUTE);
    expectWordsOf(page.eta!);
    // the view only: the stored time is not sent twice
    expect(page.order).not.toHaveProperty("eta");
    // the browser's copy keeps what the success screen needs
    expect((await stateOf(after)).last_order?.eta).toMatchObject({ method: "TAKE_AWAY", timezone: "+03:00", at, source: "estimate" });
    const history = await historyOf(after);
    expect(history.orders[0]!.eta).toEqual(page.eta ? { ...page.eta, source: "estimate" } : null);

    const duck = await place(TAKEAWAY_173, DUCK);
    const slow = (await successOf(duck.k, duck.after)).eta!;
    expect(Date.parse(slow.at)).toBeGreaterThanOrEqual(duck.before + 120 * MINUTE);
  });

  it("delivery: the order time plus the zone's delivery time", async () => {
    const { k, before, after } = await place(DELIVERY_173);
    const page = await successOf(k, after);
    expect(page.eta).toMatchObject({ method: "DELIVERY", source: "estimate" });
    const at = Date.parse(page.eta!.at);
    expect(at).toBeGreaterThanOrEqual(before + 40 * MINUTE);
    expect(at).toBeLessThan(Date.now() + 45 * MINUTE);
    expectWordsOf(page.eta!);
    const history = await historyOf(after);
    expect(history.orders[0]!.eta).toMatchObject({ method: "DELIVERY", at: page.eta!.at, time: page.eta!.time });
  });

  it("a pre-order's time is exact", async () => {
    upstreamOrder({});
    // tomorrow at 12:00 by the restaurant's clock (Moscow, UTC+3): a day ahead at any hour the test runs (a time a day
    // ahead of now, rounded up, is the day after tomorrow in Moscow when the rounding crosses its midnight)
    const moscow = new Date(Date.now() + 3 * 60 * MINUTE);
    const preOrderAt = new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate() + 1, 12 - 3)).toISOString();
    const { k, after } = await place(TAKEAWAY_173, BORSCHT, { preOrderAt });
    const page = await successOf(k, after);
    expect(page.eta).toMatchObject({ method: "TAKE_AWAY", source: "pre-order", at: preOrderAt, day: "tomorrow", time: "12:00" });
    expectWordsOf(page.eta!);
  });

  it("in English: the date in English words, the English sentence", async () => {
    upstreamOrder({});
    const preOrderAt = new Date(Math.ceil(Date.now() / (30 * MINUTE)) * 30 * MINUTE + 3 * 24 * 60 * MINUTE).toISOString();
    const { k, after } = await place(DELIVERY_173, BORSCHT, { preOrderAt });
    const request = get(`/checkout/${k}`, after);
    request.headers.set("Accept-Language", "en-US,en;q=0.9");
    const page = (await answerOf(await successLoader({ ...(await routeArgs(request)), params: { key: k } }))).body as { eta: EtaView };
    // with the year when the day is in another year than today, both by the restaurant's clock (Moscow, UTC+3)
    const yearIn = (ms: number) => new Date(ms + 3 * 60 * MINUTE).getUTCFullYear();
    const otherYear = yearIn(Date.parse(preOrderAt)) !== yearIn(Date.now());
    const date = otherYear ? /^[A-Z][a-z]+ \d{1,2}, \d{4}$/ : /^[A-Z][a-z]+ \d{1,2}$/;
    expect(page.eta).toMatchObject({ method: "DELIVERY", source: "pre-order", day: "date", date: expect.stringMatching(date) });
    const { t } = createTranslator("en", messagesFor("en"));
    const when = t(`checkout.eta.${page.eta.day}`, { time: page.eta.time, date: page.eta.date });
    expect(t("checkout.eta.DELIVERY", { when })).toBe(`We'll deliver it ${page.eta.date} by ${page.eta.time}`);
    expect(t("reorder.eta.TAKE_AWAY", { when: t("checkout.eta.today", { time: "19:40" }) })).toBe("Pickup today by 19:40");
  });

  it("the upstream's expected time comes first; an odd one is ignored and never breaks the page", async () => {
    const expected = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + 55 * MINUTE);
    upstreamOrder({ expectedAt: expected.toISOString().replace("Z", "+00:00"), createdAt: new Date().toISOString() });
    const good = await place(DELIVERY_173);
    expect((await successOf(good.k, good.after)).eta).toMatchObject({ source: "upstream", at: expected.toISOString() });

    for (const odd of ["soon", 42, { at: 1 }, "2020-01-01T00:00:00Z"]) {
      upstreamOrder({ expectedAt: odd, createdAt: "yesterday" });
      const placed = await place(DELIVERY_173);
      const page = await successOf(placed.k, placed.after);
      expect(page.status).toBe("placed");
      expect(page.eta).toMatchObject({ method: "DELIVERY", source: "estimate" });
    }
  });

  it("paid online: the status answer's expected time is preferred to the one kept at the order", async () => {
    const later = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + 90 * MINUTE).toISOString();
    upstreamOrder({ paymentStatus: "PENDING" }, { paymentStatus: "PAID", expectedAt: later });
    // (no payment address in the answer: the success screen straight away)
    const { k, after } = await place(TAKEAWAY_173, BORSCHT, { paymentMethod: "CARD_ONLINE", receiptEmail: "anna@example.com" });
    const page = await successOf(k, after);
    expect(page.payment).toEqual({ state: "paid", payUrl: null });
    expect(page.eta).toMatchObject({ source: "upstream", at: later });
  });

  it("a browser copy of an order kept before (no time) or with an unreadable one: the page without a time", async () => {
    const owner = String(person.person_profile.id);
    for (const eta of [undefined, { method: "BY_AIR", at: "soon" }]) {
      const k = crypto.randomUUID();
      const last_order = { key: k, owner, orderId: "779", number: "A-779", total: 117000, currency: "RUB", ...(eta ? { eta } : {}) };
      // (the cookie is sealed as the server wrote it: the odd value goes through the state unchecked)
      const cookie = await cookieWith({ ...TAKEAWAY_173, last_order: last_order as never }, person);
      const page = await successOf(k, cookie);
      expect(page.status).toBe("placed");
      expect(page.order).toMatchObject({ number: "A-779" });
      expect(page.eta).toBeNull();
      // the rest of the cookie survives
      expect((await stateOf(cookie)).resto_id).toBe(173);
    }
  });
});
