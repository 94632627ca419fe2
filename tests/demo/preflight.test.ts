import { describe, expect, it } from "vitest";
import { DEMO_NOTABLE, DEMO_PROMO_CODES, DEMO_DELIVERY_LINE_ID, PROMO_ERROR_CODES } from "../../server/demo";
import type { PreflightPayload } from "~/lib/model";
import { errorBodySchema, orderSchema, preflightAnswerSchema } from "~/lib/model";
import { firstErrorCode, line, location, makeTwin, orderPayload, pizza, preflightPayload } from "./helpers";
import { makeClockResto } from "../../server/demo/clock";

const ANON = "/1/persons/orders/preflight";

async function anonymous(overrides: Partial<PreflightPayload>) {
  const { call } = makeTwin();
  return call(ANON, { json: preflightPayload(overrides) });
}

async function expectError(overrides: Partial<PreflightPayload>, code: string) {
  const answer = await anonymous(overrides);
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  const body = errorBodySchema.parse(answer.body);
  expect(body.errors[0]!.code).toBe(code);
  expect(body.errors[0]!.message).toMatch(/[а-яё]/i);
}

const deliveryLine = (answer: ReturnType<typeof preflightAnswerSchema.parse>) =>
  answer.positions.find((p) => p.specials.includes("DELIVERY_PRICE"));

describe("preflight: prices and delivery", () => {
  it("prices from the data (price + modifiers) × count and adds the zone's delivery price line", async () => {
    const answer = await anonymous({}); // 3 × Маргарита 30 см at Тверская 7 (zone Центр)
    expect(answer.status).toBe(200);
    const parsed = preflightAnswerSchema.parse(answer.body);
    expect(parsed.positions[0]).toMatchObject({ id: DEMO_NOTABLE.margherita, sum: 3 * (49000 + 15000), payableAmount: 192000 });
    // 1 920 ₽ is in the 1 000–2 000 ₽ rule: 149 ₽
    expect(deliveryLine(parsed)).toEqual({
      id: DEMO_DELIVERY_LINE_ID,
      discounts: [],
      promoCodes: [],
      sum: 14900,
      specials: ["DELIVERY_PRICE"],
      payableAmount: 14900,
    });
    expect(parsed.promoCode).toBeNull();
  });

  it("delivers for free above the free-delivery sum, and uses the matched zone's rules", async () => {
    const free = preflightAnswerSchema.parse((await anonymous({ positions: [line(DEMO_NOTABLE.familySet, 1)] })).body);
    expect(deliveryLine(free)).toMatchObject({ sum: 0, payableAmount: 0 });
    const south = preflightAnswerSchema.parse(
      (await anonymous({ ...location("msk-leninsky-30"), positions: [line(DEMO_NOTABLE.familySet, 0 + 1)] })).body,
    );
    expect(deliveryLine(south)).toMatchObject({ sum: 34900 }); // 2 490 ₽ < 2 500 ₽ in the south zone
  });

  it("adds no delivery line for takeaway", async () => {
    const answer = preflightAnswerSchema.parse(
      (await anonymous({ deliveryType: "TAKE_AWAY", address: null, location: null })).body,
    );
    expect(deliveryLine(answer)).toBeUndefined();
  });

  it("applies the automatic discount of 'Пицца дня'", async () => {
    const answer = preflightAnswerSchema.parse((await anonymous({ positions: [pizza(DEMO_NOTABLE.pizzaOfDay, 4)] })).body);
    expect(answer.positions[0]).toMatchObject({
      sum: 180000,
      discounts: [{ name: "Пицца дня −10 %", amount: 18000 }],
      payableAmount: 162000,
    });
  });

  it("refuses a sum below the zone's minimum", () =>
    expectError({ positions: [pizza(DEMO_NOTABLE.margherita, 1)] }, "delivery.order-sum-not-enough.range"));

  it("refuses a sum at or above the highest maximum", () =>
    expectError({ positions: [line(DEMO_NOTABLE.familySet, 7)] }, "order.sum-exceeds-maximum"));

  it("refuses an address outside every zone", () =>
    expectError(location("msk-profsoyuznaya-100"), "order.address-outside-delivery-area"));

  it("refuses delivery from the takeaway-only resto", () =>
    expectError(
      { restoId: 174, payType: null, positions: [line(DEMO_NOTABLE.cappuccino)] },
      "order.address-outside-delivery-area",
    ));

  it("refuses a position of another resto, or an unknown one", async () => {
    await expectError({ positions: [line(DEMO_NOTABLE.cappuccino)] }, "person-order.position-not-found-in-resto");
    await expectError({ positions: [line(1)] }, "person-order.position-not-found-in-resto");
  });

  it("refuses takeaway-only positions for delivery", () =>
    expectError(
      { positions: [...preflightPayload().positions, line(DEMO_NOTABLE.croissant)] },
      "order.positions-cannot-be-delivered",
    ));

  it("checks modifiers against their groups' min and max", async () => {
    await expectError({ positions: [line(DEMO_NOTABLE.margherita, 3)] }, "person-order.modifier-count-invalid");
    const fourToppings = [201, 202, 203, 204].map((id) => ({ id, modifierId: 2 }));
    await expectError(
      { positions: [line(DEMO_NOTABLE.margherita, 3, [{ id: 101, modifierId: 1 }, ...fourToppings])] },
      "person-order.modifier-count-invalid",
    );
    await expectError(
      { positions: [line(DEMO_NOTABLE.margherita, 3, [{ id: 999, modifierId: 1 }])] },
      "person-order.modifier-not-found",
    );
    const withToppings = await anonymous({
      positions: [
        line(DEMO_NOTABLE.margherita, 2, [
          { id: 101, modifierId: 1 },
          { id: 202, modifierId: 2 },
          { id: 203, modifierId: 2, count: 2 },
        ]),
      ],
    });
    expect(preflightAnswerSchema.parse(withToppings.body).positions[0]!.sum).toBe(2 * (49000 + 9000 + 2 * 5000));
  });

  it("prices a position without a location yet, without delivery", async () => {
    const answer = preflightAnswerSchema.parse((await anonymous({ address: null, location: null })).body);
    expect(deliveryLine(answer)).toBeUndefined();
  });

  it("answers 400 with an errors body for a payload that does not fit", async () => {
    const { call } = makeTwin();
    const answer = await call(ANON, { json: { restoId: 173 } });
    expect(answer.status).toBe(400);
    expect(firstErrorCode(answer.body)).toBe("validation.failed");
  });
});

describe("preflight: payment types (spec §8 restaurant codes)", () => {
  const cases: Array<[number, PreflightPayload["deliveryType"], NonNullable<PreflightPayload["payType"]>, string]> = [
    [174, "DELIVERY", "CARD_ONLINE", "resto.doesnt-support-delivery-online-pay"],
    [174, "DELIVERY", "CARD_UPON_RECEIPT", "resto.doesnt-support-delivery-card-pay"],
    [174, "DELIVERY", "CASH_UPON_RECEIPT", "resto.doesnt-support-delivery-cash-pay"],
    [175, "TAKE_AWAY", "CARD_ONLINE", "resto.doesnt-support-takeaway-online"],
    [175, "TAKE_AWAY", "CARD_UPON_RECEIPT", "resto.doesnt-support-takeaway-card-pay"],
    [173, "TAKE_AWAY", "CASH_UPON_RECEIPT", "resto.doesnt-support-takeaway-cash-pay"],
  ];
  it.each(cases)("resto %i, %s, %s → %s", (restoId, deliveryType, payType, code) => {
    const positions = restoId === 174 ? [line(DEMO_NOTABLE.cappuccino)] : preflightPayload().positions;
    return expectError({ restoId, deliveryType, payType, positions }, code);
  });

  it("accepts an enabled one", async () => {
    expect((await anonymous({ deliveryType: "TAKE_AWAY", payType: "CARD_UPON_RECEIPT" })).status).toBe(200);
  });
});

describe("preflight: promo codes", () => {
  it("has one code per promo error of spec §8 and a success code", () => {
    const outcomes = new Set(Object.values(DEMO_PROMO_CODES).map((p) => p.outcome));
    for (const code of PROMO_ERROR_CODES) expect(outcomes).toContain(code);
    expect(outcomes).toContain("success");
  });

  it.each(Object.values(DEMO_PROMO_CODES))("$code → $outcome", async (promo) => {
    const { restoId, deliveryType } = promo.example;
    const answer = await anonymous({
      restoId,
      deliveryType,
      payType: "CARD_ONLINE",
      promoCode: promo.code.toLowerCase(), // case-insensitive
      positions: [line(DEMO_NOTABLE.familySet, 1)],
      ...(deliveryType === "TAKE_AWAY" ? { address: null, location: null } : {}),
    });
    if (promo.outcome === "success") {
      expect(answer.status).toBe(200);
      expect(preflightAnswerSchema.parse(answer.body).promoCode).toBe(promo.code);
    } else {
      expect(answer.status).toBe(422);
      expect(firstErrorCode(answer.body)).toBe(promo.outcome);
    }
  });

  it("WELCOME: 10 % in the lines' promoCodes, capped, with its maximum and minimum filled", async () => {
    const answer = preflightAnswerSchema.parse(
      (await anonymous({ promoCode: "Welcome", positions: [line(DEMO_NOTABLE.familySet, 1)] })).body,
    );
    expect(answer).toMatchObject({ promoCode: "WELCOME", promoCodeMaxDiscountAmount: 50000, promoCodeMinOrderAmount: 100000 });
    expect(answer.positions[0]).toMatchObject({
      sum: 249000,
      promoCodes: [{ code: "WELCOME", amount: 24900 }],
      payableAmount: 224100,
    });
    const big = preflightAnswerSchema.parse(
      (
        await anonymous({
          promoCode: "WELCOME",
          deliveryType: "TAKE_AWAY",
          address: null,
          location: null,
          positions: [line(DEMO_NOTABLE.familySet, 5), pizza()],
        })
      ).body,
    );
    const discount = big.positions.flatMap((p) => p.promoCodes).reduce((sum, p) => sum + p.amount, 0);
    expect(discount).toBe(50000);
  });

  it("WELCOME below its minimum order: echoed, no discount", async () => {
    const answer = preflightAnswerSchema.parse(
      (await anonymous({ promoCode: "WELCOME", deliveryType: "TAKE_AWAY", address: null, location: null, positions: [pizza()] }))
        .body,
    );
    expect(answer.promoCode).toBe("WELCOME");
    expect(answer.positions.every((p) => p.promoCodes.length === 0)).toBe(true);
  });

  it("PICKUP works for takeaway, KAZAN in Kazan, and an unknown code is not found", async () => {
    const pickup = preflightAnswerSchema.parse(
      (await anonymous({ promoCode: "pickup", deliveryType: "TAKE_AWAY", address: null, location: null })).body,
    );
    expect(pickup.positions[0]!.promoCodes).toEqual([{ code: "PICKUP", amount: 9600 }]);
    const kazan = await anonymous({
      restoId: 176,
      ...location("kzn-baumana-44"),
      payType: "CARD_UPON_RECEIPT",
      promoCode: "KAZAN",
      positions: [line(DEMO_NOTABLE.echpochmak, 10)],
    });
    expect(preflightAnswerSchema.parse(kazan.body).positions[0]!.promoCodes).toEqual([{ code: "KAZAN", amount: 22500 }]);
    await expectError({ promoCode: "NO-SUCH-CODE" }, "promo-code.not-found");
  });
});

describe("personal preflight and orders", () => {
  it("personal preflight needs the person's access token", async () => {
    const { call, signInByPhone, advance } = makeTwin();
    const { accessToken, personId } = await signInByPhone();
    const path = `/1/persons/${personId}/orders/preflight`;
    expect((await call(path, { json: preflightPayload() })).status).toBe(401);
    expect((await call(path, { json: preflightPayload(), token: accessToken })).status).toBe(200);
    expect(
      (await call(`/1/persons/${personId + 1}/orders/preflight`, { json: preflightPayload(), token: accessToken })).status,
    ).toBe(403);
    advance(5 * 60);
    const expired = await call(path, { json: preflightPayload(), token: accessToken });
    expect(expired.status).toBe(401);
    expect(firstErrorCode(expired.body)).toBe("auth.token-expired");
  });

  it("creates exactly one order per POST and returns it", async () => {
    const { call, signInByPhone, store } = makeTwin();
    const { accessToken, personId } = await signInByPhone();
    const path = `/api/v1/persons/${personId}/orders`;
    const first = await call(path, { json: orderPayload(), token: accessToken });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const order = orderSchema.parse(first.body);
    expect(order).toMatchObject({ status: "NEW", total: 192000 + 14900 });
    expect(order.number).toMatch(/^D-\d{4}$/);
    expect(store.orders()).toHaveLength(1);
    const second = orderSchema.parse((await call(path, { json: orderPayload(), token: accessToken })).body);
    expect(second.id).not.toBe(order.id);
    expect(store.orders()).toHaveLength(2);
    expect(store.orders()[0]).toMatchObject({ personId, restoId: 173, payload: { comment: "Позвонить за 10 минут" } });
  });

  it("stores no order when the request is refused", async () => {
    const { call, signInByPhone, store } = makeTwin();
    const { accessToken, personId } = await signInByPhone();
    const path = `/api/v1/persons/${personId}/orders`;
    expect((await call(path, { json: orderPayload() })).status).toBe(401);
    const tooLong = await call(path, {
      json: orderPayload({ person: { name: "Я".repeat(51), phone: "+79001234567", email: null } }),
      token: accessToken,
    });
    expect(tooLong.status).toBe(400);
    expect(firstErrorCode(tooLong.body)).toBe("validation.failed");
    const noPay = await call(path, { json: orderPayload({ payType: null }), token: accessToken });
    expect(firstErrorCode(noPay.body)).toBe("order.pay-type-required");
    const noAddress = await call(path, { json: orderPayload({ address: null, location: null }), token: accessToken });
    expect(firstErrorCode(noAddress.body)).toBe("order.address-required");
    expect(store.orders()).toHaveLength(0);
  });

  it("refuses orders of the day-off resto although its preflight passes", async () => {
    const { call, signInByPhone, store } = makeTwin();
    const { accessToken, personId } = await signInByPhone();
    const payload = orderPayload({ restoId: 175, ...location("msk-mira-119") });
    expect((await call(`/1/persons/${personId}/orders/preflight`, { json: payload, token: accessToken })).status).toBe(200);
    const answer = await call(`/api/v1/persons/${personId}/orders`, { json: payload, token: accessToken });
    expect(answer.status).toBe(422);
    expect(firstErrorCode(answer.body)).toBe("resto.day-off");
    expect(store.orders()).toHaveLength(0);
  });
});

describe("orders and the restaurant's hours (issue 36 §2): as soon as possible only while open", () => {
  /** Tuesday 2025-01-07 at this Moscow wall time */
  const tuesdayMsk = (hour: number, minute = 0) => Date.UTC(2025, 0, 7, hour - 3, minute);
  const takeaway = (overrides: Partial<Parameters<typeof orderPayload>[0]> = {}) =>
    orderPayload({ deliveryType: "TAKE_AWAY", address: null, location: null, payType: "CARD_UPON_RECEIPT", ...overrides });

  it("refuses an ASAP order before opening with resto.not-accepting-orders; a pre-order time within the hours goes through", async () => {
    const { call, signInByPhone, store, clock } = makeTwin();
    clock.now = tuesdayMsk(7, 40); // Тверская opens at 09:00
    const { accessToken, personId } = await signInByPhone();
    const asap = await call(`/api/v1/persons/${personId}/orders`, { json: takeaway(), token: accessToken });
    expect(asap.status).toBe(422);
    expect(firstErrorCode(asap.body)).toBe("resto.not-accepting-orders");
    const nine = new Date(tuesdayMsk(9, 0)).toISOString();
    const preOrder = await call(`/api/v1/persons/${personId}/orders`, { json: takeaway({ preOrderAt: nine }), token: accessToken });
    expect(preOrder.status, JSON.stringify(preOrder.body)).toBe(200);
    expect(store.orders()).toHaveLength(1);
  });

  it("refuses an ASAP order after closing, and a pre-order time outside the hours or already past", async () => {
    const { call, signInByPhone, clock } = makeTwin();
    clock.now = tuesdayMsk(23, 30);
    const { accessToken, personId } = await signInByPhone();
    const asap = await call(`/api/v1/persons/${personId}/orders`, { json: takeaway(), token: accessToken });
    expect(firstErrorCode(asap.body)).toBe("resto.not-accepting-orders");
    const night = new Date(tuesdayMsk(23, 30) + 3 * 3_600_000).toISOString(); // Wednesday 02:30
    const outside = await call(`/api/v1/persons/${personId}/orders`, { json: takeaway({ preOrderAt: night }), token: accessToken });
    expect(firstErrorCode(outside.body)).toBe("order.pre-order-time-invalid");
    const past = await call(`/api/v1/persons/${personId}/orders`, { json: takeaway({ preOrderAt: new Date(tuesdayMsk(12)).toISOString() }), token: accessToken });
    expect(firstErrorCode(past.body)).toBe("order.pre-order-time-invalid");
  });

  it("a restaurant whose clock a test set (/_demo/clock): Sunday is its day off, at any real time", async () => {
    const { call, signInByPhone, store, clock } = makeTwin();
    for (const real of [Date.UTC(2025, 0, 6, 3), Date.UTC(2025, 0, 8, 15, 17), Date.UTC(2025, 0, 11, 22, 59)]) {
      clock.now = real;
      const { resto } = makeClockResto(store.now(), { day: "SUNDAY", time: "12:00" });
      const { accessToken, personId } = await signInByPhone();
      const asap = await call(`/api/v1/persons/${personId}/orders`, { json: takeaway({ restoId: resto.id }), token: accessToken });
      expect(firstErrorCode(asap.body)).toBe("resto.day-off");
      const monday = await call(`/1/restos/${resto.id}/working-hours`);
      expect(monday.status).toBe(200);
    }
  });
});
