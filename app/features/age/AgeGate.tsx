import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Confirm } from "~/components/ui/Layer";

/** The search parameter that opens the age confirmation over the current page (works without JavaScript). */
export const AGE_PARAM = "age";

function withoutParam(pathname: string, search: string, param: string) {
  const params = new URLSearchParams(search);
  params.delete(param);
  const rest = params.toString();
  return pathname + (rest ? `?${rest}` : "");
}

/** In place of a locked 18+ section's positions: what it is and a way to confirm (spec §6). */
export function AgeLockedNotice({ anchor }: { anchor: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(AGE_PARAM, anchor);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="age-locked">
      <div>
        <p className="font-semibold">{t("age.locked")}</p>
        <p className="text-sm text-muted">{t("age.lockedText")}</p>
      </div>
      <Link to={`${location.pathname}?${params.toString()}`} preventScrollReset replace className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-on-brand">
        {t("age.ask")}
      </Link>
    </div>
  );
}

/**
 * The age confirmation dialog (spec §2): a plain form posting intent=adult to /preferences, which remembers
 * it in the prefs cookie and sends the customer back (to the section's anchor when one is given).
 */
export function AgeConfirm({ returnTo, cancelTo }: { returnTo?: string; cancelTo?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const anchor = new URLSearchParams(location.search).get(AGE_PARAM);
  const back = withoutParam(location.pathname, location.search, AGE_PARAM);
  const target = returnTo ?? back + (anchor && /^[\w-]+$/.test(anchor) ? `#${anchor}` : "");
  return (
    <Confirm
      title={t("age.title")}
      text={t("age.text")}
      cancelTo={cancelTo ?? back}
      confirm={
        <Form method="post" action="/preferences" preventScrollReset>
          <input type="hidden" name="intent" value="adult" />
          <input type="hidden" name="redirectTo" value={target} />
          <button type="submit" className="rounded-full bg-brand px-5 py-2 font-semibold text-on-brand">
            {t("age.confirm")}
          </button>
        </Form>
      }
    />
  );
}

export function useAgeAsked(): boolean {
  return new URLSearchParams(useLocation().search).has(AGE_PARAM);
}
