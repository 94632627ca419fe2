import { Form } from "react-router";
import { useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { langTag } from "~/lib/lang-tag";

const ALL = ["ru", "en", "me"] as const;

/**
 * The locale menu (spec §2): lists Russian, English and Montenegrin by their own names; a language the
 * brand does not ship is shown but not selectable. A <details> disclosure with a plain POST form, so
 * it opens and submits without JavaScript too.
 */
export function LocaleSwitcher({ locale, offered, redirectTo }: { locale: string; offered: readonly string[]; redirectTo: string }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details className="relative" ref={details}>
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-full px-2 py-2 text-sm min-[400px]:px-3 uppercase hover:bg-surface [&::-webkit-details-marker]:hidden"
        aria-label={`${t("app.language")}: ${t(`app.languageNames.${locale}`)}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        {/* the globe alone on the smallest phones (the summary's label names the language) */}
        <span className="sr-only min-[400px]:not-sr-only">{locale}</span>
      </summary>
      <Form
        method="post"
        action="/preferences"
        preventScrollReset
        // with JavaScript the page stays; close the menu once a language is chosen
        onSubmit={() => details.current?.removeAttribute("open")}
        className="absolute right-0 z-[200] mt-2 w-44 rounded-xl border border-line bg-surface p-1 shadow-xl">
        <input type="hidden" name="intent" value="locale" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ul>
          {ALL.map((code) => {
            const available = offered.includes(code);
            return (
              <li key={code}>
                <button
                  type="submit"
                  name="locale"
                  value={code}
                  disabled={!available}
                  lang={langTag(code)}
                  aria-current={code === locale ? "true" : undefined}
                  className="w-full rounded-lg px-3 py-2 text-left text-sm enabled:hover:bg-bg disabled:opacity-50 aria-[current]:font-semibold"
                >
                  {t(`app.languageNames.${code}`)}
                </button>
              </li>
            );
          })}
        </ul>
      </Form>
    </details>
  );
}
