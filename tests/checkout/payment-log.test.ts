// Paying online (ADR 099/100), what the operators read in the log: a refused payment address is logged with the
// order and the address's origin only (the address itself may carry a payment token), an order without one is not
// a refusal, and a payment status the upstream could not tell is logged with the reason. Through the /cart action and
// the success screen's loader against the twin through msw, the order answers replaced.
import { answerOf } from "../answer";
import { TAKEAWAY_173, UPSTREAM, cookieWith, demoPersonAuth, get, nextCookie, post, server, withUpstream, withPaymentOrigins } from "./helpers";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import { checkedPaymentUrl } from "~/features/checkout/online-payment.server";
import { setLogLevel } from "~server/log";
import { contextOf, routeArgs } from "../context";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
withPaymentOrigins(["https://pay.example.com"]);
beforeAll(async () => {
  person = await demoPersonAuth();
});
afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel("silent");
});

const CART = [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }];
const FIELDS = { intent: "checkout", paymentMethod: "CARD_ONLINE", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "anna@example.com", comment: "", preOrderAt: "" };

/** The warnings logged from now on (JSON lines on stderr). */
function warnings(): Record<string, unknown>[] {
  setLogLevel("warn");
  const lines: Record<string, unknown>[] = [];
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (!text.startsWith("{")) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    lines.push(JSON.parse(text) as Record<string, unknown>);
    return true;
  }) as typeof process.stderr.write);
  return lines;
}

/** The upstream's order answers (create and GET) for order 781. */
function upstreamOrder(create: Record<string, unknown>, now: Record<string, unknown> | "down" = create) {
  const order = { id: 781, number: "A-781", status: "NEW", total: 39000 };
  server.use(
    http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, () => HttpResponse.json({ ...order, ...create })),
    http.get(`${UPSTREAM}/api/v1/persons/:id/orders/781`, () =>
      now === "down" ? HttpResponse.json({ errors: [{ code: "x", message: "orders are down" }] }, { status: 503 }) : HttpResponse.json({ ...order, ...now }),
    ),
  );
}

async function placeAndSee() {
  const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_promo_code: null }, person);
  const key = crypto.randomUUID();
  const res = await answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, key }))));
  const after = nextCookie(cookie, res.headers);
  const page = await answerOf(await successLoader({ ...(await routeArgs(get(`/checkout/${key}`, after))), params: { key } }));
  return { res, key, page: page.body };
}

describe("the payment address in the log", () => {
  it("a refused one: logged with the order and its origin, never the address (it may carry a payment token)", async () => {
    upstreamOrder({ paymentUrl: "https://evil.example/pay?token=SECRET-781", paymentStatus: "PENDING" });
    const logged = warnings();
    const { res, key } = await placeAndSee();
    expect(res.headers.get("Location")).toBe(`/checkout/${key}`);
    const refused = logged.filter((l) => l.msg === "payment address refused");
    expect(refused.length).toBeGreaterThan(0);
    for (const line of refused) expect(line).toMatchObject({ level: "warn", orderId: "781", origin: "https://evil.example" });
    expect(JSON.stringify(logged)).not.toContain("SECRET-781");
  });

  it("one that is no address at all: logged as unparseable", async () => {
    upstreamOrder({ paymentUrl: "pay here please", paymentStatus: "PENDING" });
    const logged = warnings();
    await placeAndSee();
    expect(logged.filter((l) => l.msg === "payment address refused")[0]).toMatchObject({ orderId: "781", origin: "unparseable" });
  });

  it("an order without one (nothing to pay on the provider's page yet) is not a refusal", async () => {
    upstreamOrder({ paymentUrl: null, paymentStatus: "PENDING" });
    const logged = warnings();
    const { page } = await placeAndSee();
    expect(page.payment).toEqual({ state: "awaited", payUrl: null });
    expect(logged.filter((l) => l.msg === "payment address refused")).toEqual([]);

    const rc = await contextOf(get("/", ""));
    expect(checkedPaymentUrl(rc, undefined, "782")).toBeNull();
    expect(checkedPaymentUrl(rc, null, "782")).toBeNull();
    expect(logged.filter((l) => l.msg === "payment address refused")).toEqual([]);
  });

  it("an allowed one is followed and not logged", async () => {
    upstreamOrder({ paymentUrl: "https://pay.example.com/form?id=781", paymentStatus: "PENDING" });
    const logged = warnings();
    const { res } = await placeAndSee();
    expect(res.headers.get("Location")).toBe("https://pay.example.com/form?id=781");
    expect(logged.filter((l) => l.msg === "payment address refused")).toEqual([]);
  });
});

describe("the payment status in the log", () => {
  it("the upstream cannot tell it: 'unknown' on the page, logged with the order and the reason", async () => {
    upstreamOrder({ paymentUrl: "https://pay.example.com/form?id=781", paymentStatus: "PENDING" }, "down");
    const logged = warnings();
    const { page } = await placeAndSee();
    expect(page.payment).toEqual({ state: "unknown", payUrl: "https://pay.example.com/form?id=781" });
    const line = logged.find((l) => l.msg === "payment status unavailable");
    expect(line).toMatchObject({ level: "warn", orderId: "781" });
    expect(String(line?.error)).toContain("orders are down");
  });
});
