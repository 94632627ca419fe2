import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { JsFlag } from "~/components/ui/JsFlag";
import { useMoney } from "~/components/ui/useMoney";
import { useLazyForm } from "~/features/forms/lazy-form";
import type { FormResult } from "~/features/forms/form-result";
import { PROMO_CODE_MAX } from "~/lib/constants";
import type { MoneyPattern } from "~/lib/money-pattern";
import type { CartActionData } from "./cart-actions.server";
import type { CartPageView } from "./cart-page.server";
import { Card } from "./CartCard";
import { useCartWrite } from "~/features/forms/use-cart-write";

// the promo-code schema (./promo) is fetched after the first view (ADR 104)
const loadPromoValidator = () => import("./promo").then((m) => m.parsePromoForm);

/**
 * The cart's promo code (spec §8): applied, or a conform form to apply one. Its code and conform's are fetched as
 * the cart hydrates (ADR 124, 126); the server renders it in place.
 */
export function PromoCode({
  promo,
  currency,
  pattern,
  lastResult,
}: {
  promo: NonNullable<CartPageView["promo"]>;
  currency: string;
  pattern: MoneyPattern | null;
  lastResult: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const money = useMoney(currency, pattern);
  const fetcher = useFetcher<CartActionData | FormResult>({ key: "cart-promo" });
  const write = useCartWrite("cart-promo", fetcher);
  const answer = fetcher.data && !("ok" in fetcher.data) ? fetcher.data : undefined;
  // one conform form (ADR 103): the browser checks the length, the action the code (a refusal under `code`)
  const [form, fields] = useLazyForm({ id: "promo-code-form", lastResult: answer ?? lastResult }, loadPromoValidator);
  const error = fields.code.errors?.[0] ?? null;
  const busy = fetcher.state !== "idle";
  const { key: inputKey, ...inputProps } = getInputProps(fields.code, { type: "text" });
  const formProps = getFormProps(form);
  return (
    <Card title={t("cart.promoCode")} id="promo-code">
      {promo.code ? (
        <fetcher.Form
          method="post"
          action="/cart"
          preventScrollReset
          className="flex flex-wrap items-center gap-2"
          onSubmit={write.onSubmit}
        >
          <input type="hidden" name="intent" value="promo-remove" />
          <JsFlag />
          <p className="flex-1 text-sm" data-testid="promo-applied">
            {t("cart.promoApplied", { code: promo.code })}
            {promo.minOrder ? (
              <span className="block text-muted">{t("cart.promoMinOrder", { amount: money(promo.minOrder) })}</span>
            ) : null}
            {promo.maxDiscount ? (
              <span className="block text-muted">{t("cart.promoMaxDiscount", { amount: money(promo.maxDiscount) })}</span>
            ) : null}
          </p>
          <button type="submit" className="rounded-full border border-line px-3 py-1.5 text-sm">
            {t("cart.promoRemove")}
          </button>
        </fetcher.Form>
      ) : (
        // not the shared Field: the input shares its row with the button, and the message keeps its test id
        <fetcher.Form
          method="post"
          action="/cart"
          preventScrollReset
          className="flex flex-col gap-2"
          {...formProps}
          onSubmit={(event) => {
            formProps.onSubmit(event); // conform's check first: a refused code goes nowhere
            write.onSubmit(event);
          }}
        >
          <input type="hidden" name="intent" value="promo" />
          <JsFlag />
          {/* the field keeps room for its whole placeholder: the button goes under it on a narrow phone (issue 36 §4) */}
          <div className="flex flex-wrap gap-2">
            <label htmlFor={fields.code.id} className="sr-only">
              {t("cart.promoCode")}
            </label>
            <input
              key={inputKey}
              {...inputProps}
              maxLength={PROMO_CODE_MAX}
              autoComplete="off"
              placeholder={t("cart.promoPlaceholder")}
              className="min-w-0 flex-[1_1_12rem] rounded-xl border border-line bg-bg px-3 py-2 uppercase placeholder:normal-case"
            />
            <button
              type="submit"
              disabled={busy}
              className="shrink-0 grow rounded-full border border-line px-4 py-2 text-sm font-medium disabled:opacity-60 min-[22rem]:grow-0"
            >
              {t("cart.promoApply")}
            </button>
          </div>
          {error ? (
            <p id={fields.code.errorId} role="alert" className="text-sm text-danger" data-testid="promo-error">
              {error}
            </p>
          ) : null}
        </fetcher.Form>
      )}
    </Card>
  );
}
