import { Link } from "react-router";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";

/**
 * 'Поделиться корзиной' (issue 18 §2): the link of this cart. Without JavaScript: the link itself, selectable and
 * openable. With it: the Web Share API where the browser has one, else a copy to the clipboard.
 */
export function ShareCart({ url }: { url: string | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [status, setStatus] = useState<string | null>(null);
  if (!url) return <p className="text-muted">{t("reorder.shareEmpty")}</p>;
  const canShare = hydrated && typeof navigator !== "undefined" && typeof navigator.share === "function";
  const share = async () => {
    try {
      if (canShare) await navigator.share({ title: t("reorder.shareTitle"), url });
      else {
        await navigator.clipboard.writeText(url);
        setStatus(t("reorder.copied"));
      }
    } catch {
      // the customer closed the share sheet, or the clipboard is not allowed: the link stays on screen
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor="share-url" className="text-sm font-medium">
        {t("reorder.shareLink")}
      </label>
      <input id="share-url" readOnly value={url} data-testid="share-url" className="w-full min-w-0 rounded-xl border border-line bg-bg px-3 py-2" onFocus={(e) => e.currentTarget.select()} />
      <div className="flex flex-wrap gap-3">
        {hydrated ? (
          <button type="button" onClick={share} className="rounded-full bg-brand px-5 py-2 font-semibold text-on-brand" data-testid="share-button">
            {canShare ? t("reorder.shareButton") : t("reorder.copyButton")}
          </button>
        ) : null}
        <Link to={new URL(url).pathname} className="rounded-full border border-line px-5 py-2 font-medium">
          {t("reorder.open")}
        </Link>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted">
        {status}
      </p>
    </div>
  );
}
