import { useFetcher } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";

const GIS_SRC = "https://accounts.google.com/gsi/client";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (answer: { credential?: string }) => void; ux_mode?: "popup" }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

/**
 * Google's official web sign-in (Google Identity Services), loaded only here on /auth and only when the brand
 * configures a client id. Its identity token goes to our action, which posts it upstream in
 * x-external-id-token. Google's button needs JavaScript; without it the other methods remain (ADR 032).
 */
export function GoogleButton({ clientId, redirectTo, locale }: { clientId: string; redirectTo: string; locale: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const fetcher = useFetcher<{ error?: string }>();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const ready = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (cancelled || !google || !host.current) return;
      google.accounts.id.initialize({
        client_id: clientId,
        ux_mode: "popup",
        callback: ({ credential }) => {
          if (credential) submit.current({ intent: "external", provider: "google", idToken: credential, redirectTo }, { method: "post", action: "/auth" });
        },
      });
      google.accounts.id.renderButton(host.current, { type: "standard", shape: "pill", size: "large", text: "signin_with", locale, width: 320 });
    };
    let script = document.querySelector<HTMLScriptElement>(`script[src="${GIS_SRC}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = GIS_SRC;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("load", ready);
    script.addEventListener("error", () => setFailed(true));
    ready();
    return () => {
      cancelled = true;
      script?.removeEventListener("load", ready);
    };
  }, [clientId, redirectTo, locale]);

  return (
    <div className="flex w-full flex-col items-center gap-1">
      <div ref={host} aria-label={t("auth.google")} className="flex min-h-11 w-full justify-center" />
      {failed || fetcher.data?.error ? (
        <p role="alert" className="text-sm text-red-300 [[data-theme=light]_&]:text-red-800">
          {fetcher.data?.error ?? t("auth.errors.externalFailed")}
        </p>
      ) : null}
    </div>
  );
}
