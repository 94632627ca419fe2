import type { TFunction } from "~/i18n/translator";
import type { NextAvailable } from "./menu-view.server";

/** "Доступно с 08:00" / "Доступно завтра с 08:00" / "Доступно в понедельник с 08:00" / "Сейчас недоступно". */
export function availabilityText(t: TFunction, next: NextAvailable | null): string {
  if (!next) return t("menu.unavailable");
  if (next.daysAhead === 0) return t("menu.availableToday", { time: next.time });
  if (next.daysAhead === 1) return t("menu.availableTomorrow", { time: next.time });
  return t("menu.availableOn", { day: t(`menu.daysOn.${next.dayOfWeek}`), time: next.time });
}
