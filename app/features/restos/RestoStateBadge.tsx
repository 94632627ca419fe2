import { useTranslation } from "~/i18n/react";
import type { RestoState } from "./resto-view.server";

/** Today's state of a resto (spec §4: open / closed / day off / round the clock) and when it next opens. */
export function RestoStateBadge({ state }: { state: RestoState }) {
  const { t } = useTranslation();
  if (!state.state) return <span className="text-sm text-muted">{t("restos.noSchedule")}</span>;
  const accepting = state.state === "open" || state.state === "round-the-clock";
  const next = state.next;
  const nextText = !next
    ? null
    : next.daysAhead === 0
      ? t("restos.opensToday", { time: next.time })
      : next.daysAhead === 1
        ? t("restos.opensTomorrow", { time: next.time })
        : t("restos.opensOn", { day: t(`menu.daysOn.${next.dayOfWeek}`), time: next.time });
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm" data-testid="resto-state" data-state={state.state}>
      <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold border border-line text-fg`}>
        <span aria-hidden="true" className={`size-2 rounded-full ${accepting ? "bg-emerald-400" : "bg-red-400"}`} />
        {t(`restos.states.${state.state}`)}
      </span>
      {!accepting && nextText ? <span className="text-muted">{nextText}</span> : null}
    </span>
  );
}
