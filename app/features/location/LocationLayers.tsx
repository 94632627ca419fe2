import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Layer } from "~/components/ui/Layer";
import { formatMoney } from "~/lib/money";
import { locationHref } from "./href";
import type { LocationView, ZoneView } from "./view";

/** spec §2 'Условия доставки': order sum and delivery columns, 'Бесплатно', time in minutes. */
export function TermsLayer({ zone, closeTo }: { zone: ZoneView; closeTo: string }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, zone.currency, i18n.language === "en" ? "en-GB" : "ru-RU");
  return (
    <Layer title={t("location.terms.title")} closeTo={closeTo} maxWidth="30rem" testId="terms-popup">
      <table className="w-full text-left">
        <thead>
          <tr className="text-sm text-muted">
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("location.terms.orderSum")}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t("location.terms.delivery")}
            </th>
          </tr>
        </thead>
        <tbody>
          {zone.thresholds.map((th, i) => (
            <tr key={i} className="border-t border-line">
              <td className="py-2 pr-4">
                {th.max === null
                  ? t("location.terms.from", { sum: money(th.min) })
                  : t("location.terms.range", { min: money(th.min), max: money(th.max) })}
              </td>
              <td className="py-2">
                {th.deliveryCost === 0 ? t("location.terms.free") : money(th.deliveryCost)}
                <span className="block text-sm text-muted">{t("location.terms.minutes", { count: th.deliveryTime })}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Layer>
  );
}

/**
 * spec §2/§4 'Подтвердите адрес': 'Продолжить без номера' marks the address confirmed and saves;
 * 'Уточнить данные' closes the dialog.
 */
export function ConfirmHouseLayer({ view, here }: { view: LocationView; here: string }) {
  const { t } = useTranslation();
  const back = locationHref(view.query);
  return (
    <Layer title={t("location.confirm.title")} maxWidth="30rem" dismissOnOutsideClick={false} testId="confirm-house">
      <p className="mb-4 text-muted">{t("location.confirm.text")}</p>
      <Form method="post" action={here} className="flex flex-wrap justify-end gap-2">
        {Object.entries(view.query).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="houseConfirmed" value="1" />
        <Link to={back} replace className="rounded-full px-5 py-2 font-medium hover:bg-bg">
          {t("location.confirm.refine")}
        </Link>
        <button type="submit" name="intent" value="save" className="rounded-full bg-brand px-5 py-2 font-semibold text-on-brand">
          {t("location.confirm.continue")}
        </button>
      </Form>
    </Layer>
  );
}
