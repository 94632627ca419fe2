import { useFetcher } from "react-router";
import { useEffect, useState } from "react";
import { cartWrites } from "~/features/forms/write-queue";
import { useTranslation } from "~/i18n/react";
import { isForeignStorage, MIGRATION_KEYS } from "~/lib/legacy-keys";

interface MigrationAnswer {
  migration?: { reset: boolean; migrated: boolean; dropped: number };
}

/**
 * On a visit with JavaScript: local storage of another white-label or version is cleared (spec §1);
 * the previous storefront's keys are sent once to the server, which moves them into the session, and are
 * then removed (issue 7). Renders a short notice when something moved.
 */
export function LegacyMigration({
  brand,
  storageReset,
}: {
  brand: { whiteLabel: string; version: string };
  storageReset: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<MigrationAnswer>();
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    let storage: Storage;
    try {
      storage = window.localStorage;
    } catch {
      return; // storage disabled: nothing to migrate
    }
    if (storageReset) {
      storage.clear();
      return;
    }
    const raw: Record<string, string | null> = {};
    for (const key of MIGRATION_KEYS) {
      const value = storage.getItem(key);
      if (value !== null) raw[key] = value;
    }
    if (Object.keys(raw).length === 0) return;
    const stamp = { whiteLabel: parseMaybe(raw.app_white_label), version: parseMaybe(raw.app_version) };
    if (isForeignStorage(stamp, brand)) {
      storage.clear();
      return;
    }
    // the migration may write the cart's cookie (ADR 144): a cart write like the others, one at a time (ADR 119)
    cartWrites.push(
      () => fetcher.submit({ intent: "migrate", storage: JSON.stringify(raw) }, { method: "post", action: "/preferences" }),
      "legacy-migration",
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load
  }, []);

  const result = fetcher.data?.migration;
  useEffect(() => {
    if (!result?.migrated) return;
    try {
      for (const key of MIGRATION_KEYS) window.localStorage.removeItem(key);
    } catch {
      /* storage went away: nothing to remove */
    }
  }, [result]);

  if (!result?.migrated || dismissed) return null;
  return (
    <div
      role="status"
      className="mx-auto mt-3 flex max-w-7xl items-center gap-3 rounded-xl border border-line bg-surface px-4 py-2 text-sm"
      data-testid="migration-notice"
    >
      <p className="flex-1">{result.dropped > 0 ? t("brand.migratedDropped", { count: result.dropped }) : t("brand.migrated")}</p>
      <button type="button" className="rounded-full px-3 py-1 hover:bg-bg" onClick={() => setDismissed(true)}>
        {t("brand.dismiss")}
      </button>
    </div>
  );
}

function parseMaybe(raw: string | null | undefined): string | undefined {
  if (raw == null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  } catch {
    return raw;
  }
}
