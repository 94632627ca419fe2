import { Form, Link, useLocation } from "react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * The signed-in customer's menu in the header (issue 18 §1, ADR 102): the name opens a <details> disclosure with
 * 'Повторить заказ' and 'Выйти' — a link and a plain POST form, so it opens and works without JavaScript too.
 * It takes no more room than the name and the sign-out button did (the 320 px header is full).
 */
export function AccountMenu({ name, contact = "", redirectTo }: { name: string; contact?: string; redirectTo: string }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // with JavaScript the header stays across pages: close the menu once the customer went somewhere
  useEffect(() => {
    details.current?.removeAttribute("open");
  }, [location.key]);
  return (
    <details className="relative min-w-0" ref={details} data-testid="account-menu">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-full px-1.5 py-2 text-sm hover:bg-surface md:px-3 [&::-webkit-details-marker]:hidden"
        aria-label={t("reorder.accountMenu", { name })}
      >
        {/* a person icon, and the name ('Профиль' without one) beside it where the bar has room (from 400 px) */}
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" className="shrink-0 text-muted">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
        <span className="max-w-24 truncate text-muted max-[399px]:sr-only md:max-w-40" data-testid="person-name">
          {name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" className="shrink-0">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <div className="absolute right-0 z-[200] mt-2 flex w-56 flex-col rounded-xl border border-line bg-surface p-1 shadow-xl">
        {contact ? (
          // whom the customer is signed in as: the phone or e-mail (the header shows the name, or 'Профиль')
          <p className="truncate px-3 py-2 text-sm text-muted" data-testid="person-contact">
            {contact}
          </p>
        ) : null}
        <Link to="/orders/repeat" className="rounded-lg px-3 py-2 text-sm hover:bg-bg" data-testid="account-repeat-order">
          {t("reorder.repeat")}
        </Link>
        <Form method="post" action="/auth/sign-out">
          <input type="hidden" name="intent" value="sign-out" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-bg">
            {t("auth.signOut")}
          </button>
        </Form>
      </div>
    </details>
  );
}
