import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";

/**
 * In place of a locked 18+ section's positions: what it is and a way to confirm (spec §6). The dialog is the
 * route /menus/:menuId/age (ADR 012), so its code loads only when it opens.
 */
export function AgeLockedNotice({ menuId, anchor }: { menuId: number; anchor: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="age-locked">
      <div>
        <p className="font-semibold">{t("age.locked")}</p>
        <p className="text-sm text-muted">{t("age.lockedText")}</p>
      </div>
      <Link to={`/menus/${menuId}/age?section=${encodeURIComponent(anchor)}`} preventScrollReset className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-on-brand">
        {t("age.ask")}
      </Link>
    </div>
  );
}

