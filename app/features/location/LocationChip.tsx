import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";

/** The header's location chip: method and address or point; opens the location popup (a link, so no JS needed). */
export function LocationChip() {
  const { t } = useTranslation();
  const root = useRootData();
  const here = useLocation();
  const summary = root?.location ?? null;
  const redirectTo = here.pathname === "/location" ? "/" : here.pathname + here.search;
  const method = summary ? (summary.method === "DELIVERY" ? t("location.delivery") : t("location.takeAway")) : null;
  return (
    <Link
      to={`/location?redirectTo=${encodeURIComponent(redirectTo)}`}
      className="flex min-w-0 max-w-56 flex-col rounded-xl px-3 py-1 text-left text-sm leading-tight hover:bg-surface md:max-w-72"
      aria-label={summary ? `${t("location.change")}: ${method}, ${summary.label}` : t("location.chooseLocation")}
      data-testid="location-chip"
    >
      {summary ? (
        <>
          <span className="truncate text-xs text-muted">
            {method}
            {summary.cityName ? ` · ${summary.cityName}` : ""}
          </span>
          <span className="truncate font-medium">{summary.label || t("location.change")}</span>
        </>
      ) : (
        <span className="font-medium">{t("location.chooseLocation")}</span>
      )}
    </Link>
  );
}
