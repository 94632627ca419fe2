// Checkout through the /cart action: sign-in, validation (spec §5), order errors (spec §8), the day-off
// dialog, and idempotent submission against the upstream twin through msw.
import { answerOf } from "../answer";
import { DELIVERY_173, TAKEAWAY_173, cookieWith, demoPersonAuth, get, nextCookie, orderFails, post, twin, withUpstream } from "./helpers";
import type { SubmissionResult } from "@conform-to/react";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { loader as successLoader } from "~/routes/checkout.$key";
import { routeArgs, contextOf } from "../context";

withUpstream();

type Person = Awaited<ReturnType<typeof demoPersonAuth>>;
let person: Person;
beforeAll(async () => {
  person = await demoPersonAuth();
});

const CART = [{ positionId: 10056, menuId: 501, count: 3, modifiers: [] }];
const FIELDS = {
  intent: "checkout",
  paymentMethod: "CARD_UPON_RECEIPT",
  name: "Анна",
  phone: "+7 999 000-11-22",
  email: "anna@example.com",
  receiptEmail: "",
  comment: "Позвоните за 5 минут",
  preOrderAt: "",
};
const key = () => crypto.randomUUID();

const replyOf = (res: { body: Record<string, unknown> }) => res.body.result as SubmissionResult<string[]>;
const submit = async (cookie: string, fields: Record<string, string>) =>
  (await answerOf(await action(await routeArgs(post("/cart", cookie, fields)))));

describe("checkout", () => {
  it("asks to sign in first, keeping the cart and what was typed", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART });
    const res = await submit(cookie, { ...FIELDS, key: key() });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/auth?redirectTo=%2Fcart");
    const state = await (await contextOf(get("/", nextCookie(cookie, res.headers)))).session.get("storefront");
    expect(state.cart_positions).toEqual(CART);
    expect(state.order_person?.name).toBe("Анна");
    expect(state.order_comment).toBe("Позвоните за 5 минут");
  });

  it("refuses an order form that fell into the honeypot: 400, nothing ordered, the cart kept", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const before = twin.store.orders().length;
    const res = await submit(cookie, { ...FIELDS, key: key(), name__confirm: "http://spam.example" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.");
    expect(twin.store.orders().length).toBe(before);
    const state = await (await contextOf(get("/", nextCookie(cookie, res.headers)))).session.get("storefront");
    expect(state.cart_positions).toEqual(CART);
    // the same form as a person sends it orders
    const ok = await submit(cookie, { ...FIELDS, key: key() });
    expect(ok.status).toBe(303);
    expect(twin.store.orders().length).toBe(before + 1);
  });

  it("validates the form with the spec's messages (400, nothing ordered)", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const before = twin.store.orders().length;
    const cases: [Record<string, string>, string, string][] = [
      [{ name: "" }, "name", "Введите ваше имя"],
      [{ name: "А".repeat(51) }, "name", "Имя не должно превышать 50 символов"],
      [{ phone: "" }, "phone", "Введите номер телефона"],
      [{ phone: "12" }, "phone", "Укажите корректный номер"],
      [{ email: "not-an-email" }, "email", "Укажите корректный email"],
      [{ paymentMethod: "CARD_ONLINE", receiptEmail: "" }, "receiptEmail", "Укажите email для получения чека"],
      [{ comment: "x".repeat(101) }, "comment", "Комментарий не должен превышать 100 символов"],
      [{ paymentMethod: "" }, "paymentMethod", "Обязательное поле"],
    ];
    for (const [change, field, message] of cases) {
      const res = await submit(cookie, { ...FIELDS, key: key(), ...change });
      expect(res.status, field).toBe(400);
      expect(replyOf(res).error?.[field], JSON.stringify(change)).toEqual([message]);
    }
    expect(twin.store.orders().length).toBe(before);
  });

  it("a comment of 100 characters over several lines, as a form without scripts posts it (CRLF), is the order's comment", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_promo_code: null }, person);
    const lines = ["Позвоните за 5 минут до приезда", "Домофон не работает, стучите", "Сдачи с 5000"];
    const typed = `${lines.join("\n")}\n${"!".repeat(100 - lines.join("\n").length - 1)}`;
    expect(typed.length).toBe(100);
    const before = twin.store.orders().length;
    const res = await submit(cookie, { ...FIELDS, key: key(), comment: typed.replace(/\n/g, "\r\n") });
    expect(res.status, JSON.stringify(res.body)).toBe(303);
    expect(twin.store.orders().length).toBe(before + 1);
    expect(twin.store.orders().at(-1)!.payload.comment).toBe(typed);
  });

  it("an online payment's receipt goes to an address on a Cyrillic domain, as the browser posts it (punycode)", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_promo_code: null }, person);
    const before = twin.store.orders().length;
    const res = await submit(cookie, {
      ...FIELDS,
      key: key(),
      paymentMethod: "CARD_ONLINE",
      email: "anna@xn--e1afmkfd.xn--p1ai",
      receiptEmail: "anna@xn--e1afmkfd.xn--p1ai",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(303);
    expect(twin.store.orders().length).toBe(before + 1);
    expect(twin.store.orders().at(-1)!.payload).toMatchObject({
      receiptEmail: "anna@xn--e1afmkfd.xn--p1ai",
      person: { email: "anna@xn--e1afmkfd.xn--p1ai", phone: "+79990001122" },
    });
  });

  it("a phone pasted with non-breaking hyphens and spaces orders with the number", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_promo_code: null }, person);
    const res = await submit(cookie, { ...FIELDS, key: key(), phone: "+7\u00a0999\u00a0000\u201111\u201122" });
    expect(res.status, JSON.stringify(res.body)).toBe(303);
    expect(twin.store.orders().at(-1)!.payload).toMatchObject({ person: { phone: "+79990001122" } });
  });

  it("a failed checkout answers with what was submitted, for the re-rendered form (issue 15 §6)", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const res = await submit(cookie, { ...FIELDS, key: key(), name: "Вера", phone: "12", comment: "у шлагбаума" });
    expect(res.status).toBe(400);
    expect(replyOf(res).initialValue).toMatchObject({ name: "Вера", phone: "12", comment: "у шлагбаума", paymentMethod: "CARD_UPON_RECEIPT" });
  });

  it("reports every failing field at once, the receipt e-mail included", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const res = await submit(cookie, {
      ...FIELDS,
      key: key(),
      name: "",
      phone: "",
      paymentMethod: "CARD_ONLINE",
      receiptEmail: "",
    });
    expect(replyOf(res).error).toEqual({
      "": ["Проверьте поля формы"],
      name: ["Введите ваше имя"],
      phone: ["Введите номер телефона"],
      receiptEmail: ["Укажите email для получения чека"],
    });
  });

  it("places the order, empties the cart and shows the success screen", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART, order_promo_code: null }, person);
    const k = key();
    const before = twin.store.orders().length;
    const res = await submit(cookie, { ...FIELDS, key: k });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/checkout/${k}`);
    const orders = twin.store.orders();
    expect(orders.length).toBe(before + 1);
    const order = orders.at(-1)!;
    expect(order.payload).toMatchObject({
      deliveryType: "TAKE_AWAY",
      payType: "CARD_UPON_RECEIPT",
      comment: "Позвоните за 5 минут",
      person: { name: "Анна", phone: "+79990001122" },
    });
    // the server priced the lines itself
    expect(order.payload.positions).toEqual([expect.objectContaining({ id: 10056, count: 3, price: 39000, sum: 117000 })]);
    const after = nextCookie(cookie, res.headers);
    expect((await (await contextOf(get("/", after))).session.get("storefront")).cart_positions).toEqual([]);

    const success = (await answerOf(await successLoader({ ...(await routeArgs(get(`/checkout/${k}`, after))), params: { key: k } })));
    expect(success.body.order).toMatchObject({ number: order.number, total: order.total });
    // another browser (not signed in) cannot read it
    const stranger = await successLoader({ ...(await routeArgs(get(`/checkout/${k}`, ""))), params: { key: k } }).catch(
      (r: unknown) => r,
    );
    expect((stranger as Response).status).toBe(303);
  });

  it("sends what the courier and the receipt need: the delivery place's details and the receipt e-mail; none of them when empty or for takeaway", async () => {
    const place = { ...DELIVERY_173.order_delivery_place!, apartment: "12", entrance: "3", floor: "", intercom: "12К" };
    const delivery = await cookieWith({ ...DELIVERY_173, order_delivery_place: place, cart_positions: CART, order_promo_code: null }, person);
    const res = await submit(delivery, { ...FIELDS, key: key(), receiptEmail: "receipt@example.com" });
    expect(res.status, JSON.stringify(res.body)).toBe(303);
    expect(twin.store.orders().at(-1)!.payload).toMatchObject({
      deliveryType: "DELIVERY",
      apartment: "12",
      entrance: "3",
      floor: null,
      intercom: "12К",
      receiptEmail: "receipt@example.com",
    });

    // takeaway: a delivery place left in the cookie from an earlier visit goes nowhere
    const takeaway = await cookieWith({ ...TAKEAWAY_173, order_delivery_place: place, cart_positions: CART, order_promo_code: null }, person);
    expect((await submit(takeaway, { ...FIELDS, key: key(), comment: "" })).status).toBe(303);
    expect(twin.store.orders().at(-1)!.payload).toMatchObject({
      deliveryType: "TAKE_AWAY",
      apartment: null,
      entrance: null,
      floor: null,
      intercom: null,
      receiptEmail: null,
      preOrderAt: null,
      comment: null,
    });
  });

  it("is idempotent: two concurrent submits, a refresh and a stale resubmit create one order", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const k = key();
    const before = twin.store.orders().length;
    const [a, b] = await Promise.all([submit(cookie, { ...FIELDS, key: k }), submit(cookie, { ...FIELDS, key: k })]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("Location")).toBe(`/checkout/${k}`);
    expect(b.headers.get("Location")).toBe(`/checkout/${k}`);
    expect(twin.store.orders().length).toBe(before + 1);

    // the browser resends the same POST with the old cookie (refresh / back-and-resubmit without JS)
    const again = await submit(cookie, { ...FIELDS, key: k });
    expect(again.headers.get("Location")).toBe(`/checkout/${k}`);
    // with the new (emptied) cookie and the same key: the same order
    const emptied = nextCookie(cookie, a.headers);
    expect((await submit(emptied, { ...FIELDS, key: k })).headers.get("Location")).toBe(`/checkout/${k}`);
    // a second tab's form (another key) after the order: the cart is empty, nothing ordered
    const other = await submit(emptied, { ...FIELDS, key: key() });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe("Корзина пуста — заказ не оформлен");
    expect(twin.store.orders().length).toBe(before + 1);
  });

  it("a failed order is not remembered: the same form can be sent again", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const k = key();
    orderFails("order.sum-exceeds-maximum", "Слишком много");
    expect((await submit(cookie, { ...FIELDS, key: k })).status).toBe(422);
    const before = twin.store.orders().length;
    // msw handlers are reset after each test only; restore the twin's order handler for this retry
    const { server } = await import("./helpers");
    server.resetHandlers();
    expect((await submit(cookie, { ...FIELDS, key: k })).status).toBe(303);
    expect(twin.store.orders().length).toBe(before + 1);
  });
});

describe("order errors (spec §8)", () => {
  const cases: [string, string][] = [
    ["order.address-outside-delivery-area", "Адрес не входит в зону доставки"],
    ["order.positions-cannot-be-delivered", "Некоторые позиции нельзя доставить по этому адресу"],
    ["order.sum-exceeds-maximum", "Сумма заказа больше максимальной. Разделите его на несколько заказов"],
    ["delivery.order-sum-not-enough.range", "Сумма заказа меньше минимальной для доставки"],
    ["resto.doesnt-support-delivery-online-pay", "Заведение не принимает онлайн-оплату при доставке"],
    ["resto.doesnt-support-delivery-card-pay", "Заведение не принимает оплату картой при доставке"],
    ["resto.doesnt-support-delivery-cash-pay", "Заведение не принимает оплату наличными при доставке"],
    ["resto.doesnt-support-takeaway-online", "Заведение не принимает онлайн-оплату при самовывозе"],
    ["resto.doesnt-support-takeaway-card-pay", "Заведение не принимает оплату картой при самовывозе"],
    ["resto.doesnt-support-takeaway-cash-pay", "Заведение не принимает оплату наличными при самовывозе"],
    ["promo-code.after-finish", "Срок действия промокода истёк"],
    ["order.some-new-code", "Сообщение сервера"],
    // the spec gives this code its own rule (the cart turns invalid), not a popup text: the upstream's message
    ["person-order.position-not-found-in-resto", "Сообщение сервера"],
  ];
  for (const [code, message] of cases) {
    it(`${code} → '${message}', the cart kept`, async () => {
      orderFails(code, "Сообщение сервера");
      const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
      const res = await submit(cookie, { ...FIELDS, key: key() });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ ok: false, error: message });
      // the order popup (spec §8), with the message as conform's form error too
      expect(res.body.popup).toBe("order");
      expect(replyOf(res).error?.[""]).toEqual([message]);
      expect((await (await contextOf(get("/", nextCookie(cookie, res.headers)))).session.get("storefront")).cart_positions).toEqual(CART);
    });
  }

  it("the day-off resto (the real twin): the day-off dialog", async () => {
    // resto 175 is on a day off every day and takes cash for takeaway
    const cookie = await cookieWith(
      { city_id: 115, resto_id: 175, order_delivery_method: "TAKE_AWAY", cart_positions: CART },
      person,
    );
    const res = await submit(cookie, { ...FIELDS, paymentMethod: "CASH_UPON_RECEIPT", key: key() });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ popup: "day-off", error: "Заведение сейчас не принимает заказы" });
  });

  it("a payment method the resto does not offer is refused before the upstream", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const before = twin.store.orders().length;
    const res = await submit(cookie, { ...FIELDS, paymentMethod: "CASH_UPON_RECEIPT", key: key() });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("Заведение не принимает оплату для этого способа получения");
    expect(twin.store.orders().length).toBe(before);
  });
});
