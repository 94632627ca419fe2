import { Link, useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { LocationSummary } from "./location.server";

/** The header's location chip: method and address or point; opens the location popup (a link, so no JS needed). */
export function LocationChip({ summary }: { summary: LocationSummary | null }) {
  const { t } = useTranslation();
  const here = useLocation();
  const redirectTo = here.pathname === "/location" ? "/" : here.pathname + here.search;
  const method = summary ? (summary.method === "DELIVERY" ? t("location.delivery") : t("location.takeAway")) : null;
  return (
    <Link
      to={`/location?redirectTo=${encodeURIComponent(redirectTo)}`}
      className="flex min-w-0 items-center gap-2 rounded-xl px-2 py-1 text-left text-sm leading-tight hover:bg-surface md:max-w-72 md:px-3"
      aria-label={summary ? `${t("location.change")}: ${method}, ${summary.label}` : t("location.chooseLocation")}
      data-testid="location-chip"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        className="shrink-0 text-brand"
      >
        <path d="M12 21s-7-7.5-7-12a7 7 0 0 1 14 0c0 4.5-7 12-7 12Z" />
        <circle cx="12" cy="9" r="2.5" />
      </svg>
      {/* phones show the pin only (the app bar is 64 px and holds the brand too); the text from 840 px */}
      {summary ? (
        <span className="hidden min-w-0 flex-col md:flex">
          <span className="truncate text-xs text-muted">
            {method}
            {summary.cityName ? ` · ${summary.cityName}` : ""}
          </span>
          <span className="truncate font-medium">{summary.label || t("location.change")}</span>
        </span>
      ) : (
        <span className="hidden font-medium md:inline">{t("location.chooseLocation")}</span>
      )}
    </Link>
  );
}
