/**
 * Field data (issue 37, ADR 160): the Core Web Vitals of customers' own page views, as the browser's collector
 * (features/ops/vitals-collector.ts) sends them to `POST /vitals` and the server (features/ops/vitals.server.ts) reads
 * them. One beacon is anonymous: the landing page's React Router route id (its pattern, never its URL), the device
 * class by viewport width, and per metric its name, value and rating — no identifier, no cookie read or set.
 */

export const VITALS_PATH = "/vitals";

export const VITAL_NAMES = ["LCP", "INP", "CLS", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const DEVICE_CLASSES = ["phone", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const RATINGS = ["good", "needs-improvement", "poor"] as const;
export type Rating = (typeof RATINGS)[number];

/** below Tailwind's `md` breakpoint (768 px) the storefront lays itself out for a phone */
export const PHONE_MAX_WIDTH_PX = 767;

export function deviceClassOf(viewportWidth: number): DeviceClass {
  return viewportWidth <= PHONE_MAX_WIDTH_PX ? "phone" : "desktop";
}

/**
 * The most entries a beacon may carry: each metric once per page view (4), and once more after a back/forward-cache
 * restore, which is a page view of its own with new values (web-vitals reports all four again).
 */
export const VITALS_ENTRY_LIMIT = 8;
/** The largest body: a full beacon of 8 entries and a 100-character route id is about 520 bytes. */
export const VITALS_BODY_LIMIT_BYTES = 1024;
/** React Router route ids as `@react-router/fs-routes` makes them: `root`, `routes/menus.$menuId`, `routes/[_demo].$` */
export const ROUTE_ID_PATTERN = /^(?:root|routes\/[A-Za-z0-9_.$[\]()-]{1,100})$/;

/**
 * The largest value kept of each metric (ms, CLS unitless); a larger one is recorded as this. A page left open for
 * an hour has a TTFB of milliseconds and an LCP of seconds: values past these are broken clocks or hostile input.
 */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 60_000, INP: 60_000, TTFB: 60_000, CLS: 10 };

/** web.dev's thresholds ("good" up to the first, "poor" past the second), in the unit web-vitals reports */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
};

export interface VitalEntry {
  name: VitalName;
  /** ms for LCP, INP and TTFB; unitless for CLS */
  value: number;
  rating: Rating;
}

export interface VitalsBeacon {
  route: string;
  device: DeviceClass;
  metrics: VitalEntry[];
}

/** A value as it is sent: whole ms, CLS to 4 decimals (no more precision than the histograms keep). */
export function roundVital(name: VitalName, value: number): number {
  return name === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value);
}
