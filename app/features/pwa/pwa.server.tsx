/**
 * The install and offline resources (issue 18 §3, ADR 055): manifest, icons, service worker, the offline page
 * and the offline snapshot of the customer's current menu. The two pages are small standalone documents (not
 * the app's pages): no root loader, so no cart badge, no person, no cookies set — safe for the worker to keep.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { effectiveLocation } from "~/features/location/location.server";
import { toMenuViews, type MenuView } from "~/features/menu/menu-view.server";
import { langTag } from "~/lib/lang-tag";
import { formatMoney } from "~/lib/money";
import { backgroundOf, iconSvg, serviceWorkerSource, textOf, webManifest, type IconPurpose } from "~/lib/pwa";
import { log } from "~server/log";
import { hasPngIcons } from "./icons.server";
import { createNonce } from "~server/security";
import type { Brand } from "~server/brand";
import type { RequestContext } from "~server/context";

const HOUR = "public, max-age=3600";

export async function manifestResponse(rc: RequestContext) {
  const { brand } = rc.config;
  const locale = rc.locale;
  return new Response(JSON.stringify(webManifest(brand, langTag(locale), hasPngIcons(rc))), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": HOUR, Vary: "Cookie, Accept-Language" },
  });
}

let markCache: { mark: string; svg: string | null } | undefined;
/** the brand mark's SVG text when it is a file of ours (a remote URL or a raster mark gives the initial) */
async function markSvg(mark: string): Promise<string | null> {
  if (markCache?.mark === mark) return markCache.svg;
  let svg: string | null = null;
  if (mark.startsWith("/") && mark.endsWith(".svg") && !mark.includes("..")) {
    try {
      svg = await readFile(path.join(process.cwd(), "public", mark), "utf8");
    } catch (error) {
      log("warn", "brand mark unreadable for the app icon", { mark, error: error instanceof Error ? error.message : String(error) });
    }
  }
  markCache = { mark, svg };
  return svg;
}

export async function iconResponse(rc: RequestContext, purpose: IconPurpose) {
  const { brand } = rc.config;
  return new Response(iconSvg(brand, await markSvg(brand.mark), purpose), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": HOUR, "X-Content-Type-Options": "nosniff" },
  });
}

export function serviceWorkerResponse(rc: RequestContext) {
  const { brand } = rc.config;
  return new Response(serviceWorkerSource(brand), {
    // always revalidated: a new brand version must reach the browser at its next visit
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" },
  });
}

function pageHeaders(nonce: string, extra: Record<string, string> = {}) {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    // the worker keeps its own copy; shared caches and the HTTP cache must not
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...extra,
  });
}

function Page({ brand, title, lang, nonce, children }: { brand: Brand; title: string; lang: string; nonce: string; children: React.ReactNode }) {
  const style = `
    :root { color-scheme: ${brand.theme.mode}; }
    body { margin: 0; background: ${backgroundOf(brand.theme)}; color: ${textOf(brand.theme)};
      font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    header { display: flex; align-items: center; gap: 12px; padding: 12px 16px; border-bottom: 1px solid color-mix(in oklab, currentColor 16%, transparent); }
    header img { width: 40px; height: 40px; }
    main { max-width: 48rem; margin: 0 auto; padding: 16px; }
    h1 { font-size: 1.5rem; margin: 8px 0 12px; }
    h2 { font-size: 1.15rem; margin: 20px 0 8px; }
    .note { padding: 12px 14px; border-radius: 12px; background: color-mix(in oklab, ${brand.theme.primary} 18%, transparent); }
    ul { list-style: none; margin: 0; padding: 0; }
    li { display: flex; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid color-mix(in oklab, currentColor 10%, transparent); overflow-wrap: anywhere; }
    li span:last-child { white-space: nowrap; font-weight: 600; }
    a.button { display: inline-block; margin-top: 16px; padding: 10px 20px; border-radius: 9999px; background: ${brand.theme.primary}; color: ${brand.theme.onPrimary}; font-weight: 600; text-decoration: none; }
  `;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content={brand.theme.primary} />
        <title>{`${title} — ${brand.displayName}`}</title>
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: style }} />
      </head>
      <body>
        <header>
          <img src={brand.mark} alt="" width={40} height={40} />
          <strong>{brand.displayName}</strong>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

const html = (element: React.ReactElement) => `<!doctype html>${renderToStaticMarkup(element)}`;

/** the page the worker shows for any document it cannot fetch (and has no menu snapshot for) */
export async function offlinePage(rc: RequestContext) {
  const locale = rc.locale;
  const t = rc.t;
  const nonce = createNonce();
  const body = html(
    <Page brand={rc.config.brand} title={t("pwa.offlineTitle")} lang={langTag(locale)} nonce={nonce}>
      <h1>{t("pwa.offlineTitle")}</h1>
      <p>{t("pwa.offlineText")}</p>
      <a className="button" href="/">
        {t("pwa.retry")}
      </a>
    </Page>,
  );
  return new Response(body, { headers: pageHeaders(nonce) });
}

/**
 * The customer's current menu as a read-only document: names, measures and prices as of now, marked as possibly
 * out of date when read later, with no way to order. It reads the location from the storefront cookie and
 * nothing else; it renders no cart, no person and sets no cookie.
 */
export async function offlineMenu(rc: RequestContext) {
  const { config, upstream } = rc.services;
  const locale = rc.locale;
  const t = rc.t;
  const nonce = createNonce();
  const location = effectiveLocation(await rc.session.get("storefront"), config.brand);
  let menus: MenuView[] = [];
  let restoName = config.brand.displayName;
  let currency = "RUB";
  if (location?.restoId) {
    try {
      const catalog = await upstream.boot.loadRestoCatalog(location.restoId);
      menus = toMenuViews(catalog, location.method, { now: upstream.clock.now(), adultConfirmed: false });
      restoName = catalog.resto.name;
      currency = catalog.resto.currency;
    } catch {
      return new Response(null, { status: 503, headers: { "Cache-Control": "no-store" } });
    }
  }
  const savedAt = new Intl.DateTimeFormat(langTag(locale), { dateStyle: "short", timeStyle: "short" }).format(upstream.clock.now());
  const money = (minor: number) => formatMoney(minor, currency, locale === "en" ? "en-GB" : "ru-RU");
  const body = html(
    <Page brand={rc.config.brand} title={restoName} lang={langTag(locale)} nonce={nonce}>
      <p className="note" role="note" data-testid="offline-menu-note">
        {t("pwa.staleMenu")} {t("pwa.savedAt", { time: savedAt })}
      </p>
      <h1>{restoName}</h1>
      {menus.length === 0 ? <p>{t("pwa.noMenu")}</p> : null}
      {menus.map((menu) =>
        menu.groups
          .filter((g) => !g.locked)
          .map((group) => (
            <section key={`${menu.id}-${group.id}`}>
              <h2>{group.name}</h2>
              <ul>
                {group.positions.map((p) => (
                  <li key={p.id} data-testid="offline-position">
                    <span>{p.name}</span>
                    <span>{money(p.price)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )),
      )}
      <a className="button" href="/">
        {t("pwa.retry")}
      </a>
    </Page>,
  );
  return new Response(body, { headers: pageHeaders(nonce, { "X-Offline-Snapshot": "menu" }) });
}
