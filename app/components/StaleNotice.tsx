import { useTranslation } from "~/i18n/react";

/** Issue 8: shown while pages are served from cache because the upstream is failing. */
export function StaleNotice({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <p role="status" className="rounded-xl border border-brand/50 bg-surface px-4 py-3 text-sm" data-testid="stale-notice">
      {t("app.staleNotice")}
    </p>
  );
}
