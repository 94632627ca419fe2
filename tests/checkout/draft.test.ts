// What the customer typed into the checkout form is kept when the order asks them to sign in first (spec §6
// "Ordering requires sign-in"): the sign-in round trip brings them back to the same form, filled in. Through the /cart
// action, not signed in, against the upstream twin through msw.
import { answerOf } from "../answer";
import { TAKEAWAY_173, cookieWith, nextCookie, post, stateOf, withUpstream } from "./helpers";
import { describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { routeArgs } from "../context";
import type { StorefrontState } from "~server/session";

withUpstream();

const CART = [{ positionId: 10056, menuId: 501, count: 1, modifiers: [] }];
const FIELDS = {
  intent: "checkout",
  paymentMethod: "CASH_UPON_RECEIPT",
  name: "Анна",
  phone: "+7 999 000-11-22",
  email: "anna@example.com",
  receiptEmail: "receipt@example.com",
  comment: "Позвоните за 5 минут",
  preOrderAt: "",
};

/** Sends the checkout form not signed in; the state the browser keeps after the answer. */
async function typedThenSignIn(saved: Partial<StorefrontState>, fields: Record<string, string>) {
  const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, ...saved });
  const res = await answerOf(await action(await routeArgs(post("/cart", cookie, { key: crypto.randomUUID(), ...fields }))));
  return { res, state: await stateOf(nextCookie(cookie, res.headers)) };
}

describe("the draft kept on the sign-in round trip", () => {
  it("keeps every field as typed, without the spaces around it, and the cart", async () => {
    const { res, state } = await typedThenSignIn({}, {
      ...FIELDS,
      name: "  Анна  ",
      phone: " +7 999 000-11-22 ",
      email: " anna@example.com ",
      receiptEmail: "\treceipt@example.com ",
      comment: "  Позвоните за 5 минут  ",
      paymentMethod: "CARD_UPON_RECEIPT",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/auth?redirectTo=%2Fcart");
    expect(state.order_person).toEqual({
      name: "Анна",
      phone: "+7 999 000-11-22",
      email: "anna@example.com",
      receiptEmail: "receipt@example.com",
    });
    expect(state.order_comment).toBe("Позвоните за 5 минут");
    expect(state.order_payment_method).toBe("CARD_UPON_RECEIPT");
    expect(state.cart_positions).toEqual(CART);
  });

  it("what is typed replaces what was kept from an earlier visit", async () => {
    const earlier = { name: "Вера", phone: "+7 900 111-22-33", email: "vera@example.com", receiptEmail: "vera.receipt@example.com" };
    const { state } = await typedThenSignIn(
      { order_person: earlier, order_comment: "старый комментарий", order_payment_method: "CARD_ONLINE", order_pre_order_at: "2026-12-01T09:00:00.000Z" },
      { ...FIELDS, preOrderAt: "2026-12-02T10:30:00.000Z" },
    );
    expect(state.order_person).toEqual({ name: "Анна", phone: "+7 999 000-11-22", email: "anna@example.com", receiptEmail: "receipt@example.com" });
    expect(state.order_comment).toBe("Позвоните за 5 минут");
    expect(state.order_payment_method).toBe("CASH_UPON_RECEIPT");
    expect(state.order_pre_order_at).toBe("2026-12-02T10:30:00.000Z");
  });

  it("a comment over several lines, posted with CRLF line breaks, is kept whole up to the field's 100 characters", async () => {
    const typed = `${"к".repeat(30)}\n${"л".repeat(30)}\n${"м".repeat(38)}`;
    expect(typed.length).toBe(100);
    const { state } = await typedThenSignIn({}, { ...FIELDS, comment: typed.replace(/\n/g, "\r\n") });
    expect(state.order_comment).toBe(typed);
  });

  it("a field the form did not send keeps what was kept before (an older page's form, a script)", async () => {
    const earlier = { name: "Вера", phone: "+7 900 111-22-33", email: "vera@example.com", receiptEmail: "vera.receipt@example.com" };
    const { state } = await typedThenSignIn(
      { order_person: earlier, order_comment: "у шлагбаума", order_payment_method: "CARD_ONLINE", order_pre_order_at: "2026-12-01T09:00:00.000Z" },
      { intent: "checkout" },
    );
    expect(state.order_person).toEqual(earlier);
    expect(state.order_comment).toBe("у шлагбаума");
    expect(state.order_payment_method).toBe("CARD_ONLINE");
    expect(state.order_pre_order_at).toBe("2026-12-01T09:00:00.000Z");
    expect(state.cart_positions).toEqual(CART);
  });

  it("nothing kept before and nothing sent: the form's own message, never a server error, and no draft", async () => {
    const { res, state } = await typedThenSignIn({}, { intent: "checkout", comment: "" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Проверьте поля формы");
    expect(state.order_person ?? {}).toEqual({});
    expect(state.cart_positions).toEqual(CART);
  });

  it("what is too long is cut to what the form allows (50, 40, 200, 200, 100, 40 characters); the cart survives it", async () => {
    const long = {
      name: `${"Я".repeat(50)}лишнее`,
      phone: `${"7".repeat(40)}123`,
      email: `${"a".repeat(190)}@example.com`,
      receiptEmail: `${"r".repeat(190)}@example.com`,
      comment: `${"к".repeat(100)} и ещё`,
      preOrderAt: `${"2".repeat(40)}Z`,
    };
    const { state } = await typedThenSignIn({}, { ...FIELDS, ...long });
    expect(state.order_person).toEqual({
      name: "Я".repeat(50),
      phone: "7".repeat(40),
      email: long.email.slice(0, 200),
      receiptEmail: long.receiptEmail.slice(0, 200),
    });
    expect(state.order_comment).toBe("к".repeat(100));
    expect(state.order_pre_order_at).toBe("2".repeat(40));
    expect(state.cart_positions).toEqual(CART);
  });

  it("a payment method that is none of the three is not kept: the one chosen before stays", async () => {
    for (const forged of ["BARTER", "", "card_online"]) {
      const { res, state } = await typedThenSignIn({ order_payment_method: "CARD_ONLINE" }, { ...FIELDS, paymentMethod: forged });
      expect(res.status, forged).toBeLessThan(500);
      expect(state.order_payment_method, forged).toBe("CARD_ONLINE");
      expect(state.cart_positions, forged).toEqual(CART);
    }
  });

  it("a pre-order time cleared in the form ('as soon as possible') is no pre-order any more", async () => {
    const { state } = await typedThenSignIn({ order_pre_order_at: "2026-12-01T09:00:00.000Z" }, { ...FIELDS, preOrderAt: "" });
    expect(state.order_pre_order_at).toBeNull();
    const spaces = await typedThenSignIn({ order_pre_order_at: "2026-12-01T09:00:00.000Z" }, { ...FIELDS, preOrderAt: "   " });
    expect(spaces.state.order_pre_order_at).toBeNull();
  });
});
