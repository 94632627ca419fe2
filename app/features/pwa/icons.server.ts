/**
 * Whether `npm run build` made this brand's PNG icons (issue 36 §7, ADR 154: scripts/pwa-icons.mjs writes them to
 * `<BUILD_DIR>/client/icons/<whiteLabel>/`). A brand file that was not in `brands/` when the image was built (or a
 * dev server, which has no client build) has none: the manifest then lists the SVG icons only and the document
 * names no apple-touch-icon. Looked up once per process.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { PNG_ICONS, pngIconHref } from "~/lib/pwa";
import type { RequestContext } from "~server/context";

const found = new Map<string, boolean>();

export function hasPngIcons(rc: RequestContext): boolean {
  const { brand, env } = rc.config;
  const dir = path.resolve(env.BUILD_DIR, "client", "icons", brand.whiteLabel);
  let there = found.get(dir);
  if (there === undefined) {
    there = PNG_ICONS.every((icon) => existsSync(path.join(dir, icon.file)));
    found.set(dir, there);
  }
  return there;
}

/** The apple-touch-icon's address for the document head, or null without the brand's PNG icons. */
export function appleTouchIcon(rc: RequestContext): string | null {
  const icon = PNG_ICONS.find((i) => i.purpose === "apple")!;
  return hasPngIcons(rc) ? pngIconHref(rc.config.brand, icon.file) : null;
}
