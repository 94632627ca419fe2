// Contract check: the storefront's typed upstream client (server/upstream) against the twin, through the
// twin's fetch exactly as demo mode wires it (server/context.ts).
import { expect, it } from "vitest";
import { createDemoUpstream, DEMO_NOTABLE } from "../../server/demo";
import { createUpstream } from "../../server/upstream";
import { ApiError } from "../../server/upstream/errors";
import { location, orderPayload, preflightPayload } from "./helpers";
import { atDaytime } from "../context";

function setup() {
  const twin = createDemoUpstream();
  // the twin refuses an order 'as soon as possible' while its restaurant is closed: this client orders at a weekday noon
  atDaytime(twin.store);
  const upstream = createUpstream({ baseUrl: twin.baseUrl, fetch: twin.fetch, whiteLabel: "demo-pizza", apiKey: "demo-api-key" });
  return { twin, upstream };
}

it("boots the default location from the twin", async () => {
  const { upstream } = setup();
  const area = await upstream.boot.loadAreaData(115);
  expect(area.restos.map((r) => r.id)).toEqual([173, 174, 175]);
  const catalog = await upstream.boot.loadRestoCatalog(173);
  expect(catalog.resto.id).toBe(173);
  expect(catalog.menus.length).toBeGreaterThanOrEqual(2);
});

it("signs in by phone, prices and places an order, refreshes tokens", async () => {
  const { twin, upstream } = setup();
  const phone = "+79001112233";
  await upstream.auth.requestPhoneCode({ phone, captchaToken: null });
  const tokens = await upstream.auth.signInPhone({ phone, captchaToken: null, code: twin.store.peekSmsCode(phone)! });
  const me = await upstream.profile.me(tokens.accessToken);
  expect(me.phone).toBe(phone);
  const person = { personId: me.id, accessToken: tokens.accessToken };

  const answer = await upstream.orders.preflight(preflightPayload({ promoCode: "welcome" }), person);
  expect(answer.promoCode).toBe("WELCOME");
  const order = await upstream.orders.createOrder(person, orderPayload());
  expect(order.total).toBe(192000 + 14900);
  expect(twin.store.orders()).toHaveLength(1);

  const refreshed = await upstream.auth.refresh(tokens.refreshToken);
  expect(refreshed.accessToken).not.toBe(tokens.accessToken);
});

it("maps the twin's error bodies and network failure to ApiError", async () => {
  const { twin, upstream } = setup();
  const refused = await upstream.orders
    .preflight(
      preflightPayload({
        ...location("msk-profsoyuznaya-100"),
        positions: [{ id: DEMO_NOTABLE.familySet, count: 1, name: "Сет", price: 0, sum: 0, modifiers: [] }],
      }),
    )
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).code).toBe("order.address-outside-delivery-area");
  twin.store.setScenario({ down: true });
  await expect(upstream.boot.loadAreaData(116)).rejects.toBeInstanceOf(ApiError);
});
