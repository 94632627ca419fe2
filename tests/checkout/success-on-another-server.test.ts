// ADR 096: the success screen of an order placed by another container (its idempotency store not shared,
// Redis away) still shows the order, from the customer's own cookie — and only to that customer.
import { TAKEAWAY_173, cookieWith, demoPersonAuth, get, nextCookie, post, withUpstream } from "./helpers";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import { resetOrderIdempotencyForTests } from "../../server/orders/idempotency";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
beforeAll(async () => {
  person = await demoPersonAuth();
});

const FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };

async function placeOrder() {
  const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }] }, person);
  const key = crypto.randomUUID();
  const placed = await action({ request: post("/cart", cookie, { ...FIELDS, key }), params: {}, context: {} });
  expect((placed as Response).status).toBe(303);
  return { key, after: nextCookie(cookie, placed as Response) };
}

/** the success loader's answer: the order it shows, or where it sent the customer */
async function successScreen(key: string, cookie: string) {
  const answer: unknown = await successLoader({ request: get(`/checkout/${key}`, cookie), params: { key }, context: {} }).catch((r: unknown) => r);
  if (answer instanceof Response) return { redirect: answer.headers.get("Location") };
  return { order: (answer as { data: { order: { number: string } } }).data.order };
}

describe("the success screen on a container that did not place the order", () => {
  it("shows the order from the customer's cookie", async () => {
    const { key, after } = await placeOrder();
    const here = await successScreen(key, after);
    expect(here.order?.number).toBeTruthy();
    resetOrderIdempotencyForTests(); // another process: its store never saw the key
    expect(await successScreen(key, after)).toEqual({ order: here.order });
  });

  it("not for another key, and not without the customer's sign-in", async () => {
    const { key, after } = await placeOrder();
    resetOrderIdempotencyForTests();
    expect(await successScreen(crypto.randomUUID(), after)).toEqual({ redirect: "/cart" });
    // the same browser's storefront cookie (it carries the order) without the sign-in cookie
    const withoutSignIn = after
      .split("; ")
      .filter((pair) => !pair.includes("auth="))
      .join("; ");
    expect(withoutSignIn).not.toBe(after);
    expect(await successScreen(key, withoutSignIn)).toEqual({ redirect: "/cart" });
  });
});
