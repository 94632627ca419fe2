import type { MetaDescriptor } from "react-router";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useMatches,
} from "react-router";
import { useMemo, type CSSProperties, type ReactNode } from "react";
import { I18nProvider, useTranslation } from "~/i18n/react";
import { AppHeader } from "~/shell/AppHeader";
import { FocusAfterNavigation } from "~/shell/FocusAfterNavigation";
import { ServiceWorker } from "~/shell/ServiceWorker";
import { useNonce } from "~/document/nonce";
import { Analytics } from "~/shell/Analytics";
import { FieldData } from "~/shell/FieldData";
import { ConsentBanner } from "~/shell/ConsentBanner";
import { LegacyMigrationWhenIdle } from "~/shell/LegacyMigrationWhenIdle";
import { NavigationProgress } from "~/shell/NavigationProgress";
import { hydratesNumbers, layerOpen, layoutOf } from "~/shell/layouts";
import { inertWhen } from "~/components/ui/inert";
import { langTag } from "~/lib/lang-tag";
import { createI18n } from "~/i18n/i18n";
import { messagesOfMatches } from "~/i18n/messages";
import { mergeMessages } from "~/i18n/message-sets";
import { loadRootData } from "~/shell/root-data.server";
import { useRootData, type RootData } from "~/shell/root-data";
import { InlineStyles } from "~/document/inline-css";
import { HydrationBoot } from "~/document/hydration-boot";
import type { Route } from "./+types/root";
import { requestContextOf, requestMiddleware } from "~/shell/request.server";

/** One context per request (ADR 137): its cookies, locale and person, read once for every loader and action. */
export const middleware: Route.MiddlewareFunction[] = [requestMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  return loadRootData(requestContextOf(context));
}

export type { RootData } from "~/shell/root-data";

export function meta({ loaderData: data }: Route.MetaArgs): MetaDescriptor[] {
  const name = data?.brand.displayName ?? "Storefront";
  return [{ title: name }, { name: "description", content: data?.description ?? "" }];
}

function themeStyle(theme: RootData["brand"]["theme"] | undefined): CSSProperties {
  if (!theme) return {};
  const vars: Record<string, string> = { "--brand-primary": theme.primary, "--brand-on-primary": theme.onPrimary };
  if (theme.background) vars["--brand-background"] = theme.background;
  else if (theme.mode === "light") vars["--brand-background"] = "#ffffff";
  if (theme.surface) vars["--brand-surface"] = theme.surface;
  else if (theme.mode === "light") vars["--brand-surface"] = "#f3f3f3";
  if (theme.text) vars["--brand-text"] = theme.text;
  else if (theme.mode === "light") vars["--brand-text"] = "#151515";
  return vars as CSSProperties;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const matches = useMatches();
  const locale = data?.locale ?? "ru";
  // the shell's messages and each route's own arrive as JSON strings (ADR 112, 122): the same strings give the same
  // merged tree and so the same translator
  const messages = mergeMessages(messagesOfMatches(matches));
  const i18n = useMemo(() => createI18n(locale, messages), [locale, messages]);
  return (
    <html lang={langTag(locale)} data-theme={data?.brand.theme.mode ?? "dark"} style={themeStyle(data?.brand.theme)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.brand.theme.primary ?? "#ff6a2b"} />
        {data ? <link rel="icon" href={data.favicon} /> : null}
        {data?.appleTouchIcon ? <link rel="apple-touch-icon" href={data.appleTouchIcon} /> : null}
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <InlineStyles nonce={nonce} />
        <Links />
      </head>
      <body className="bg-bg text-fg antialiased">
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <HydrationBoot nonce={nonce} warmIntl={hydratesNumbers(matches)} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <FocusAfterNavigation />
      <ServiceWorker />
      <Shell>
        <Outlet />
      </Shell>
    </>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const data = useRootData();
  const matches = useMatches();
  const layout = layoutOf(matches);
  // behind a route's modal layer the page chrome is inert (see LayerHandle); `contents` keeps the header sticky
  const behind = inertWhen(layerOpen(matches));
  if (layout === "custom") return <>{children}</>;
  return (
    <>
      <div className="contents" {...behind}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[3000] focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-on-brand"
        >
          {t("app.skipToContent")}
        </a>
        {data ? <NavigationProgress label={data.brand.bootLoader?.text} /> : null}
        {data ? <AppHeader data={data} navigation={layout !== "simple"} /> : null}
        {data?.demo ? (
          <p className="bg-surface px-4 py-1 text-center text-xs text-muted" role="note">
            {t("app.demoNotice")}
          </p>
        ) : null}
        {data ? <LegacyMigrationWhenIdle brand={data.brand} storageReset={data.storageReset} /> : null}
      </div>
      <main
        id="main"
        tabIndex={-1}
        className={layout === "custom-default" ? "w-full pb-16 outline-none" : "mx-auto w-full max-w-7xl px-4 pb-16 outline-none"}
      >
        {children}
      </main>
      <div className="contents" {...behind}>
        {layout === "simple" ? null : <AppFooter />}
        {data && !data.consentAccepted ? <ConsentBanner /> : null}
      </div>
      {data?.consentAccepted && data.brand.analyticsCounterId ? <Analytics counterId={data.brand.analyticsCounterId} /> : null}
      {data ? <FieldData /> : null}
    </>
  );
}

function AppFooter() {
  const { t } = useTranslation();
  const data = useRootData();
  return (
    <footer className="border-t border-line px-4 py-8 text-sm text-muted">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2">
        <span>© {data?.brand.displayName}</span>
        <Link to="/restos" className="hover:text-fg">
          {t("app.restos")}
        </Link>
        <Link to="/promotions" className="hover:text-fg">
          {t("app.promotions")}
        </Link>
        <Link to="/terms-of-sale" className="hover:text-fg">
          {t("app.termsOfSale")}
        </Link>
      </div>
    </footer>
  );
}

/** The error layout (spec §2): a plain page with a way back home. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // a route's message (the spec's upstream text) when it sent one, else the localized unknown-error text
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : t("errors.unknown");
  return (
    <main id="main" className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? t("errors.notFoundTitle") : t("errors.errorTitle")}</h1>
      <p className="text-muted">{message}</p>
      <a href="/" className="rounded-full bg-brand px-5 py-2 font-medium text-on-brand">
        {t("errors.toHome")}
      </a>
    </main>
  );
}
