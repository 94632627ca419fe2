import { useTranslation } from "react-i18next";
import { Image } from "~/components/ui/Image";
import { formatMoney } from "~/lib/money";
import type { PositionCardView } from "./menu-view.server";

export function PositionCard({ position, currency }: { position: PositionCardView; currency: string }) {
  const { t, i18n } = useTranslation();
  const price = formatMoney(position.price, currency, i18n.language);
  const detailUrl = `/menus/${position.menuId}/positions/${position.id}`;
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-surface" data-testid="position-card">
      <a href={detailUrl} className="block" tabIndex={-1} aria-hidden="true">
        <Image src={position.photo} alt="" loading="lazy" decoding="async" width={320} height={240} className="aspect-[4/3] w-full" />
      </a>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h4 className="text-base font-medium leading-snug">
          <a href={detailUrl} className="hover:underline">
            {position.name}
          </a>
        </h4>
        <p className="flex flex-wrap gap-x-2 text-sm text-muted">
          {position.measure ? <span>{t(`menu.units.${position.measure.unit}`, { value: position.measure.value })}</span> : null}
          {position.longCooking ? <span className="text-brand">{t("menu.extendedCooking")}</span> : null}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="text-lg font-semibold" data-testid="position-price">
            {position.hasModifiers ? t("menu.from", { price }) : price}
          </span>
        </div>
      </div>
    </li>
  );
}
