import type { UIMatch } from "react-router";

/**
 * Layouts (spec §2): a route names one in its `handle` (`export const handle = { layout: "simple" }`);
 * `default` applies when none does. The deepest route that names one wins.
 * - default: app bar with navigation, content column, footer;
 * - simple: app bar without navigation or footer (focused tasks: sign-in, checkout);
 * - custom: no chrome at all — the route draws the whole page;
 * - custom-default: the default chrome around full-width content the route lays out itself;
 * - error: the error page (root ErrorBoundary), chosen by React Router when a route throws.
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

/**
 * A route that draws a modal layer over the page (the location popup, a position, a promotion, the age gate,
 * a confirmation) says so in its handle: `layer: true`, or a test of its loader data. The page behind it —
 * app bar, footer, consent bar, the page under the layer — is then rendered `inert`, so without JavaScript
 * Tab goes straight into the layer instead of through links hidden under its scrim, and screen readers
 * stay in it. With JavaScript the layer's focus trap does the same for layers opened in the page.
 */
export interface LayerHandle {
  layer?: boolean | ((data: unknown) => boolean);
}

export function layerOpen(matches: readonly Pick<UIMatch, "handle" | "loaderData">[]): boolean {
  return matches.some((m) => {
    const layer = (m.handle as LayerHandle | undefined)?.layer;
    return typeof layer === "function" ? layer(m.loaderData) : layer === true;
  });
}

/**
 * Whether the page's hydration formats a number with Intl (a price, a weight). The page's own route — the deepest
 * match — says so in its handle (`hydratesNumbers: false`); one that does not say is assumed to, so a layer over the
 * menu (a position, with its prices) is not covered by the menu's `false` (ADR 117). Only a page that does is worth
 * the boot's early Intl task (`HydrationBoot`); a wrong `false` costs no correctness, only that task's time
 * inside the hydration.
 */
export interface NumbersHandle {
  hydratesNumbers?: boolean;
}

export function hydratesNumbers(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return (matches.at(-1)?.handle as NumbersHandle | undefined)?.hydratesNumbers !== false;
}
