import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useCartWrite } from "~/features/forms/use-cart-write";
import { useTranslation } from "~/i18n/react";

/**
 * The cookie consent popup (spec §1, §2): a non-blocking bar at the bottom until accepted. A plain form
 * without JavaScript (POST, 303 back); with JavaScript a fetcher, so the page does not reload.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "consent" });
  // not the cart's cookie, but a write whose revalidation would race an order sent in the same moment: the order
  // waits for it like for a cart write (ADR 208)
  const write = useCartWrite("consent", fetcher);
  const [accepted, setAccepted] = useState(false);
  const location = useLocation();
  if (accepted || fetcher.state !== "idle" || fetcher.data) return null; // optimistic: gone as soon as accepted
  return (
    <section
      aria-label={t("brand.consentLabel")}
      // compact on a phone (issue 36 §4): one row, the text beside the button, so it covers no more than it must
      className="fixed inset-x-0 bottom-0 z-[2300] border-t border-line bg-surface px-3 py-2 md:inset-x-auto md:bottom-4 md:right-4 md:max-w-md md:rounded-2xl md:border md:px-4 md:py-3"
      data-testid="consent-banner"
      data-fixed-bottom=""
      data-consent-banner=""
    >
      <fetcher.Form
        method="post"
        action="/preferences"
        className="flex items-center gap-3"
        onSubmit={(event) => {
          write.onSubmit(event);
          setAccepted(true);
        }}
      >
        <input type="hidden" name="intent" value="consent" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="flex-1 text-xs leading-snug md:text-sm">{t("brand.consentText")}</p>
        <button type="submit" className="shrink-0 rounded-full bg-brand px-4 py-2 text-sm font-semibold text-on-brand md:px-5">
          {t("brand.consentAccept")}
        </button>
      </fetcher.Form>
    </section>
  );
}
