import { useEffect, useState } from "react";
import { useMatches } from "react-router";
import { whenIdleOrTouched } from "~/lib/when-idle";
import { useRootData } from "./root-data";

/**
 * Field data (issue 37, ADR 160): renders nothing; on a sampled page view of a brand that has it on
 * (`brand.fieldData`), it fetches the Core Web Vitals collector when the browser is first idle after hydration (at the
 * latest 2 s later, as the other code of ADR 118) — so the first view's JavaScript does not carry it — and the
 * collector sends the landing page's LCP, INP, CLS and TTFB to POST /vitals when the page is hidden.
 *
 * The sample is drawn once per document: the route id it reports is the landing page's (its LCP and TTFB are that
 * page's; INP and CLS cover the document's life, client-side navigations included, as the Chrome UX Report counts them).
 */
export function FieldData() {
  const settings = useRootData()?.brand.fieldData;
  const matches = useMatches();
  // the landing page's route id, as it was at the first render: later navigations do not change what is reported
  const [landing] = useState(() => ({ route: matches[matches.length - 1]?.id, settings }));
  useEffect(() => {
    const { route, settings } = landing;
    if (!route || !settings?.enabled || !(Math.random() < settings.sampleRate)) return;
    const schedule = whenIdleOrTouched(() => {
      import("~/features/ops/vitals-collector").then(
        (m) => m.collectVitals(route),
        () => {}, // a chunk that cannot be fetched: this page view is not measured
      );
    });
    return schedule.cancel;
  }, [landing]);
  return null;
}
