// ADR 096: the success screen of an order placed by another container (its idempotency store not shared,
// Redis away) still shows the order, from the customer's own cookie — and only to that customer.
import { TAKEAWAY_173, cookieWith, demoPersonAuth, get, nextCookie, post, withUpstream } from "./helpers";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import type { Services } from "~server/services";
import { routeArgs, services, servicesWith } from "../context";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
beforeAll(async () => {
  person = await demoPersonAuth();
});

const FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };

/** the container that places the orders (this file's services) */
const placing = () => services();
/** another container of the same brand: the same secrets and upstream, an idempotency store of its own (no Redis) */
let other: Services;
beforeAll(() => {
  other = servicesWith({ REDIS_URL: undefined });
  return () => other.close();
});

async function placeOrder() {
  const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }] }, person);
  const key = crypto.randomUUID();
  const placed = await action(await routeArgs(post("/cart", cookie, { ...FIELDS, key }), {}, { services: placing() }));
  expect((placed as Response).status).toBe(303);
  return { key, after: nextCookie(cookie, placed as Response) };
}

/** the success loader's answer: the order it shows, or where it sent the customer */
async function successScreen(key: string, cookie: string, on: Services = placing()) {
  const answer: unknown = await successLoader({ ...(await routeArgs(get(`/checkout/${key}`, cookie), {}, { services: on })), params: { key } }).catch((r: unknown) => r);
  if (answer instanceof Response) return { redirect: answer.headers.get("Location") };
  return { order: (answer as { data: { order: { number: string } } }).data.order };
}

describe("the success screen on a container that did not place the order", () => {
  it("shows the order from the customer's cookie", async () => {
    const { key, after } = await placeOrder();
    const here = await successScreen(key, after);
    expect(here.order?.number).toBeTruthy();
    // another process: its store never saw the key
    expect(await successScreen(key, after, other)).toEqual({ order: here.order });
  });

  it("not for another key, and not without the customer's sign-in", async () => {
    const { key, after } = await placeOrder();
    // on another process, whose store never saw the key
    expect(await successScreen(crypto.randomUUID(), after, other)).toEqual({ redirect: "/cart" });
    // the same browser's storefront cookie (it carries the order) without the sign-in cookie
    const withoutSignIn = after
      .split("; ")
      .filter((pair) => !pair.includes("auth="))
      .join("; ");
    expect(withoutSignIn).not.toBe(after);
    expect(await successScreen(key, withoutSignIn, other)).toEqual({ redirect: "/cart" });
  });
});
