// Issue 8: while the upstream fails, browsing goes on from cache but ordering pauses with a clear message,
// and the cart stays as it was. Also: 18+ positions cannot be added by posting to /cart directly.
import { answerOf } from "../answer";
import { TAKEAWAY_173, cookieWith, demoPersonAuth, get, nextCookie, post, server, UPSTREAM, withUpstream } from "./helpers";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/cart";
import { action as preferences } from "~/routes/preferences";
import { routeArgs, contextOf, services } from "../context";

withUpstream();


describe("18+ positions", () => {
  it("are refused by /cart until the age is confirmed, then accepted", async () => {
    let cookie = await cookieWith(TAKEAWAY_173);
    const beer = { intent: "add", positionId: "20001", menuId: "502", count: "1", redirectTo: "/" };
    const refused = (await answerOf(await action(await routeArgs(post("/cart", cookie, beer)))));
    expect(refused.status).toBe(400);
    expect((await (await contextOf(get("/", cookie))).session.get("storefront")).cart_positions).toEqual([]);

    const confirmed = await preferences(await routeArgs(post("/preferences", cookie, { intent: "adult", redirectTo: "/" })));
    cookie = nextCookie(cookie, confirmed as Response);
    const accepted = await action(await routeArgs(post("/cart", cookie, beer)));
    expect((accepted as Response).status).toBe(303);
    cookie = nextCookie(cookie, accepted as Response);
    expect((await (await contextOf(get("/", cookie))).session.get("storefront")).cart_positions.map((l) => l.positionId)).toEqual([20001]);
  });
});

describe("an upstream outage", () => {
  it("pauses ordering with the message, keeps the cart, and the cart page still renders", async () => {
    const auth = await demoPersonAuth();
    const cart = [{ positionId: 10031, menuId: 501, count: 2, modifiers: [] }];
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: cart }, auth);
    // warm the catalog, then take the upstream down until the circuit breaker opens
    expect((await answerOf(await loader(await routeArgs(get("/cart", cookie))))).status).toBe(200);
    server.use(http.get(`${UPSTREAM}/*`, () => HttpResponse.error()), http.post(`${UPSTREAM}/*`, () => HttpResponse.error()));
    const { upstream } = services();
    for (let i = 0; i < 5 && upstream.http.circuit() !== "open"; i++) await upstream.catalog.city(90_000 + i).catch(() => undefined);
    expect(upstream.http.circuit()).toBe("open");

    const page = (await answerOf(await loader(await routeArgs(get("/cart", cookie)))));
    expect(page.status).toBe(200);
    expect((page.body.view as { orderingPaused?: boolean } | undefined)?.orderingPaused ?? (page.body as { orderingPaused?: boolean }).orderingPaused).toBe(true);

    const submit = (await answerOf(
      await action(
        await routeArgs(
          post("/cart", cookie, {
            intent: "checkout",
            key: crypto.randomUUID(),
            name: "Анна",
            phone: "+79990001122",
            paymentMethod: "CASH_UPON_RECEIPT",
          }),
        ),
      ),
    ));
    expect(submit.status).toBe(409);
    expect(JSON.stringify(submit.body)).toContain("оформление временно приостановлено");
    expect((await (await contextOf(get("/", cookie))).session.get("storefront")).cart_positions).toEqual(cart);
  });
});
