import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { CAPTCHA_TOKEN_FIELD, loadCaptcha, renderCaptcha, type CaptchaConfig } from "./captcha";

/**
 * The captcha inside a form that requests an SMS code (issue 15 §4): with JavaScript the provider's widget and
 * a hidden `captchaToken` carrying its token; without JavaScript nothing — the form goes without a token and
 * the upstream's answer is shown. Remount it (a new `key`) after each answer: a token is good for one request.
 */
export function CaptchaField({ config }: { config: CaptchaConfig }) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [token, setToken] = useState("");
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    loadCaptcha(config.scriptUrl)
      .then((api) => {
        if (cancelled || !container.current) return;
        cleanup = renderCaptcha(api, container.current, config.siteKey, i18n.language, setToken);
      })
      .catch(() => {
        // no widget: the form still goes, and the upstream says what is missing
      });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [hydrated, config.scriptUrl, config.siteKey, i18n.language]);
  return (
    <>
      {hydrated ? <div ref={container} className="min-h-[3.25rem] max-w-full overflow-hidden" data-testid="captcha" /> : null}
      <input type="hidden" name={CAPTCHA_TOKEN_FIELD} value={token} />
    </>
  );
}
