import { onCLS, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { VITAL_NAMES, VITALS_ENTRY_LIMIT, VITALS_PATH, deviceClassOf, roundVital, type VitalName, type VitalsBeacon } from "~/lib/field-data";

/**
 * The browser's half of field data (issue 37, ADR 160), fetched after the first view by app/shell/FieldData.tsx:
 * web-vitals measures the page (its observers are `buffered`, so a late start still sees the landing page's paints,
 * shifts and interactions), and every value it reports is kept until the page is hidden, then sent in one
 * `navigator.sendBeacon` to POST /vitals: the landing route id, the device class, and per metric its name, value and
 * rating. No identifier: each metric's value is sent once (by web-vitals' own id, which never leaves the page), so a
 * page hidden and shown again does not count twice; a back/forward-cache restore is a new page view with new ids.
 */
export function collectVitals(route: string): void {
  const device = deviceClassOf(window.innerWidth);
  const pending = new Map<string, Metric>();
  const sent = new Set<string>();
  const keep = (metric: Metric) => {
    if (!sent.has(metric.id) && (VITAL_NAMES as readonly string[]).includes(metric.name)) pending.set(metric.id, metric);
  };
  onLCP(keep);
  // CLS and INP change over the page's life and web-vitals reports their final values only at visibilitychange, which
  // a document being navigated away from may not reach with a beacon still possible: every change is kept (the
  // latest value per id), so the pagehide beacon carries the values as they stand
  onINP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  onTTFB(keep);

  const flush = () => {
    if (pending.size === 0 || typeof navigator.sendBeacon !== "function") return;
    const batch = [...pending.values()].slice(0, VITALS_ENTRY_LIMIT);
    const beacon: VitalsBeacon = {
      route,
      device,
      metrics: batch.map((m) => ({ name: m.name as VitalName, value: roundVital(m.name as VitalName, m.value), rating: m.rating })),
    };
    // a string body goes as text/plain: a same-origin POST the browser sends without a preflight
    if (!navigator.sendBeacon(VITALS_PATH, JSON.stringify(beacon))) return;
    for (const m of batch) {
      sent.add(m.id);
      pending.delete(m.id);
    }
  };
  // on the document itself: after web-vitals' own listeners (window, capture phase), which report CLS and INP on it
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}
