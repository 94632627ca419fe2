import { useFetcher } from "react-router";
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
        // one form element before and after the hydration (ADR 230): a press begun on the server's button ends on
        // the same button. Without JavaScript it posts as a plain form; with it the fetcher clears in place.
        <fetcher.Form
          method="post"
          action="/cart"
          onSubmit={(event) => {
            write.onSubmit(event);
            setTimeout(onDone, 0);
          }}
        >
          <input type="hidden" name="intent" value="clear" />
          {/* JsFlag's field, once hydrated: a form the browser posts itself before then is answered as without JS */}
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          {confirm}
        </fetcher.Form>
      }
    />
  );
}
