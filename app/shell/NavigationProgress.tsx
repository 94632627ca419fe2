import { useNavigation } from "react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * A thin indeterminate progress bar while a navigation or form submission is under way (the
 * storefront server-renders, so there is no boot splash to wait for). Shown only after 150 ms, so fast
 * navigations do not flash. The brand's custom loader text, when configured, is its accessible label.
 */
export function NavigationProgress({ label }: { label?: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={label ?? t("brand.navigating")}
      className="fixed inset-x-0 top-0 z-[2500] h-1 overflow-hidden bg-brand/20"
    >
      <div className="h-full w-1/3 animate-[progress_1.1s_ease-in-out_infinite] bg-brand" />
    </div>
  );
}
