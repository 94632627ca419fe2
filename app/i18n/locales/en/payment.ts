import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/payment";

const payment: Widen<typeof ru> = {
  awaitedTitle: "Awaiting payment",
  awaitedText: "The card payment for this order has not arrived yet. If you did not finish paying, go back to it.",
  paidTitle: "Order paid",
  paidText: "The card payment went through. The receipt will be sent to the e-mail you gave.",
  failedTitle: "Payment failed",
  failedText: "The bank did not confirm the payment. Your order is kept: try paying again, with another card if need be. If it still does not work, call the restaurant.",
  unknownTitle: "Payment status not known yet",
  unknownText: "We could not find out whether the payment went through. Refresh the page in a minute.",
  pay: "Pay for the order",
  payAgain: "Pay again",
  refresh: "Check the payment",
  standInTitle: "Payment for order No. {{number}}",
  standInIntro: "This is the payment service's demo page: no money is charged.",
  standInAmount: "Amount due: {{amount}}",
  standInPay: "Pay",
  standInFail: "Bank declines",
  standInBack: "Back to the shop without paying",
  standInDone: "This order is paid already.",
};

export default payment;
