/**
 * Installing the storefront (issue 18 §3, ADR 055): the brand's web app manifest, its icons drawn from the brand
 * mark, and the service worker's source. Pure: the routes feed it the brand and serve what it returns.
 */

export interface PwaTheme {
  mode: "dark" | "light";
  primary: string;
  onPrimary?: string;
  background?: string;
  text?: string;
}

export interface PwaBrand {
  whiteLabel: string;
  version: string;
  displayName: string;
  description: string;
  theme: PwaTheme;
}

/** the page background the storefront paints (styles.css defaults when the brand names none) */
export function backgroundOf(theme: PwaTheme): string {
  return theme.background ?? (theme.mode === "light" ? "#ffffff" : "#121212");
}

export function textOf(theme: PwaTheme): string {
  return theme.text ?? (theme.mode === "light" ? "#151515" : "#f5f5f5");
}

/** a home-screen label: the name when it fits 12 characters, else its first word (cut to 12) */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if ([...trimmed].length <= 12) return trimmed;
  return [...(trimmed.split(/\s+/)[0] ?? trimmed)].slice(0, 12).join("");
}

export const ICON_PATHS = { any: "/icons/any.svg", maskable: "/icons/maskable.svg" } as const;
/** "apple": the apple-touch-icon, a full square (iOS rounds it itself, and shows no transparency) */
export type IconPurpose = keyof typeof ICON_PATHS | "apple";

/**
 * The PNG icons made per brand at build time (issue 36 §7, ADR 154, scripts/pwa-icons.mjs): iOS takes only a PNG
 * apple-touch-icon, and some Android launchers only PNG manifest icons.
 */
export const PNG_ICONS = [
  { file: "icon-192.png", size: 192, purpose: "any" },
  { file: "icon-512.png", size: 512, purpose: "any" },
  { file: "maskable-512.png", size: 512, purpose: "maskable" },
  { file: "apple-touch-icon.png", size: 180, purpose: "apple" },
] as const satisfies readonly { file: string; size: number; purpose: IconPurpose }[];

/** Where a brand's PNG icon is served (the build's client folder: `icons/<whiteLabel>/<file>`), its version in the query. */
export function pngIconHref(brand: Pick<PwaBrand, "whiteLabel" | "version">, file: string): string {
  return `/icons/${encodeURIComponent(brand.whiteLabel)}/${file}?v=${encodeURIComponent(brand.version)}`;
}

/** `pngIcons`: the brand's PNG icons are in the build (made by `npm run build`); without them, SVG only. */
export function webManifest(brand: PwaBrand, lang: string, pngIcons = false) {
  const background = backgroundOf(brand.theme);
  return {
    // the id stays when the brand's version changes: the installed app is updated, not duplicated
    id: "/",
    name: brand.displayName,
    short_name: shortName(brand.displayName),
    description: brand.description,
    lang,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: brand.theme.primary,
    background_color: background,
    // SVG scales to every size a browser asks for (Chromium accepts `sizes: any` for installing)
    icons: [
      { src: ICON_PATHS.any, sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: ICON_PATHS.maskable, sizes: "any", type: "image/svg+xml", purpose: "maskable" },
      ...(pngIcons
        ? PNG_ICONS.filter((icon) => icon.purpose !== "apple").map((icon) => ({
            src: pngIconHref(brand, icon.file),
            sizes: `${icon.size}x${icon.size}`,
            type: "image/png",
            purpose: icon.purpose,
          }))
        : []),
    ],
  };
}

/** the brand mark's SVG as a nested, positioned <svg> (its viewBox kept), or null when it is not SVG */
function nestMark(markSvg: string, x: number, size: number): string | null {
  const open = /<svg\b([^>]*)>/i.exec(markSvg);
  const close = markSvg.lastIndexOf("</svg>");
  if (!open || close < 0) return null;
  const viewBox = /\bviewBox\s*=\s*"([^"]*)"/i.exec(open[1] ?? "")?.[1] ?? "0 0 64 64";
  const inner = markSvg.slice(open.index + open[0].length, close).replace(/<script[\s\S]*?<\/script>/gi, "");
  return `<svg x="${x}" y="${x}" width="${size}" height="${size}" viewBox="${viewBox}">${inner}</svg>`;
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A mark drawn from the brand's colours alone (no text, so it needs no font: the PNG renderer has none): a disc of
 * the primary colour, a ring and a dot of its text-on-primary colour — a plate, seen from above.
 */
function colourMark(brand: PwaBrand, size: number): string {
  const r = size / 2;
  const on = brand.theme.onPrimary ?? backgroundOf(brand.theme);
  return (
    `<circle cx="256" cy="256" r="${r}" fill="${brand.theme.primary}"/>` +
    `<circle cx="256" cy="256" r="${r * 0.62}" fill="none" stroke="${on}" stroke-width="${r * 0.1}"/>` +
    `<circle cx="256" cy="256" r="${r * 0.22}" fill="${on}"/>`
  );
}

/**
 * A 512×512 icon: the mark on the brand's background. `maskable` keeps the mark inside the 80 % safe zone and
 * fills the whole square (launchers cut their own shape); `apple` fills the square too (iOS rounds it) with a larger
 * mark; `any` rounds the corners itself. Without an SVG mark: the brand's initial in its primary colour, or with
 * `glyph: "colours"` (the PNG icons, rendered without fonts) a mark drawn from its colours.
 */
export function iconSvg(brand: PwaBrand, markSvg: string | null, purpose: IconPurpose, options: { glyph?: "initial" | "colours" } = {}): string {
  const background = backgroundOf(brand.theme);
  const size = purpose === "maskable" ? 300 : purpose === "apple" ? 380 : 400;
  const offset = (512 - size) / 2;
  const fallback =
    options.glyph === "colours"
      ? colourMark(brand, size)
      : `<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="280" font-weight="700" fill="${brand.theme.primary}">${escapeXml([...brand.displayName.trim()][0] ?? "·")}</text>`;
  const mark = (markSvg && nestMark(markSvg, offset, size)) ?? fallback;
  const radius = purpose === "any" ? 96 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"><rect width="512" height="512" rx="${radius}" fill="${background}"/>${mark}</svg>`;
}

/** the service worker's cache: per brand and version, so a brand reset (a new version) drops the old one */
export function cacheName(brand: Pick<PwaBrand, "whiteLabel" | "version">): string {
  return `storefront-${brand.whiteLabel}-v${brand.version.replace(/[^\w.-]/g, "_")}`;
}

export const OFFLINE_PATH = "/offline";
export const OFFLINE_MENU_PATH = "/offline/menu";

/** pages whose offline stand-in is the last menu viewed */
export function isMenuPath(pathname: string): boolean {
  return pathname === "/" || /^\/menus\/\d+(\/|$)/.test(pathname);
}

/**
 * The service worker (served as /sw.js). It caches exactly two documents, neither of which carries the cart
 * or the customer: the offline page and a cookie-less snapshot of the last menu viewed (`/offline/menu`, fetched
 * by the worker itself, prices marked as possibly out of date, no ordering). Every other request goes to the
 * network untouched: documents, `.data`, forms and assets are never cached by it.
 */
export function serviceWorkerSource(brand: Pick<PwaBrand, "whiteLabel" | "version">): string {
  const config = { cache: cacheName(brand), offline: OFFLINE_PATH, menu: OFFLINE_MENU_PATH, menuPattern: "^/$|^/menus/\\d+(/|$)" };
  return `/* storefront service worker: ${config.cache} */
"use strict";
const C = ${JSON.stringify(config)};
const MENU = new RegExp(C.menuPattern);
let lastSnapshot = 0;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(C.cache).then((cache) => cache.add(new Request(C.offline, { cache: "reload", credentials: "same-origin" }))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("storefront-") && key !== C.cache).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** a snapshot of the customer's current menu, without the cart or the person (the server renders none) */
async function snapshotMenu(force) {
  if (!force && Date.now() - lastSnapshot < 30000) return;
  lastSnapshot = Date.now();
  try {
    const response = await fetch(C.menu, { credentials: "same-origin", cache: "no-store" });
    if (response.ok && response.headers.get("X-Offline-Snapshot") === "menu") await (await caches.open(C.cache)).put(C.menu, response);
  } catch (error) {
    lastSnapshot = 0;
  }
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "menu-viewed") event.waitUntil(snapshotMenu(false));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).then(
      (response) => {
        if (response.ok && MENU.test(url.pathname)) event.waitUntil(snapshotMenu(false));
        return response;
      },
      async () => {
        const cache = await caches.open(C.cache);
        const fallback = (MENU.test(url.pathname) && (await cache.match(C.menu))) || (await cache.match(C.offline));
        return fallback || Response.error();
      },
    ),
  );
});
`;
}
