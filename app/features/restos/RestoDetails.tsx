import { useTranslation } from "~/i18n/react";
import { Gallery } from "~/components/ui/Gallery";
import { formatMoney } from "~/lib/money";
import type { RestoDetailView } from "./resto-view.server";
import { RestoStateBadge } from "./RestoStateBadge";

/** spec §2, §3 'О заведении': everything the full resto carries, opening hours in the resto's timezone. */
export function RestoDetails({ resto }: { resto: RestoDetailView }) {
  const { t, i18n } = useTranslation();
  const row = "grid gap-1 border-b border-line py-3 sm:grid-cols-[12rem_1fr]";
  const dt = "text-sm text-muted";
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex flex-col gap-3">
        <h2 className="sr-only">{t("restos.photos")}</h2>
        <Gallery photos={resto.photos} alt={resto.name} aspect="aspect-video" />
      </div>
      <div className="flex flex-col gap-2">
        <RestoStateBadge state={resto.state} />
        <dl>
          <div className={row}>
            <dt className={dt}>{t("restos.address")}</dt>
            <dd>{resto.address}</dd>
          </div>
          {resto.averageCheck !== null ? (
            <div className={row}>
              <dt className={dt}>{t("restos.averageCheck")}</dt>
              <dd>{formatMoney(resto.averageCheck, resto.currency, i18n.language)}</dd>
            </div>
          ) : null}
          {resto.description ? (
            <div className={row}>
              <dt className={dt}>{t("restos.description")}</dt>
              <dd>{resto.description}</dd>
            </div>
          ) : null}
          {resto.phones.length ? (
            <div className={row}>
              <dt className={dt}>{t("restos.phones")}</dt>
              <dd className="flex flex-col">
                {resto.phones.map((p) => (
                  <a key={p} href={`tel:${p.replace(/[^\d+]/g, "")}`} className="w-fit underline underline-offset-4">
                    {p}
                  </a>
                ))}
              </dd>
            </div>
          ) : null}
          {resto.emails.length ? (
            <div className={row}>
              <dt className={dt}>{t("restos.emails")}</dt>
              <dd className="flex flex-col">
                {resto.emails.map((e) => (
                  <a key={e} href={`mailto:${e}`} className="w-fit underline underline-offset-4">
                    {e}
                  </a>
                ))}
              </dd>
            </div>
          ) : null}
          {resto.links.length ? (
            <div className={row}>
              <dt className={dt}>{t("restos.links")}</dt>
              <dd className="flex flex-col">
                {resto.links.map((l) => (
                  <a key={l} href={l} rel="noopener noreferrer" target="_blank" className="w-fit break-all underline underline-offset-4">
                    {l.replace(/^https?:\/\//, "")}
                  </a>
                ))}
              </dd>
            </div>
          ) : null}
          {resto.tags.length ? (
            <div className={row}>
              <dt className={dt}>{t("restos.tags")}</dt>
              <dd>
                <ul className="flex flex-wrap gap-2">
                  {resto.tags.map((tag) => (
                    <li key={tag} className="rounded-full border border-line px-3 py-0.5 text-sm">
                      {tag}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {resto.pays.length ? (
            <div className={row}>
              <dt className={dt}>{t("restos.pays")}</dt>
              <dd>{resto.pays.join(", ")}</dd>
            </div>
          ) : null}
        </dl>
        <OpeningHoursTable resto={resto} />
      </div>
    </div>
  );
}

function OpeningHoursTable({ resto }: { resto: RestoDetailView }) {
  const { t } = useTranslation();
  if (resto.week.length === 0) return <p className="text-sm text-muted">{t("restos.noSchedule")}</p>;
  const tz = resto.timezone.startsWith("+") || resto.timezone.startsWith("-") ? resto.timezone : ` ${resto.timezone}`;
  return (
    <section aria-labelledby="opening-hours" className="mt-2">
      <h2 id="opening-hours" className="mb-1 text-lg font-semibold">
        {t("restos.hours")}
      </h2>
      <table className="w-full text-sm" data-testid="opening-hours">
        <caption className="pb-1 text-left text-xs text-muted">{t("restos.timezone", { tz })}</caption>
        <tbody>
          {resto.week.map((row) => (
            <tr key={row.dayOfWeek} className={row.isToday ? "font-semibold" : ""} aria-current={row.isToday ? "date" : undefined} data-today={row.isToday ? "" : undefined}>
              <th scope="row" className={`py-1 pr-4 text-left ${row.isToday ? "font-semibold" : "font-normal"}`}>
                {t(`restos.days.${row.dayOfWeek}`)}
                {/* a space, not a margin: "Понедельник (сегодня)" may wrap on a small phone */}
                {row.isToday ? <>{" "}<span className="text-muted">({t("restos.today")})</span></> : null}
              </th>
              <td className="py-1 text-right">
                {row.kind === "hours" ? row.text : row.kind === "day-off" ? t("restos.states.day-off") : t("restos.states.round-the-clock")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
