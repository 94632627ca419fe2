import type { UIMatch } from "@remix-run/react";

/**
 * Layouts (spec §2): a route names one in its `handle` (`export const handle = { layout: "simple" }`);
 * `default` applies when none does. The deepest route that names one wins.
 * - default: app bar with navigation, content column, footer;
 * - simple: app bar without navigation or footer (focused tasks: sign-in, checkout);
 * - custom: no chrome at all — the route draws the whole page;
 * - custom-default: the default chrome around full-width content the route lays out itself;
 * - error: the error page (root ErrorBoundary), chosen by Remix when a route throws.
 */
export const LAYOUTS = ["custom", "custom-default", "default", "error", "simple"] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export interface LayoutHandle {
  layout?: LayoutName;
}

export function layoutOf(matches: readonly Pick<UIMatch, "handle">[]): LayoutName {
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]!.handle as LayoutHandle | undefined)?.layout;
    if (layout && (LAYOUTS as readonly string[]).includes(layout)) return layout;
  }
  return "default";
}
