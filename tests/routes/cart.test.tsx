// @vitest-environment jsdom
/**
 * The cart screen's rules as the customer sees them (ADR 197): the payment methods a restaurant offers, the
 * thresholds that block an order, the checkout form's messages and what it keeps, and which popup shows for which
 * upstream refusal. The route is app/routes/cart.tsx; its loader and action are stand-ins whose answers are made by
 * the app's own rules (cart-view.ts, `parseCheckoutForm`, `errorText`).
 */
import { act, cleanup, screen, within, waitFor } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "react-router";
import CartRoute, { handle } from "~/routes/cart";
import { parseCheckoutForm } from "~/features/checkout/checkout-schema";
import { errorText, NOT_ACCEPTING_CODES } from "~/features/checkout/error-messages";
import { translatorFor } from "~/i18n/locale.server";
import type { CartActionData } from "~/features/cart/cart-actions.server";
import type { PaymentMethod } from "~/lib/model";
import type { PayConfig } from "~/lib/payment";
import type { AppLocale } from "~/i18n/i18n";
import { renderScreen, texts } from "./stub";
import { CENTRE_ZONE, SAMARA, cartView, samaraTime, type CartInput } from "./cart-view";

afterEach(cleanup);
/**
 * The generated tests render the cart 10–12 times each: 6–20 s on the CI machine, whose speed varies twofold from run to
 * run; the file's 20 s would fail them on a slow run, and a timed-out property keeps rendering into the next tests.
 */
const GENERATED_MS = 60_000;

const ru = texts("ru");
const t = translatorFor("ru");

/** the /cart action's answer to a checkout the upstream refused with `code` (cart-actions.server.ts, checkout.server.ts) */
function refusal(form: FormData, code: string, serverMessage: string | null, locale: AppLocale = "ru"): CartActionData {
  const parsed = parseCheckoutForm(form, translatorFor(locale));
  const own = texts(locale);
  const dayOff = NOT_ACCEPTING_CODES.has(code);
  const message = dayOff ? own.checkout.dayOffTitle : errorText(code, serverMessage, own.checkout, own.errors.requestFailed);
  return { ok: false, intent: "checkout", error: message, result: parsed.reply({ formErrors: [message] }), popup: dayOff ? "day-off" : "order" };
}

/** the action's answer to a form its schema refuses (cart-actions.server.ts: 'Исправьте ошибки', the fields' messages) */
function fieldsRefused(form: FormData): CartActionData | null {
  const parsed = parseCheckoutForm(form, t);
  if (parsed.status === "success") return null;
  return { ok: false, intent: "checkout", error: ru.checkout.fixErrors, result: parsed.reply({ formErrors: [ru.checkout.fixErrors] }) };
}

interface Options extends CartInput {
  locale?: AppLocale;
  /** what the upstream answers an order: an error code (and its message), or nothing (the order is placed) */
  upstream?: { code: string; message?: string };
  actionData?: CartActionData;
  /** a cart write (not the order) is answered when the promise this returns for its form settles (at once without it) */
  answerWrite?: (form: FormData) => Promise<void> | undefined;
}

async function renderCart(options: Options = {}) {
  const posted: FormData[] = [];
  const action = async ({ request }: ActionFunctionArgs) => {
    const form = await request.formData();
    posted.push(form);
    if (form.get("intent") !== "checkout") await options.answerWrite?.(form);
    if (form.get("intent") !== "checkout") return { ok: true, intent: String(form.get("intent")) };
    const refused = fieldsRefused(form);
    if (refused) return refused;
    if (options.upstream) return refusal(form, options.upstream.code, options.upstream.message ?? null, options.locale);
    return new Response(null, { status: 303, headers: { Location: "/checkout/done" } });
  };
  return {
    posted,
    ...(await renderScreen({
      routeId: "routes/cart",
      path: "cart",
      Component: CartRoute,
      handle,
      loader: () => cartView(options),
      locale: options.locale,
      action,
      actionData: options.actionData,
      others: [{ path: "checkout/done", text: "Заказ оформлен" }],
    })),
  };
}

async function checkoutForm() {
  return within(await screen.findByRole("form", { name: ru.checkout.heading }));
}

const submitButton = async () => (await checkoutForm()).getByRole("button", { name: ru.checkout.submit });

describe("payment methods (spec §4)", () => {
  const ORDER: PaymentMethod[] = ["CARD_ONLINE", "CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"];
  const options = fc.record({
    cardOnline: fc.constantFrom("", "  ", "https://pay.example/", null),
    cardUponReceipt: fc.boolean(),
    cashUponReceipt: fc.boolean(),
  });

  it("offers exactly the methods enabled for the chosen way of getting the order, in the spec's order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("DELIVERY" as const, "TAKE_AWAY" as const), options, options, async (method, delivery, takeAway) => {
        cleanup();
        const payConfig: PayConfig = { delivery, takeAway };
        const mine = method === "DELIVERY" ? delivery : takeAway;
        const expected = ORDER.filter((m) =>
          m === "CARD_ONLINE" ? typeof mine.cardOnline === "string" && mine.cardOnline.trim() !== "" : m === "CARD_UPON_RECEIPT" ? mine.cardUponReceipt : mine.cashUponReceipt,
        );
        await renderCart({ method, payConfig, count: 3 });
        const form = await checkoutForm();
        const radios = form.queryAllByRole("radio");
        expect(radios.map((r) => r.closest("label")?.textContent)).toEqual(expected.map((m) => ru.checkout.paymentMethods[m]));
        if (expected.length === 0) {
          expect(form.getByText(ru.checkout.noPaymentMethods)).toBeTruthy();
          expect(form.getByRole("button", { name: ru.checkout.submit })).toHaveProperty("disabled", true);
        }
      }),
      { numRuns: 12 },
    );
  }, GENERATED_MS);

  it("chooses 'Картой онлайн' when offered, else the first one; a saved method that is still offered stays", async () => {
    await renderCart();
    expect((await checkoutForm()).getByRole("radio", { name: ru.checkout.paymentMethods.CARD_ONLINE })).toHaveProperty("checked", true);
    cleanup();
    await renderCart({ payConfig: { takeAway: { cardOnline: "", cardUponReceipt: true, cashUponReceipt: true } } });
    expect((await checkoutForm()).getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT })).toHaveProperty("checked", true);
    cleanup();
    await renderCart({ savedPayment: "CASH_UPON_RECEIPT" });
    expect((await checkoutForm()).getByRole("radio", { name: ru.checkout.paymentMethods.CASH_UPON_RECEIPT })).toHaveProperty("checked", true);
  });
});

describe("delivery thresholds (spec §4)", () => {
  it("below the zone's minimum: 'Минимальная сумма заказа' with the minimum, and no order", async () => {
    // Борщ 390 ₽ × 2 = 780 ₽ against the centre zone's 1 000 ₽
    await renderCart({ method: "DELIVERY", count: 2 });
    expect((await screen.findByTestId("cart-threshold")).textContent).toMatch(new RegExp(`^${ru.cart.minOrder}: 1\\s000\\s₽$`));
    expect(await submitButton()).toHaveProperty("disabled", true);
  });

  it("inside a threshold: its delivery price and time, a hint to free delivery, and the order goes", async () => {
    await renderCart({ method: "DELIVERY", count: 3 });
    expect((await screen.findByTestId("cart-delivery")).textContent).toMatch(/149\s₽/);
    expect(screen.getByTestId("cart-delivery-time").textContent).toBe("≈ 40 мин");
    // 2 000 − 1 170 = 830 ₽ to free delivery
    expect(screen.getByTestId("cart-hint").textContent).toMatch(/830\s₽/);
    expect(screen.queryByTestId("cart-threshold")).toBeNull();
    expect(await submitButton()).toHaveProperty("disabled", false);
  });

  it("at or above the highest maximum: 'Максимальная сумма заказа', and no order", async () => {
    const bounded = [{ deliveryCost: 0, deliveryTime: 60, orderPrice: { min: 50000, max: 100000 } }];
    await renderCart({ method: "DELIVERY", count: 3, zone: bounded });
    expect((await screen.findByTestId("cart-threshold")).textContent).toMatch(new RegExp(`^${ru.cart.maxOrder}: 1\\s000\\s₽$`));
    expect(await submitButton()).toHaveProperty("disabled", true);
  });

  it("the order button is enabled exactly when the total lies in a threshold (delivery) or always (takeaway)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.constantFrom("DELIVERY" as const, "TAKE_AWAY" as const), async (count, method) => {
        cleanup();
        await renderCart({ method, count, zone: CENTRE_ZONE });
        const total = 39000 * count;
        const inside = method === "TAKE_AWAY" || total >= 100000;
        expect(await submitButton()).toHaveProperty("disabled", !inside);
        expect(screen.queryByTestId("cart-threshold") === null).toBe(inside);
      }),
      { numRuns: 10 },
    );
  }, GENERATED_MS);

  it("delivery without an address chosen cannot be ordered", async () => {
    await renderCart({ method: "DELIVERY", count: 3, place: false });
    expect(await submitButton()).toHaveProperty("disabled", true);
  });
});

describe("what else blocks an order", () => {
  it("an invalid cart: the preflight's message after 'Корзина недействительна', and no order", async () => {
    await renderCart({ preflight: { message: "Позиция «Борщ» недоступна", invalid: true, failed: false } });
    expect((await screen.findByTestId("preflight-message")).textContent).toBe(`${ru.cart.cartInvalid} Позиция «Борщ» недоступна`);
    expect(await submitButton()).toHaveProperty("disabled", true);
  });

  it("a preflight message that does not invalidate the cart is shown alone and the order goes", async () => {
    await renderCart({ preflight: { message: "Промокод не найден", invalid: false, failed: false } });
    expect((await screen.findByRole("alert")).textContent).toBe("Промокод не найден");
    expect(await submitButton()).toHaveProperty("disabled", false);
  });

  it("while the upstream fails, ordering waits and says so", async () => {
    await renderCart({ orderingPaused: true });
    expect((await screen.findByTestId("ordering-paused")).textContent).toBe(ru.checkout.orderingPaused);
    expect(await submitButton()).toHaveProperty("disabled", true);
  });

  it("signed out: 'Чтобы оформить заказ, авторизуйтесь' with a sign-in link back to the cart", async () => {
    await renderCart({ signedIn: false });
    const note = await screen.findByTestId("sign-in-required");
    expect(note.textContent).toContain(ru.checkout.signInRequired);
    expect(within(note).getByRole("link", { name: ru.checkout.signIn }).getAttribute("href")).toBe("/auth?redirectTo=%2Fcart");
  });
});

describe("checkout validation (spec §5)", () => {
  it("an empty name, a bad phone and online payment without a receipt e-mail: each field says what is wrong; the cart is kept", async () => {
    const { user, posted } = await renderCart();
    const form = await checkoutForm();
    await user.clear(form.getByLabelText(ru.checkout.name));
    await user.type(form.getByLabelText(ru.checkout.phone), "12");
    await user.click(form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_ONLINE }));
    await user.click(form.getByRole("button", { name: ru.checkout.submit }));
    expect((await screen.findByTestId("error-name")).textContent).toBe(ru.validation.name.required);
    expect(screen.getByTestId("error-phone").textContent).toBe(ru.validation.phone.invalid);
    expect(screen.getByTestId("error-receiptEmail").textContent).toBe(ru.validation.email.receiptRequired);
    expect(form.getByLabelText(ru.checkout.name).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByTestId("cart-line")).toHaveLength(1);
    expect(posted.filter((f) => f.get("intent") === "checkout")).toHaveLength(0);
  });

  it("a checkout the server refused for its fields shows what was typed, not the stored draft (issue 15 §6)", async () => {
    const typed = new FormData();
    for (const [k, v] of Object.entries({ intent: "checkout", key: "0b7c1e2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d", name: "Вера", phone: "12", comment: "у шлагбаума", paymentMethod: "CARD_UPON_RECEIPT" }))
      typed.set(k, v);
    const answer = fieldsRefused(typed);
    expect(answer).not.toBeNull();
    await renderCart({ draft: { name: "Анна", phone: "+7 900 000-00-00", comment: "" }, actionData: answer! });
    const form = await checkoutForm();
    expect(form.getByTestId("error-phone").textContent).toBe(ru.validation.phone.invalid);
    expect(form.getByLabelText(ru.checkout.name)).toHaveProperty("value", "Вера");
    expect(form.getByLabelText(ru.checkout.phone)).toHaveProperty("value", "12");
    expect(form.getByLabelText(ru.checkout.comment)).toHaveProperty("value", "у шлагбаума");
    expect(form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT })).toHaveProperty("checked", true);
  });
});

/** a returning customer's draft (the cart cookie's, spec §3), so that ordering is one choice and one click */
const DRAFT = { name: "Вера", phone: "+7 912 345-67-89", comment: "у шлагбаума" };

async function orderAs(user: Awaited<ReturnType<typeof renderCart>>["user"]) {
  const form = await checkoutForm();
  await user.click(form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT }));
  await user.click(form.getByRole("button", { name: ru.checkout.submit }));
}

describe("an order right after a cart write (ADR 085, 208)", () => {
  it("the payment choice and 'Оформить заказ' in one moment: the order waits for the choice's save, then goes", async () => {
    let answerSave!: () => void;
    const paymentSaved = new Promise<void>((resolve) => (answerSave = resolve));
    const { posted } = await renderCart({ draft: DRAFT, answerWrite: (form) => (form.get("intent") === "payment" ? paymentSaved : undefined) });
    const form = await checkoutForm();
    const button = form.getByRole("button", { name: ru.checkout.submit });
    const intents = () => posted.map((f) => f.get("intent"));
    // one task, as a fast tap on a busy phone: React has not rendered the save's fetcher when the order is sent
    act(() => {
      form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT }).click();
      button.click();
    });
    await waitFor(() => expect(intents()).toEqual(["payment"]));
    expect(button.textContent).toBe(ru.checkout.submitting);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(intents()).toEqual(["payment"]);
    act(() => answerSave());
    expect(await screen.findByText("Заказ оформлен")).toBeTruthy();
    expect(intents()).toEqual(["payment", "checkout"]);
    expect(posted[1]!.get("paymentMethod")).toBe("CARD_UPON_RECEIPT");
  });

  it("'Оформить заказ' twice, then '+', in one moment: one order, and no write races it", async () => {
    const { posted } = await renderCart({ draft: DRAFT, count: 2, savedPayment: "CARD_UPON_RECEIPT" });
    const form = await checkoutForm();
    const button = form.getByRole("button", { name: ru.checkout.submit });
    const more = screen.getByRole("button", { name: ru.cart.increase.replace("{{name}}", "Борщ") });
    act(() => {
      button.click();
      button.click();
      more.click();
    });
    expect(await screen.findByText("Заказ оформлен")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posted.map((f) => f.get("intent"))).toEqual(["checkout"]);
  });

  it("a choice, 'Оформить заказ', then another choice in one moment: the order goes as it was tapped, the later choice is not sent (ADR 217)", async () => {
    let answerSave!: () => void;
    const paymentSaved = new Promise<void>((resolve) => (answerSave = resolve));
    const { posted } = await renderCart({ draft: DRAFT, answerWrite: (form) => (form.get("intent") === "payment" ? paymentSaved : undefined) });
    const form = await checkoutForm();
    const intents = () => posted.map((f) => f.get("intent"));
    act(() => {
      form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT }).click();
      form.getByRole("button", { name: ru.checkout.submit }).click();
      // online payment would ask for a receipt e-mail: an order sent with it would be refused for its fields
      form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_ONLINE }).click();
    });
    await waitFor(() => expect(intents()).toEqual(["payment"]));
    // while it waits, the cart's lines are inert: the order is decided
    const more = screen.getByRole("button", { name: ru.cart.increase.replace("{{name}}", "Борщ"), hidden: true });
    await waitFor(() => expect(more.closest("[inert]")).not.toBeNull());
    expect(screen.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT })).toHaveProperty("checked", true);
    act(() => answerSave());
    expect(await screen.findByText("Заказ оформлен")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(intents()).toEqual(["payment", "checkout"]);
    expect(posted[0]!.get("paymentMethod")).toBe("CARD_UPON_RECEIPT");
    expect(posted[1]!.get("paymentMethod")).toBe("CARD_UPON_RECEIPT");
  });

  it("a comment typed while the order waits for a save does not change the order that was tapped (ADR 217)", async () => {
    let answerSave!: () => void;
    const paymentSaved = new Promise<void>((resolve) => (answerSave = resolve));
    const { posted } = await renderCart({ draft: DRAFT, answerWrite: (form) => (form.get("intent") === "payment" ? paymentSaved : undefined) });
    const form = await checkoutForm();
    act(() => {
      form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT }).click();
      form.getByRole("button", { name: ru.checkout.submit }).click();
    });
    const comment = form.getByDisplayValue(DRAFT.comment) as HTMLTextAreaElement;
    comment.value = "позвонить заранее";
    act(() => answerSave());
    expect(await screen.findByText("Заказ оформлен")).toBeTruthy();
    expect(posted.at(-1)!.get("comment")).toBe(DRAFT.comment);
  });

  it("from the tap on 'Оформить заказ' until its answer the order's fields cannot be changed; a refusal gives them back as they were (ADR 219)", async () => {
    let answerSave!: () => void;
    const paymentSaved = new Promise<void>((resolve) => (answerSave = resolve));
    const { user } = await renderCart({
      draft: DRAFT,
      upstream: { code: "order.kitchen-overloaded", message: "   " },
      answerWrite: (form) => (form.get("intent") === "payment" ? paymentSaved : undefined),
    });
    const form = await checkoutForm();
    const name = form.getByLabelText(ru.checkout.name) as HTMLInputElement;
    const comment = form.getByLabelText(ru.checkout.comment) as HTMLTextAreaElement;
    const cash = form.getByRole("radio", { name: ru.checkout.paymentMethods.CASH_UPON_RECEIPT });
    // what the browser counts as disabled (a disabled fieldset disables what is inside it)
    const locked = (field: Element) => field.matches(":disabled");
    expect(locked(name)).toBe(false);
    act(() => {
      form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT }).click();
      form.getByRole("button", { name: ru.checkout.submit }).click();
    });
    await waitFor(() => expect(form.getByTestId("checkout-submit").textContent).toBe(ru.checkout.submitting));
    // the order waits for the payment's save: the customer tries to change what it carries
    for (const field of [name, comment, cash]) expect(locked(field), field.getAttribute("name") ?? "").toBe(true);
    await user.type(comment, " и не звонить");
    await user.click(cash);
    expect(comment.value).toBe(DRAFT.comment);
    act(() => answerSave());
    expect(await screen.findByRole("dialog", { name: ru.checkout.orderErrorTitle })).toBeTruthy();
    await user.click(screen.getByTestId("order-error-ok"));
    await waitFor(() => expect(locked(name)).toBe(false));
    expect(name.value).toBe(DRAFT.name);
    expect(comment.value).toBe(DRAFT.comment);
    expect(form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT })).toHaveProperty("checked", true);
    await user.type(comment, ", код 12");
    expect(comment.value).toBe(`${DRAFT.comment}, код 12`);
  });

  it("writes tapped before 'Оформить заказ' all go before it, in order; one tapped after it does not go (ADR 208, 217)", async () => {
    const answers: (() => void)[] = [];
    const { posted } = await renderCart({
      draft: DRAFT,
      count: 2,
      savedPayment: "CARD_UPON_RECEIPT",
      answerWrite: () => new Promise<void>((resolve) => answers.push(resolve)),
    });
    const intents = () => posted.map((f) => f.get("intent"));
    const form = await checkoutForm();
    const more = screen.getByRole("button", { name: ru.cart.increase.replace("{{name}}", "Борщ") });
    const morePersons = screen.getByRole("button", { name: ru.cart.increasePersons });
    act(() => {
      more.click();
      // another writer's: it waits in the queue for the '+'
      morePersons.click();
      form.getByRole("button", { name: ru.checkout.submit }).click();
      more.click();
    });
    await waitFor(() => expect(intents()).toEqual(["set-count"]));
    act(() => answers[0]!());
    await waitFor(() => expect(intents()).toEqual(["set-count", "person-count"]));
    act(() => answers[1]!());
    expect(await screen.findByText("Заказ оформлен")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(intents()).toEqual(["set-count", "person-count", "checkout"]);
  });

  it("generated taps in one moment around 'Оформить заказ', writes answered in any time: one order, as it was tapped, and nothing written after it (ADR 208, 217)", async () => {
    const METHODS = ["CARD_ONLINE", "CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"] as const satisfies readonly PaymentMethod[];
    const tap = fc.oneof(fc.constantFrom(...METHODS), fc.constantFrom("more" as const, "persons" as const, "order" as const));
    await fc.assert(
      fc.asyncProperty(
        fc.array(tap, { maxLength: 4 }),
        fc.array(tap, { maxLength: 3 }),
        fc.array(fc.nat(30), { minLength: 1, maxLength: 6 }),
        async (before, after, delays) => {
          cleanup();
          let answered = 0;
          const { posted } = await renderCart({
            // every method can be ordered: online payment has its receipt e-mail
            draft: { ...DRAFT, receiptEmail: "vera@example.com" },
            count: 2,
            savedPayment: "CARD_UPON_RECEIPT",
            answerWrite: () => new Promise<void>((resolve) => setTimeout(resolve, delays[answered++ % delays.length])),
          });
          const form = await checkoutForm();
          const button = form.getByRole("button", { name: ru.checkout.submit });
          const more = screen.getByRole("button", { name: ru.cart.increase.replace("{{name}}", "Борщ") });
          const morePersons = screen.getByRole("button", { name: ru.cart.increasePersons });
          const press = (step: (typeof before)[number]) =>
            step === "order"
              ? button.click()
              : step === "more"
                ? more.click()
                : step === "persons"
                  ? morePersons.click()
                  : form.getByRole("radio", { name: ru.checkout.paymentMethods[step] }).click();
          const beforeOrder = before.filter((step) => step !== "order");
          act(() => {
            for (const step of beforeOrder) press(step);
            press("order");
            for (const step of after) press(step);
          });
          const chosen = [...beforeOrder].reverse().find((step) => (METHODS as readonly string[]).includes(step)) ?? "CARD_UPON_RECEIPT";
          // what the form shows while the order goes is what goes
          const checked = screen.queryAllByRole("radio", { hidden: true }).filter((radio) => (radio as HTMLInputElement).checked);
          if (checked.length > 0) expect(checked.map((radio) => (radio as HTMLInputElement).value)).toEqual([chosen]);
          expect(await screen.findByText("Заказ оформлен")).toBeTruthy();
          await new Promise((resolve) => setTimeout(resolve, 60));
          const intents = posted.map((f) => String(f.get("intent")));
          // one order, the last thing sent
          expect(intents.filter((intent) => intent === "checkout")).toEqual(["checkout"]);
          expect(intents.at(-1)).toBe("checkout");
          // with the method chosen when it was tapped
          expect(posted.at(-1)!.get("paymentMethod")).toBe(chosen);
          // the writes sent are writes tapped before it
          expect(intents.length - 1).toBeLessThanOrEqual(beforeOrder.length);
          for (const write of posted.slice(0, -1).filter((f) => f.get("intent") === "payment"))
            expect(beforeOrder).toContain(write.get("paymentMethod"));
        },
      ),
      { numRuns: 12 },
    );
  }, GENERATED_MS);

  it("'Очистить корзину' confirmed while a '+' is on its way waits for its answer: the cart ends empty (ADR 119)", async () => {
    const answers: (() => void)[] = [];
    const { posted, user } = await renderCart({ count: 2, answerWrite: () => new Promise<void>((resolve) => answers.push(resolve)) });
    const intents = () => posted.map((f) => f.get("intent"));
    await user.click(await screen.findByRole("button", { name: ru.cart.increase.replace("{{name}}", "Борщ") }));
    await user.click(screen.getByRole("link", { name: ru.cart.clear }));
    await user.click(await screen.findByTestId("confirm-ok"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(intents()).toEqual(["set-count"]);
    act(() => answers[0]!());
    await waitFor(() => expect(intents()).toEqual(["set-count", "clear"]));
    act(() => answers[1]!());
  });

  it("two cart writes in one moment go one after the other: the second starts from the cookie the first's answer set (ADR 119)", async () => {
    const answers: (() => void)[] = [];
    const { posted } = await renderCart({ count: 2, answerWrite: () => new Promise<void>((resolve) => answers.push(resolve)) });
    const intents = () => posted.map((f) => f.get("intent"));
    const more = await screen.findByRole("button", { name: ru.cart.increase.replace("{{name}}", "Борщ") });
    const morePersons = screen.getByRole("button", { name: ru.cart.increasePersons });
    act(() => {
      more.click();
      morePersons.click();
    });
    await waitFor(() => expect(intents()).toEqual(["set-count"]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(intents()).toEqual(["set-count"]);
    act(() => answers[0]!());
    await waitFor(() => expect(intents()).toEqual(["set-count", "person-count"]));
    act(() => answers[1]!());
  });
});

describe("a refused order in its popup (spec §8, ADR 097)", () => {
  const SERVER = "Сообщение сервера, которое перекрывает перевод";
  const POPUP: [code: string, text: string][] = [
    ["order.address-outside-delivery-area", ru.checkout.orderErrors.outsideArea],
    ["order.positions-cannot-be-delivered", ru.checkout.orderErrors.cannotDeliver],
    ["order.sum-exceeds-maximum", ru.checkout.orderErrors.aboveMax],
    ["delivery.order-sum-not-enough.range", ru.checkout.orderErrors.belowMin],
    ["resto.doesnt-support-takeaway-cash-pay", ru.checkout.restoErrors["takeaway-cash-pay"]],
    ["promo-code.limit-exceed", ru.checkout.promoErrors["limit-exceed"]],
    // a code the storefront does not know: the upstream's own message
    ["order.kitchen-overloaded", SERVER],
  ];

  it.each(POPUP)("%s: '%s' in 'Не удалось оформить заказ'; 'Ок' closes it and the cart, the draft and the payment choice stay", async (code, text) => {
    const { user } = await renderCart({ upstream: { code, message: SERVER }, draft: DRAFT });
    await orderAs(user);
    const dialog = await screen.findByRole("dialog", { name: ru.checkout.orderErrorTitle });
    expect(within(dialog).getByTestId("order-error-message").textContent).toBe(text);
    // the refusal is in the popup, not under the form
    expect(screen.queryByTestId("checkout-error")).toBeNull();
    await user.click(within(dialog).getByRole("link", { name: ru.app.ok }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getAllByTestId("cart-line")).toHaveLength(1);
    const form = await checkoutForm();
    expect(form.getByLabelText(ru.checkout.name)).toHaveProperty("value", "Вера");
    expect(form.getByLabelText(ru.checkout.comment)).toHaveProperty("value", "у шлагбаума");
    expect(form.getByRole("radio", { name: ru.checkout.paymentMethods.CARD_UPON_RECEIPT })).toHaveProperty("checked", true);
  });

  it("an unknown code without a message: the generic 'request failed' text", async () => {
    const { user } = await renderCart({ upstream: { code: "order.kitchen-overloaded", message: "   " }, draft: DRAFT });
    await orderAs(user);
    const dialog = await screen.findByRole("dialog", { name: ru.checkout.orderErrorTitle });
    expect(within(dialog).getByTestId("order-error-message").textContent).toBe(ru.errors.requestFailed);
  });

  it.each([...NOT_ACCEPTING_CODES])("%s: the day-off popup, not the order one", async (code) => {
    const { user } = await renderCart({ upstream: { code, message: SERVER }, draft: DRAFT });
    await orderAs(user);
    const dialog = await screen.findByRole("dialog", { name: ru.checkout.dayOffTitle });
    expect(within(dialog).getByTestId("order-error-message").textContent).toBe(ru.checkout.dayOffText);
    expect(screen.queryByRole("dialog", { name: ru.checkout.orderErrorTitle })).toBeNull();
    await user.click(within(dialog).getByRole("link", { name: ru.app.ok }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getAllByTestId("cart-line")).toHaveLength(1);
  });

  it("an English page: the popup and its message in English", async () => {
    const en = texts("en");
    const { user } = await renderCart({ locale: "en", upstream: { code: "order.sum-exceeds-maximum", message: SERVER }, draft: DRAFT });
    const form = within(await screen.findByRole("form", { name: en.checkout.heading }));
    await user.click(form.getByRole("radio", { name: en.checkout.paymentMethods.CARD_UPON_RECEIPT }));
    await user.click(form.getByRole("button", { name: en.checkout.submit }));
    const dialog = await screen.findByRole("dialog", { name: en.checkout.orderErrorTitle });
    expect(within(dialog).getByTestId("order-error-message").textContent).toBe(en.checkout.orderErrors.aboveMax);
    expect(en.checkout.orderErrors.aboveMax).not.toBe(ru.checkout.orderErrors.aboveMax);
  });

  it("without JavaScript the server's page after the refused POST has the popup open over the cart", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "checkout", key: "0b7c1e2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d", name: "Вера", phone: "+7 912 345-67-89", paymentMethod: "CARD_UPON_RECEIPT" }))
      form.set(k, v);
    await renderCart({ actionData: refusal(form, "order.sum-exceeds-maximum", null) });
    const dialog = await screen.findByRole("dialog", { name: ru.checkout.orderErrorTitle });
    expect(within(dialog).getByTestId("order-error-message").textContent).toBe(ru.checkout.orderErrors.aboveMax);
    // its close goes back to the cart as a plain link
    expect(within(dialog).getByRole("link", { name: ru.app.ok }).getAttribute("href")).toBe("/cart");
  });
});

describe("a restaurant that is not accepting orders (issue 36 §2)", () => {
  const CASES = [
    { name: "before opening", day: "TUESDAY", time: "07:40", notice: "Откроется в 09:00.", not: "уже закрыто", first: "Сегодня, 09:00" },
    { name: "after closing", day: "TUESDAY", time: "23:10", notice: "Заведение уже закрыто. Откроется завтра в 09:00.", not: "Сегодня выходной", first: "Завтра, 09:00" },
    { name: "a day off", day: "SUNDAY", time: "12:00", notice: "Сегодня выходной. Откроется завтра в 09:00.", not: "уже закрыто", first: "Завтра, 09:00" },
  ] as const;

  it.each(CASES)("$name: the notice says why and when it opens, no 'Как можно скорее', the first pre-order time chosen", async (c) => {
    await renderCart({ hours: { resto: SAMARA, working: SAMARA.takeAway, now: samaraTime(c.day, c.time) } });
    const notice = await screen.findByTestId("day-off-notice");
    expect(notice.textContent).toContain(ru.checkout.dayOffTitle);
    expect(notice.textContent).toContain(c.notice);
    expect(notice.textContent).not.toContain(c.not);
    expect(notice.textContent).toContain(ru.checkout.preOrderInvite);
    const time = (await checkoutForm()).getByLabelText(ru.checkout.preOrder) as HTMLSelectElement;
    const options = [...time.options].map((o) => o.textContent);
    expect(options).not.toContain(ru.checkout.asap);
    expect(options[0]).toBe(c.first);
    expect(time.value).toBe(time.options[0]!.value);
    expect(time.value).not.toBe("");
  });

  it("open: 'Как можно скорее' first and chosen, and no notice", async () => {
    await renderCart({ hours: { resto: SAMARA, working: SAMARA.takeAway, now: samaraTime("TUESDAY", "12:00") } });
    const time = (await checkoutForm()).getByLabelText(ru.checkout.preOrder) as HTMLSelectElement;
    expect(time.options[0]!.textContent).toBe(ru.checkout.asap);
    expect(time.value).toBe("");
    expect(screen.queryByTestId("day-off-notice")).toBeNull();
  });
});
