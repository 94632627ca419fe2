import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher } from "react-router";
import { HoneypotFields, type HoneypotFieldsProps } from "~/components/HoneypotFields";
import { useEffect, useRef, useState } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { COMMENT_MAX, NAME_MAX } from "~/lib/constants";
import { JsFlag } from "~/components/ui/JsFlag";
import type { DeliveryMethod, PaymentMethod } from "~/lib/model";
import type { PreOrderSlot } from "./pre-order";
import { useOrderPending, useOrderSubmit } from "./use-order-submit";
import { useLazyForm } from "~/features/forms/lazy-form";
import type { CheckoutInput } from "./checkout-schema";
import { useCartWrite } from "~/features/forms/use-cart-write";
import { cartWrites } from "~/features/forms/write-queue";

// the schema (zod, libphonenumber) is fetched after the first view (ADR 104)
const loadCheckoutValidator = () => import("./checkout-schema").then((m) => m.parseCheckoutForm);

/**
 * What the checkout form shows: the cart page's view has it (the cart feature computes it), but the form
 * names only what it reads, so checkout depends on nothing of the cart.
 */
export interface CheckoutFormView {
  checkoutKey: string;
  honeypot: HoneypotFieldsProps;
  method: DeliveryMethod;
  place: { text: string } | null;
  resto: { name: string; street: string } | null;
  payment: { methods: readonly PaymentMethod[]; selected: PaymentMethod | null };
  draft: { name: string; phone: string; email: string; receiptEmail: string; comment: string; preOrderAt: string };
  slots: readonly PreOrderSlot[];
  /** 'Как можно скорее' is offered only while the restaurant accepts orders (issue 36 §2) */
  acceptingOrders: boolean;
  orderingPaused: boolean;
  preflight: { invalid: boolean };
  threshold: unknown;
  signedIn: boolean;
}
type View = CheckoutFormView;

/** What the cart action answers to a failed checkout: conform's reply, and which popup shows the refusal. */
export interface CheckoutActionData {
  ok: boolean;
  intent: string;
  error?: string;
  result?: SubmissionResult<string[]>;
  popup?: "order" | "day-off";
}

/** The order draft and checkout (spec §2 cart screen, §3 order draft, §5 validation, §6 sign-in). */
export function CheckoutForm({ view, actionData }: { view: View; actionData: CheckoutActionData | undefined }) {
  const { t } = useTranslation();
  const paymentFetcher = useFetcher({ key: "cart-payment" });
  // the choice is saved in the cart's cookie: one write at a time with the cart's others (ADR 119)
  const paymentWrite = useCartWrite("cart-payment", paymentFetcher);
  const formRef = useRef<HTMLFormElement>(null);
  const order = useOrderSubmit();
  // from the tap until the order's navigation settles (it waits for the writes before it, then goes: ADR 208, 217)
  const submitting = useOrderPending();
  const failed = actionData && !actionData.ok && actionData.intent === "checkout" ? actionData : null;
  // issue 13 §5: the same schema and parser as the action (in the browser once fetched); a failed POST re-renders from its reply, which holds
  // what was submitted (issue 15 §6) — the draft from the cookie otherwise
  const [selectedPayment, setSelectedPayment] = useState<PaymentMethod | null>(null);
  const [form, fields] = useLazyForm<CheckoutInput>(
    {
      id: "checkout",
      lastResult: failed?.result,
      defaultValue: { ...view.draft, paymentMethod: view.payment.selected ?? undefined },
    },
    loadCheckoutValidator,
    // what was typed or picked on the server's form before this one hydrated (ADR 124, 126, 150) is the
    // customer's: the fields keep it, and a payment method picked then is also saved
    (early) => {
      const picked = view.payment.methods.find((method) => method === early.value("paymentMethod"));
      if (!picked) return;
      setSelectedPayment(picked);
      if (picked !== view.payment.selected && !submitting) {
        paymentWrite.submit({ intent: "payment", paymentMethod: picked, js: "1" }, { method: "post", action: "/cart" });
      }
    },
  );
  // what the upstream would refuse anyway: unavailable positions, no address, a total outside the thresholds
  const blocked =
    view.orderingPaused ||
    view.preflight.invalid ||
    view.payment.methods.length === 0 ||
    (view.method === "DELIVERY" && (!view.place || view.threshold !== null));
  // after a failed submit the server answered, focus moves to the first field with an error (the alert names the problem)
  useEffect(() => {
    if (failed?.result?.error && Object.keys(failed.result.error).some((name) => name !== "")) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [failed]);
  // controlled, so that the saved choice (a fetcher) and the revalidated page never fight over the radios
  const submitted = failed?.result?.initialValue?.paymentMethod;
  const submittedPayment = view.payment.methods.find((m) => m === submitted);
  const payment = selectedPayment ?? submittedPayment ?? view.payment.selected;
  const dayLabel = (offset: number, value: string) =>
    offset === 0 ? t("checkout.today") : offset === 1 ? t("checkout.tomorrow") : `${value.slice(8, 10)}.${value.slice(5, 7)}`;
  const formProps = getFormProps(form);
  const paymentError = fields.paymentMethod.errors?.[0];
  // the order's refusal shows in its popup (spec §8 "Order popup", CartScreen); other form-level messages here
  const formError = failed?.popup ? undefined : form.errors?.[0];

  return (
    <Form
      {...formProps}
      ref={formRef}
      method="post"
      action="/cart"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        // conform validates first (a form with errors goes nowhere); a valid one may wait for fetchers (ADR 085)
        formProps.onSubmit(event);
        if (!event.defaultPrevented) order.submit(event);
      }}
      aria-label={t("checkout.heading")}
      data-testid="checkout-form"
    >
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="key" value={view.checkoutKey} />
      <HoneypotFields {...view.honeypot} />

      {/* from the tap on 'Оформить заказ' until its answer the order's fields cannot change: what goes is what they held
          at the tap (ADR 217), and a word typed meanwhile would be lost without a sign (ADR 219). The two boxes are
          drawn dimmed, values and labels alike: dimmed values alone read as placeholders */}
      <fieldset
        disabled={submitting}
        className="contents [&:disabled_:is(input,select,textarea)]:cursor-not-allowed [&:disabled>*]:opacity-60"
      >
        <fieldset className="rounded-3xl bg-surface p-4 md:p-5">
          <legend className="float-left mb-3 w-full font-semibold">{t("checkout.payment")}</legend>
          {view.payment.methods.length === 0 ? (
            <p className="text-sm text-muted">{t("checkout.noPaymentMethods")}</p>
          ) : (
            <div className="clear-both flex flex-col gap-2">
              {view.payment.methods.map((method) => {
                const {
                  key,
                  defaultChecked: _defaultChecked,
                  ...radio
                } = getInputProps(fields.paymentMethod, {
                  type: "radio",
                  value: method,
                });
                return (
                  <label
                    key={method}
                    className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2 has-[:checked]:border-brand"
                  >
                    <input
                      key={key}
                      {...radio}
                      id={`${fields.paymentMethod.id}-${method}`}
                      checked={method === payment}
                      onChange={() => {
                        // from the tap on 'Оформить заказ' the order is decided (ADR 217): a choice tapped in the same
                        // moment, before the form is drawn as sending, neither shows nor is saved (the queue knows at once)
                        if (submitting || cartWrites.frozen) return;
                        setSelectedPayment(method);
                        paymentWrite.submit(
                          { intent: "payment", paymentMethod: method, js: "1" },
                          { method: "post", action: "/cart" },
                        );
                      }}
                      className="accent-[var(--color-brand)]"
                    />
                    {t(`checkout.paymentMethods.${method}`)}
                  </label>
                );
              })}
            </div>
          )}
          {paymentError ? (
            <p id={fields.paymentMethod.errorId} className="mt-2 text-sm text-danger" data-testid="error-paymentMethod">
              {paymentError}
            </p>
          ) : null}
        </fieldset>

        <section aria-labelledby="checkout-contacts" className="flex flex-col gap-3 rounded-3xl bg-surface p-4 md:p-5">
          <h2 id="checkout-contacts" className="font-semibold">
            {t("checkout.contacts")}
          </h2>
          <TextField meta={fields.name} label={t("checkout.name")} maxLength={NAME_MAX + 10} autoComplete="name" />
          <TextField meta={fields.phone} label={t("checkout.phone")} type="tel" autoComplete="tel" inputMode="tel" />
          <TextField meta={fields.email} label={t("checkout.email")} type="email" autoComplete="email" />
          <TextField meta={fields.receiptEmail} label={t("checkout.receiptEmail")} type="email" autoComplete="email" />
          {!view.acceptingOrders && view.slots.length === 0 ? (
            // closed, and no pre-order time within the days offered: the order would be refused (the day-off dialog)
            <input type="hidden" name="preOrderAt" value="" />
          ) : (
            <SelectField meta={fields.preOrderAt} label={t("checkout.preOrder")}>
              {view.acceptingOrders ? <option value="">{t("checkout.asap")}</option> : null}
              {view.slots.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {t("checkout.preOrderAt", { day: dayLabel(slot.dayOffset, slot.localDate), time: slot.time })}
                </option>
              ))}
            </SelectField>
          )}
          <TextAreaField
            meta={fields.comment}
            label={t("checkout.comment")}
            hint={t("checkout.commentHint", { max: COMMENT_MAX })}
            rows={2}
            maxLength={COMMENT_MAX}
          />
        </section>
      </fieldset>

      {formError ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-2xl border border-danger/60 bg-surface px-4 py-3 text-sm"
          data-testid="checkout-error"
        >
          {formError}
        </p>
      ) : null}
      {view.orderingPaused ? (
        <p
          role="status"
          className="rounded-2xl border border-brand/50 bg-surface px-4 py-3 text-sm"
          data-testid="ordering-paused"
        >
          {t("checkout.orderingPaused")}
        </p>
      ) : null}
      {!view.signedIn ? (
        <p className="rounded-2xl bg-surface px-4 py-3 text-sm" data-testid="sign-in-required">
          {t("checkout.signInRequired")}{" "}
          <Link to="/auth?redirectTo=%2Fcart" className="font-semibold underline underline-offset-4">
            {t("checkout.signIn")}
          </Link>
        </p>
      ) : null}
      <JsFlag />
      <button
        type="submit"
        disabled={submitting || blocked}
        className="inline-flex items-center justify-center rounded-full bg-brand px-5 py-3 text-lg font-semibold text-on-brand disabled:opacity-60"
        data-testid="checkout-submit"
      >
        {submitting ? t("checkout.submitting") : t("checkout.submit")}
      </button>
    </Form>
  );
}
