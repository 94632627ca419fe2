import { Form, useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Confirm } from "~/components/ui/Layer";
import { useTranslation } from "~/i18n/react";
import { useCartWrite } from "~/features/forms/use-cart-write";
import type { CartActionData } from "./cart-actions.server";

/**
 * 'Очистить корзину?' (spec §8): the confirmation over the cart. Without JavaScript it is the page
 * `/cart?confirm=clear` with a plain form; with it a fetcher clears in place. It is seldom on screen, so the
 * browser fetches it after the first view (ADR 114).
 */
export function ClearConfirm({ onCancel, onDone }: { onCancel?: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CartActionData>({ key: "cart-clear" });
  // the clearing writes the cart's cookie like every other cart write: after the ones on their way (ADR 119)
  const write = useCartWrite("cart-clear", fetcher);
  const hydrated = useHydrated();
  const confirm = (
    <button
      type="submit"
      className="inline-flex items-center justify-center rounded-full bg-brand px-5 py-2.5 font-semibold text-on-brand"
      data-testid="confirm-ok"
    >
      {t("app.ok")}
    </button>
  );
  return (
    <Confirm
      text={t("cart.clearConfirm")}
      cancelTo="/cart"
      onCancel={onCancel}
      confirm={
        hydrated ? (
          <fetcher.Form
            method="post"
            action="/cart"
            onSubmit={(event) => {
              write.onSubmit(event);
              setTimeout(onDone, 0);
            }}
          >
            <input type="hidden" name="intent" value="clear" />
            {/* JsFlag's field: this branch is rendered only once hydrated */}
            <input type="hidden" name="js" value="1" />
            {confirm}
          </fetcher.Form>
        ) : (
          <Form method="post" action="/cart">
            <input type="hidden" name="intent" value="clear" />
            {confirm}
          </Form>
        )
      }
    />
  );
}
