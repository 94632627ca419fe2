#!/usr/bin/env node
/**
 * First-view JavaScript (the budget of docs/requirements.md, "Architecture": ≤ 100 KB gzip on home, menu and cart):
 * the gzipped bytes (level 9) of every script a first view of a page loads — the entry, the route modules and the
 * preloads the server sends, counted whether inert or not (ADR 080). Code fetched later (a dynamic import when the
 * browser is idle, ADR 118, 160) is not in the document and not counted. `npm run bench` prints it per build;
 * `node bench/first-view.mjs` prints it for one or more builds (FIRST_VIEW_BUILDS=build-before,build; a server each
 * from FIRST_VIEW_PORT, 3690), as a returning customer of the demo brand.
 */
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { startBenchServer } from "./server.mjs";

export const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

/** gzipped bytes of the JavaScript a first view of `path` loads (entry, route modules, preloads). */
export async function firstViewJs(base, path, ua, headers = {}) {
  const html = await (await fetch(base + path, { headers: { "User-Agent": ua, ...headers } })).text();
  const urls = new Set();
  // the preloads go out inert and are re-created after the first paint (ADR 080): count them either way
  for (const m of html.matchAll(/<link (?:rel="modulepreload"|data-deferred-modulepreload="") href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]);
  let bytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return { bytes, files: urls.size, html };
}

/** The cookie of one 'Сохранить' of the demo brand's default location: a returning customer (ADR 090). */
export async function returningCookie(base) {
  const body = new URLSearchParams({ intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" });
  const res = await fetch(`${base}/location`, { method: "POST", body, redirect: "manual", headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" } });
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

export const FIRST_VIEW_PAGES = [
  ["home (desktop, /)", "/", DESKTOP_UA],
  ["menu (phone, /menus/501)", "/menus/501", PHONE_UA],
  ["cart (phone, /cart)", "/cart", PHONE_UA],
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const builds = (process.env.FIRST_VIEW_BUILDS ?? process.env.BUILD_DIR ?? "build").split(",");
  let port = Number(process.env.FIRST_VIEW_PORT ?? 3690);
  for (const build of builds) {
    const server = await startBenchServer(port++, { BUILD_DIR: build });
    try {
      const cookie = await returningCookie(server.base);
      const figures = [];
      for (const [label, path, ua] of FIRST_VIEW_PAGES) {
        const view = await firstViewJs(server.base, path, ua, { Cookie: cookie });
        figures.push(`${label} ${(view.bytes / 1024).toFixed(2)} KB (${view.files} files)`);
      }
      console.log(`${build}: ${figures.join(", ")}  [budget ≤ 100 KB each]`);
    } finally {
      server.stop();
    }
  }
}
