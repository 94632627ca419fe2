import { useTranslation } from "~/i18n/react";
import { formatMoney } from "~/lib/money";

/** A formatter of minor units in the page's language (ru-RU, or en-US for English). */
export function useMoney(currency: string) {
  const { i18n } = useTranslation();
  return (minor: number) => formatMoney(minor, currency, i18n.language === "en" ? "en-US" : "ru-RU");
}
