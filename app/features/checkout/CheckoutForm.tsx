import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { HoneypotFields, type HoneypotFieldsProps } from "~/components/HoneypotFields";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { COMMENT_MAX, NAME_MAX } from "~/lib/constants";
import { JsFlag } from "~/components/ui/JsFlag";
import type { DeliveryMethod, PaymentMethod } from "~/lib/model";
import type { PreOrderSlot } from "./pre-order";
import { useOrderSubmit } from "./use-order-submit";

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
  orderingPaused: boolean;
  preflight: { invalid: boolean };
  threshold: unknown;
  signedIn: boolean;
}
type View = CheckoutFormView;

/** What the cart action answers to a failed checkout (until the forms move to conform). */
export interface CheckoutActionData {
  ok: boolean;
  intent: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  dayOff?: boolean;
  /** what the failed checkout submitted: the form shows it rather than the stored draft (issue 15 §6) */
  values?: Partial<Record<"name" | "phone" | "email" | "receiptEmail" | "comment" | "preOrderAt" | "paymentMethod", string>>;
}

const input = "w-full rounded-xl border border-line bg-bg px-3 py-2 aria-[invalid=true]:border-brand";

function Field({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string; name: string }) => ReactNode;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": described })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-brand" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The order draft and checkout (spec §2 cart screen, §3 order draft, §5 validation, §6 sign-in). */
export function CheckoutForm({ view, actionData }: { view: View; actionData: CheckoutActionData | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const paymentFetcher = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const order = useOrderSubmit(formRef);
  const submitting = order.queued || (navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout");
  const failed = actionData && !actionData.ok && actionData.intent === "checkout" ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  // a failed checkout shows what was submitted; the draft (from the cookie) otherwise
  const draft = { ...view.draft, ...failed?.values };
  // what the upstream would refuse anyway: unavailable positions, no address, a total outside the thresholds
  const blocked =
    view.orderingPaused ||
    view.preflight.invalid ||
    view.payment.methods.length === 0 ||
    (view.method === "DELIVERY" && (!view.place || view.threshold !== null));
  // after a failed submit, focus moves to the first field with an error (the alert names the problem)
  useEffect(() => {
    if (failed?.fieldErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);
  // controlled, so that the saved choice (a fetcher) and the revalidated page never fight over the radios
  const submittedPayment = view.payment.methods.find((m) => m === failed?.values?.paymentMethod);
  const [selectedPayment, setSelectedPayment] = useState(submittedPayment ?? view.payment.selected);
  const dayLabel = (offset: number, value: string) =>
    offset === 0 ? t("checkout.today") : offset === 1 ? t("checkout.tomorrow") : `${value.slice(8, 10)}.${value.slice(5, 7)}`;

  return (
    <Form
      ref={formRef}
      method="post"
      action="/cart"
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => order.hold(event)}
      aria-label={t("checkout.heading")}
      data-testid="checkout-form"
    >
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="key" value={view.checkoutKey} />
      <HoneypotFields {...view.honeypot} />

      <section aria-labelledby="checkout-where" className="rounded-3xl bg-surface p-4 md:p-5">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id="checkout-where" className="font-semibold">
            {t(`checkout.method.${view.method}`)}
          </h2>
          <Link to="/location?redirectTo=%2Fcart" className="text-sm underline underline-offset-4">
            {t("checkout.changeLocation")}
          </Link>
        </div>
        <p className="text-sm" data-testid="checkout-place">
          {view.method === "DELIVERY"
            ? (view.place?.text ?? t("checkout.noAddress"))
            : view.resto
              ? `${view.resto.name}, ${view.resto.street}`
              : t("checkout.noAddress")}
        </p>
      </section>

      <fieldset className="rounded-3xl bg-surface p-4 md:p-5">
        <legend className="float-left mb-3 w-full font-semibold">{t("checkout.payment")}</legend>
        {view.payment.methods.length === 0 ? (
          <p className="text-sm text-muted">{t("checkout.noPaymentMethods")}</p>
        ) : (
          <div className="clear-both flex flex-col gap-2">
            {view.payment.methods.map((method) => (
              <label
                key={method}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2 has-[:checked]:border-brand"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  checked={method === selectedPayment}
                  onChange={() => {
                    setSelectedPayment(method);
                    // while the order is on its way the choice travels with it; no fetcher races it (ADR 085)
                    if (submitting) return;
                    paymentFetcher.submit(
                      { intent: "payment", paymentMethod: method, js: "1" },
                      { method: "post", action: "/cart" },
                    );
                  }}
                  className="accent-[var(--color-brand)]"
                />
                {t(`checkout.paymentMethods.${method}`)}
              </label>
            ))}
          </div>
        )}
        {errors.paymentMethod ? <p className="mt-2 text-sm text-brand">{errors.paymentMethod}</p> : null}
      </fieldset>

      <section aria-labelledby="checkout-contacts" className="flex flex-col gap-3 rounded-3xl bg-surface p-4 md:p-5">
        <h2 id="checkout-contacts" className="font-semibold">
          {t("checkout.contacts")}
        </h2>
        <Field label={t("checkout.name")} name="name" error={errors.name}>
          {(p) => <input {...p} className={input} defaultValue={draft.name} maxLength={NAME_MAX + 10} autoComplete="name" />}
        </Field>
        <Field label={t("checkout.phone")} name="phone" error={errors.phone}>
          {(p) => (
            <input {...p} className={input} type="tel" defaultValue={draft.phone} autoComplete="tel" inputMode="tel" />
          )}
        </Field>
        <Field label={t("checkout.email")} name="email" error={errors.email}>
          {(p) => <input {...p} className={input} type="email" defaultValue={draft.email} autoComplete="email" />}
        </Field>
        <Field label={t("checkout.receiptEmail")} name="receiptEmail" error={errors.receiptEmail}>
          {(p) => <input {...p} className={input} type="email" defaultValue={draft.receiptEmail} autoComplete="email" />}
        </Field>
        <Field label={t("checkout.preOrder")} name="preOrderAt" error={errors.preOrderAt}>
          {(p) => (
            <select {...p} className={input} defaultValue={draft.preOrderAt}>
              <option value="">{t("checkout.asap")}</option>
              {view.slots.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {t("checkout.preOrderAt", { day: dayLabel(slot.dayOffset, slot.localDate), time: slot.time })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t("checkout.comment")}
          name="comment"
          error={errors.comment}
          hint={t("checkout.commentHint", { max: COMMENT_MAX })}
        >
          {(p) => <textarea {...p} className={input} rows={2} maxLength={COMMENT_MAX} defaultValue={draft.comment} />}
        </Field>
      </section>

      {failed && !failed.dayOff ? (
        <p role="alert" className="rounded-2xl border border-brand/60 bg-surface px-4 py-3 text-sm" data-testid="checkout-error">
          {failed.error}
        </p>
      ) : null}
      {view.orderingPaused ? (
        <p role="status" className="rounded-2xl border border-brand/50 bg-surface px-4 py-3 text-sm" data-testid="ordering-paused">
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
