// Issue 14 §6: duplicates of one checkout form — double clicks, concurrent twins — are one attempt against
// the order-rate limit, so a customer is never told "too many orders" for orders that were placed once.
import { TAKEAWAY_173, cookieWith, demoPersonAuth, post, twin, withUpstream } from "./helpers";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { ORDER_LIMITS } from "~server/orders/rate-limit";
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
