import { Link, NavLink, useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/shell/root-data";
import { LocaleSwitcher } from "~/components/ui/LocaleSwitcher";
import { AccountMenu } from "~/shell/AccountMenu";
import { LocationChip } from "~/features/location/LocationChip";
import { redirectTarget } from "~/lib/redirect-target";

/**
 * The app bar (spec §9: 64 px on phones, 144 px on desktop = an 80 px header row and a 64 px
 * navigation row). Every control is a link or a plain form, so it works without JavaScript.
 */
export function AppHeader({ data, navigation = true }: { data: RootData; navigation?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  // e.g. "//evil.example/x" when the page was opened as https://site//evil.example/x: never handed on as a target
  const here = redirectTarget(location.pathname + location.search);
  return (
    <header className="sticky top-0 z-[100] border-b border-line bg-bg">
      <div className="mx-auto flex h-appbar max-w-7xl items-center gap-1.5 px-3 sm:gap-3 sm:px-4 md:h-header-lg">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded" prefetch="intent">
          <img src={data.brand.mark} alt="" width={40} height={40} className="size-9 shrink-0 md:size-12" />
          <span className="sr-only truncate text-lg font-semibold sm:not-sr-only md:text-2xl">{data.brand.displayName}</span>
        </Link>
        <LocationChip summary={data.location} />
        <div className="ml-auto flex min-w-0 items-center gap-1 md:gap-3">
          <Link
            to={`/search?from=${encodeURIComponent(here)}`}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface"
            aria-label={t("search.label")}
            data-testid="search-link"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
          </Link>
          <LocaleSwitcher locale={data.locale} offered={data.offeredLocales} redirectTo={here} />
          {data.person ? (
            <AccountMenu name={data.person.name || t("auth.profile")} contact={data.person.contact} redirectTo={here} />
          ) : (
            <Link to={`/auth?redirectTo=${encodeURIComponent(here)}`} className="shrink-0 rounded-full px-2 py-2 text-sm hover:bg-surface sm:px-3">
              {t("app.signIn")}
            </Link>
          )}
          <Link
            to="/cart"
            className="relative inline-flex shrink-0 items-center gap-1.5 rounded-full bg-brand px-2.5 py-2 text-sm font-semibold text-on-brand sm:px-4"
            aria-label={data.cartCount > 0 ? t("app.cartWithCount", { count: data.cartCount }) : t("app.cart")}
          >
            <CartIcon />
            <span className="hidden md:inline">{t("app.cart")}</span>
            {data.cartCount > 0 ? (
              <span data-testid="cart-badge" className="min-w-5 rounded-full bg-on-brand px-1.5 text-center text-xs text-brand">
                {data.cartCount}
              </span>
            ) : null}
          </Link>
        </div>
      </div>
      {navigation ? (
        <nav aria-label={t("app.mainNavigation")} className="mx-auto hidden h-16 max-w-7xl items-center gap-6 px-4 md:flex">
          <NavLink to="/" end className={navClass}>
            {t("app.menu")}
          </NavLink>
          <NavLink to="/promotions" className={navClass}>
            {t("app.promotions")}
          </NavLink>
          <NavLink to="/restos" className={navClass}>
            {t("app.restos")}
          </NavLink>
        </nav>
      ) : null}
    </header>
  );
}

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded px-1 py-2 text-base ${isActive ? "font-semibold text-fg underline decoration-brand decoration-2 underline-offset-8" : "text-muted hover:text-fg"}`;
}

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
      <circle cx="10" cy="20" r="1.3" />
      <circle cx="17" cy="20" r="1.3" />
    </svg>
  );
}
