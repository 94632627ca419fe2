/**
 * 'Повторить заказ' is the signed-in customer's (issue 18 §1): a signed-out visitor of the order history, or of one
 * past order's repeat page, is sent (303) to sign in and brought back to the page asked for. The real loaders of
 * app/routes/orders.repeat.tsx and orders.$orderId.repeat.tsx; the signed-in journey is the browser's
 * (e2e/repeat-order.spec.ts).
 */
import { describe, expect, it } from "vitest";
import { loader as listLoader } from "~/routes/orders.repeat";
import { loader as orderLoader } from "~/routes/orders.$orderId.repeat";
import { returningCustomerCookie, routeArgs } from "../context";

async function thrownBy(load: () => Promise<unknown>): Promise<Response> {
  try {
    await load();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the loader answered a page to a signed-out visitor");
}

describe("the order history signed out", () => {
  it("sends the visitor to sign in and back to the history", async () => {
    const cookie = await returningCustomerCookie();
    const request = new Request("http://localhost/orders/repeat", { headers: { cookie } });
    const answer = await thrownBy(async () => listLoader({ ...(await routeArgs(request)), params: {} } as never));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/auth?redirectTo=%2Forders%2Frepeat");
  });

  it("sends the visitor of one past order's repeat page to sign in and back to that page", async () => {
    const cookie = await returningCustomerCookie();
    const params = { orderId: "12345" };
    const request = new Request("http://localhost/orders/12345/repeat", { headers: { cookie } });
    const answer = await thrownBy(async () => orderLoader({ ...(await routeArgs(request, params)), params } as never));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/auth?redirectTo=%2Forders%2F12345%2Frepeat");
  });
});
