#!/usr/bin/env node
/**
 * The PNG app icons of every brand (issue 36 §7, ADR 154), made by `npm run build` after the client build: iOS takes
 * only a PNG apple-touch-icon and some Android launchers only PNG manifest icons, so beside the SVG icons the
 * server draws, each `brands/*.json` gets `<BUILD_DIR>/client/icons/<whiteLabel>/{icon-192,icon-512,maskable-512,
 * apple-touch-icon}.png`, served as the build's static files. They are drawn from the same SVG as the SVG icons
 * (app/lib/pwa.ts `iconSvg`: the brand's mark on its background, or a mark from its colours when it has none, since
 * the renderer has no fonts), rasterised by resvg compiled to WebAssembly (`@resvg/resvg-wasm`: no native binary,
 * nothing fetched at install, the same on every platform). esbuild, which the build already installs, turns the
 * TypeScript of app/lib/pwa.ts into one file, as scripts/brand-check.mjs does.
 *
 * `node scripts/pwa-icons.mjs [brand.json…]` (default: every brands/*.json); BUILD_DIR as the build's.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { Resvg, initWasm } from "@resvg/resvg-wasm";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");
const clientDir = join(buildDir, "client");
if (!existsSync(clientDir)) {
  console.error(`pwa-icons: no client build at ${clientDir} (run react-router build first)`);
  process.exit(1);
}

const out = mkdtempSync(join(root, "node_modules/.cache-pwa-icons-"));
let pwa;
try {
  await build({
    entryPoints: [join(root, "app/lib/pwa.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile: join(out, "pwa.mjs"),
    logLevel: "error",
  });
  pwa = await import(pathToFileURL(join(out, "pwa.mjs")).href);
} finally {
  rmSync(out, { recursive: true, force: true });
}

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));

/** the brand mark's SVG when it is an SVG file of ours (the server's rule, app/features/pwa/pwa.server.tsx) */
function markSvg(mark) {
  if (typeof mark !== "string" || !mark.startsWith("/") || !mark.endsWith(".svg") || mark.includes("..")) return null;
  const file = join(root, "public", mark);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

const files = process.argv.slice(2);
if (files.length === 0) for (const name of readdirSync(join(root, "brands")).sort()) if (name.endsWith(".json")) files.push(join("brands", name));

let made = 0;
for (const file of files) {
  const brand = JSON.parse(readFileSync(resolve(root, file), "utf8"));
  // the white-label name is the folder: the brand schema's characters only (brand:check says more)
  if (typeof brand.whiteLabel !== "string" || !/^[a-z0-9-]+$/.test(brand.whiteLabel) || !brand.theme?.primary) {
    console.error(`pwa-icons: ${file}: no usable whiteLabel or theme (npm run brand:check)`);
    process.exitCode = 1;
    continue;
  }
  const dir = join(clientDir, "icons", brand.whiteLabel);
  mkdirSync(dir, { recursive: true });
  const mark = markSvg(brand.mark);
  for (const icon of pwa.PNG_ICONS) {
    const svg = pwa.iconSvg(brand, mark, icon.purpose, { glyph: "colours" });
    const png = new Resvg(svg, { fitTo: { mode: "width", value: icon.size } }).render().asPng();
    writeFileSync(join(dir, icon.file), png);
    made++;
  }
}
console.log(`pwa-icons: ${made} PNG icons for ${files.length} brand(s) in ${join(clientDir, "icons")}`);
