// Issue 14 §6: duplicates of one checkout form — double clicks, concurrent twins — are one attempt against
// the order-rate limit, so a customer is never told "too many orders" for orders that were placed once.
import { TAKEAWAY_173, cookieWith, demoPersonAuth, post, twin, withUpstream } from "./helpers";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { createMemoryRateLimitStore, createRateLimits } from "~server/auth";
import { checkOrderLimit, ORDER_LIMITS } from "~server/orders/rate-limit";
import { answerOf } from "../answer";
import { routeArgs } from "../context";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
beforeAll(async () => {
  person = await demoPersonAuth();
});

const CART = [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }];
const FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };
const CONTEXT = { clientAddress: "198.51.100.14" };


describe("order-rate limit and duplicate submissions", () => {
  it("counts each form once, however often it is submitted at the same time", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const submit = async (key: string) => answerOf(await action(await routeArgs(post("/cart", cookie, { ...FIELDS, key }), {}, CONTEXT)));
    const before = twin.store.orders().length;

    // one form sent ten times at once (an impatient customer, a flaky network)
    const burst = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(burst)));
    expect(answers.map((a) => a.location)).toEqual(Array(10).fill(`/checkout/${burst}`));
    expect(twin.store.orders().length).toBe(before + 1);

    // the rest of the limit, each form double-clicked: every one is placed, none refused
    for (let i = 1; i < ORDER_LIMITS.perPerson.limit; i++) {
      const key = crypto.randomUUID();
      const pair = await Promise.all([submit(key), submit(key)]);
      expect(pair.map((a) => a.location), `form ${i + 1}`).toEqual([`/checkout/${key}`, `/checkout/${key}`]);
    }
    expect(twin.store.orders().length).toBe(before + ORDER_LIMITS.perPerson.limit);

    // the limit is real: the next new form is refused, and says when to try again
    const refused = await submit(crypto.randomUUID());
    expect(refused.status).toBe(422);
    expect(String(refused.body.error)).toMatch(/^Слишком много заказов подряд\. Повторите через \d+ с$/);
    expect(twin.store.orders().length).toBe(before + ORDER_LIMITS.perPerson.limit);
  });
});

describe("order-rate limit per customer and per client address (issue 8)", () => {
  it("one customer's orders do not use up another's, nor the sign-in attempts of the same id", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    for (let i = 0; i < ORDER_LIMITS.perPerson.limit; i++) expect((await checkOrderLimit(limits, "7", `198.51.100.${i + 1}`)).ok).toBe(true);
    const refused = await checkOrderLimit(limits, "7", "198.51.100.200");
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(ORDER_LIMITS.perPerson.windowMs / 1000 - 60);
    expect((await checkOrderLimit(limits, "8", "198.51.100.200")).ok).toBe(true);
    // the same id in another counter (a sign-in check counts under its own key)
    expect((await limits.check([{ key: "code-check:phone:7", limit: 1, windowMs: 60_000, label: "sms_verify" }])).ok).toBe(true);
  });

  it("many customers ordering from one address (an office, a script) meet the address limit; another address does not", async () => {
    const limits = createRateLimits(null, createMemoryRateLimitStore());
    for (let i = 0; i < ORDER_LIMITS.perAddress.limit; i++) expect((await checkOrderLimit(limits, `p${i}`, "2001:db8:9:9::1")).ok).toBe(true);
    // the same /64, another address of it
    expect((await checkOrderLimit(limits, "new", "2001:db8:9:9::2")).ok).toBe(false);
    expect((await checkOrderLimit(limits, "new", "2001:db8:9:a::1")).ok).toBe(true);
    // no known address: counted per customer only
    expect((await checkOrderLimit(limits, "other", null)).ok).toBe(true);
  });
});
