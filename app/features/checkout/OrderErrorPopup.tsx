import { Link } from "react-router";
import { useEffect } from "react";
import { Layer } from "~/components/ui/Layer";
import { useTranslation } from "~/i18n/react";

/**
 * A refused order in the confirmation popup (spec §8 "Order popup"; spec §2 "Confirmation popup": 'Ок', no
 * cancel, max width 30rem, not dismissed by an outside click; ADR 097). The cart's action answered the failed
 * POST with the message, so the popup is part of the server-rendered answer: without JavaScript it shows after
 * the POST and closes through plain links back to /cart (the cart and the typed draft are in the cookie). With
 * JavaScript it is the same dialog (focus moves in and is trapped, Escape and 'Ок' close it) and focus goes back
 * to the order button.
 *
 * `kind` "day-off" is the day-off dialog (spec §2, §4 "When not accepting orders a day-off message is shown"):
 * its heading is the popup message 'Заведение сейчас не принимает заказы'.
 */
export function OrderErrorPopup({
  kind,
  message,
  detail,
  onClose,
}: {
  kind: "order" | "day-off";
  message: string;
  /** the day-off dialog's text: why the restaurant is closed and when it opens (issue 36 §2); a generic one without */
  detail?: string;
  /** with JavaScript: closes in place; without it the links go to /cart */
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  // the order button was disabled while the order was on its way, so the browser dropped the focus: give it back
  useEffect(
    () => () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      document.querySelector<HTMLElement>('[data-testid="checkout-submit"]')?.focus({ preventScroll: true });
    },
    [],
  );
  const dayOff = kind === "day-off";
  return (
    <Layer
      title={dayOff ? t("checkout.dayOffTitle") : t("checkout.orderErrorTitle")}
      maxWidth="30rem"
      dismissOnOutsideClick={false}
      closeTo="/cart"
      onClose={onClose}
      testId={dayOff ? "day-off" : "order-error"}
    >
      <p className="mb-4 text-muted" data-testid="order-error-message">
        {dayOff ? (detail ?? t("checkout.dayOffText")) : message}
      </p>
      <div className="flex justify-end">
        <Link
          to="/cart"
          preventScrollReset
          className="inline-flex items-center justify-center rounded-full bg-brand px-6 py-2 font-semibold text-on-brand"
          onClick={onClose ? (event) => (event.preventDefault(), onClose()) : undefined}
          data-testid="order-error-ok"
        >
          {t("app.ok")}
        </Link>
      </div>
    </Layer>
  );
}
