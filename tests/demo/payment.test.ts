import { describe, expect, it } from "vitest";
import { orderSchema } from "~/lib/model";
import { firstErrorCode, makeTwin, orderPayload } from "./helpers";

const RETURN = "http://localhost:3400/checkout/0b6c3c1e-2f7a-4d55-9d7e-3a1c2b4d5e6f";

describe("the twin's online payment (issue 15 §9, ADR 099)", () => {
  it("a CARD_ONLINE order with a return address gets the stand-in's address on that site, PENDING", async () => {
    const { call, signInByPhone, store } = makeTwin();
    const { accessToken, personId } = await signInByPhone();
    const answer = await call(`/api/v1/persons/${personId}/orders`, { json: orderPayload({ returnUrl: RETURN }), token: accessToken });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const order = orderSchema.parse(answer.body);
    const token = store.orders()[0]!.payment!.token;
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(order.paymentUrl).toBe(`http://localhost:3400/_demo/pay/${order.id}?token=${token}`);
    expect(order.paymentStatus).toBe("PENDING");
  });

  it("the order now (GET) reports the outcome the stand-in recorded; a paid order has no payment address", async () => {
    const { call, signInByPhone, store } = makeTwin();
    const { accessToken, personId } = await signInByPhone();
    const created = orderSchema.parse(
      (await call(`/api/v1/persons/${personId}/orders`, { json: orderPayload({ returnUrl: RETURN }), token: accessToken })).body,
    );
    const id = Number(created.id);
    const now = async () => orderSchema.parse((await call(`/api/v1/persons/${personId}/orders/${id}`, { token: accessToken })).body);
    expect(store.settlePayment(id, "wrong-token", "PAID")).toBe(false);
    expect((await now()).paymentStatus).toBe("PENDING");
    expect(store.settlePayment(id, store.order(id)!.payment!.token, "FAILED")).toBe(true);
    expect(await now()).toMatchObject({ paymentStatus: "FAILED", paymentUrl: created.paymentUrl });
    // a failed payment may be tried again; a paid one is final
    expect(store.settlePayment(id, store.order(id)!.payment!.token, "PAID")).toBe(true);
    expect(await now()).toMatchObject({ paymentStatus: "PAID", paymentUrl: null });
    expect(store.settlePayment(id, store.order(id)!.payment!.token, "FAILED")).toBe(false);
  });

  it("other payment methods, and an order without a usable return address, have no online payment", async () => {
    const { call, signInByPhone } = makeTwin();
    const { accessToken, personId } = await signInByPhone();
    const path = `/api/v1/persons/${personId}/orders`;
    for (const payload of [
      orderPayload({ payType: "CARD_UPON_RECEIPT", returnUrl: RETURN }),
      orderPayload({ returnUrl: null }),
      orderPayload({ returnUrl: "javascript:alert(1)//checkout/x" }),
      orderPayload({ returnUrl: "http://localhost:3400/cart" }),
    ]) {
      const order = orderSchema.parse((await call(path, { json: payload, token: accessToken })).body);
      expect(order).toMatchObject({ paymentUrl: null, paymentStatus: null });
    }
  });

  it("another person's order, and an unknown one, are not found", async () => {
    const { call, signInByPhone } = makeTwin();
    const anna = await signInByPhone("+79001234567");
    const boris = await signInByPhone("+79007654321");
    const created = orderSchema.parse(
      (await call(`/api/v1/persons/${anna.personId}/orders`, { json: orderPayload({ returnUrl: RETURN }), token: anna.accessToken })).body,
    );
    const theirs = await call(`/api/v1/persons/${boris.personId}/orders/${created.id}`, { token: boris.accessToken });
    expect(theirs.status).toBe(404);
    expect(firstErrorCode(theirs.body)).toBe("order.not-found");
    expect((await call(`/api/v1/persons/${anna.personId}/orders/1`, { token: anna.accessToken })).status).toBe(404);
    expect((await call(`/api/v1/persons/${anna.personId}/orders/${created.id}`, { token: boris.accessToken })).status).toBe(403);
  });
});
