import { z } from "zod";
import { BodyTooLarge, readBodyLimited } from "~/features/forms/bounded-body.server";
import {
  DEVICE_CLASSES,
  RATINGS,
  ROUTE_ID_PATTERN,
  VITAL_MAX,
  VITAL_NAMES,
  VITALS_BODY_LIMIT_BYTES,
  VITALS_ENTRY_LIMIT,
  type VitalName,
} from "~/lib/field-data";
import { addressKey, type LimitCheck } from "~server/auth/rate-limit";
import type { RequestContext } from "~server/context";
import { telemetry, type MetricName } from "~server/telemetry";

/**
 * `POST /vitals` (issue 37, ADR 160): the Core Web Vitals a customer's browser measured, sent with
 * `navigator.sendBeacon` when the page is hidden, turned into Prometheus histograms per route and device class on the
 * metrics port. Hostile input like any other body:
 *
 * - bounded before it is parsed (ADR 142's rule for forms, with this endpoint's own limits): a body type other than
 *   `text/plain` (sendBeacon's for a string) or `application/json` is a 415, a declared or actual length past
 *   VITALS_BODY_LIMIT_BYTES a 413, read at most that far;
 * - counted per client address before its body is read: past VITALS_ADDRESS_LIMIT a 429 (rate_limit_refusals_total
 *   {limit="vitals_address"});
 * - JSON of one shape, read with zod: at most VITALS_ENTRY_LIMIT entries (more: 413), a route id's shape and a device
 *   class (else 400); an entry of an unknown metric, rating or value is dropped and the others kept; values are
 *   clamped to [0, VITAL_MAX]. A route id that is not one of the build's is dropped where the build's routes are
 *   known: by the metrics exporter (server/metrics.ts);
 * - answered 204 (or a 4xx with no body worth reading), never a 5xx, `Cache-Control: no-store`, and with no cookie:
 *   nothing here reads the Cookie header or touches the session.
 *
 * A brand with `fieldData.enabled: false` records nothing: 204 without reading the body (a page loaded before the
 * switch may still send one).
 */

/** Beacons per client address and minute: a page view sends one (two after a back/forward-cache restore); a busy NAT shares it. */
export const VITALS_ADDRESS_LIMIT = { limit: 120, windowMs: 60_000 } as const;

const BODY_TYPES = ["text/plain", "application/json"];

/** The telemetry histogram of each metric, and what the beacon's unit (ms) is divided by for its own (s). */
export const VITAL_HISTOGRAMS: Record<VitalName, { metric: MetricName; divisor: number }> = {
  LCP: { metric: "web_vitals_lcp_seconds", divisor: 1000 },
  INP: { metric: "web_vitals_inp_seconds", divisor: 1000 },
  CLS: { metric: "web_vitals_cls", divisor: 1 },
  TTFB: { metric: "web_vitals_ttfb_seconds", divisor: 1000 },
};

const entrySchema = z.object({ name: z.enum(VITAL_NAMES), value: z.number().finite(), rating: z.enum(RATINGS) });
const beaconSchema = z.object({
  route: z.string().max(110).regex(ROUTE_ID_PATTERN),
  device: z.enum(DEVICE_CLASSES),
  // each entry is judged on its own below: one bad entry does not cost the others
  metrics: z.array(z.unknown()).min(1).max(VITALS_ENTRY_LIMIT),
});

export type VitalsRefusal = { status: 400 | 413 | 415 | 429; reason: string };

const NO_STORE = { "Cache-Control": "no-store" };

function answer(status: 204 | 400 | 405 | 413 | 415 | 429, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { ...NO_STORE, ...headers } });
}

/** GET and friends: the endpoint only takes beacons. */
export function vitalsMethodNotAllowed(): Response {
  return answer(405, { Allow: "POST" });
}

/** Why a body of this type and declared length is not read, or null. */
export function refuseVitalsHeaders(contentType: string | null, declaredLength: string | null): VitalsRefusal | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!BODY_TYPES.includes(type)) return { status: 415, reason: "content type" };
  if (declaredLength !== null) {
    const length = Number(declaredLength);
    if (!Number.isFinite(length) || length < 0) return { status: 400, reason: "content length" };
    if (length > VITALS_BODY_LIMIT_BYTES) return { status: 413, reason: "body too large" };
  }
  return null;
}

export interface AcceptedVitals {
  route: string;
  device: (typeof DEVICE_CLASSES)[number];
  entries: { name: VitalName; value: number }[];
  /** entries left out: unknown metric, rating or a value that is not a number */
  dropped: number;
}

/** The beacon in `text`, or why it is refused. Pure: the unit tests feed it generated bodies. */
export function parseVitals(text: string): AcceptedVitals | VitalsRefusal {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 400, reason: "not JSON" };
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) {
    const tooMany = parsed.error.issues.some((issue) => issue.code === "too_big" && issue.path[0] === "metrics");
    return tooMany ? { status: 413, reason: "too many entries" } : { status: 400, reason: "shape" };
  }
  const entries: AcceptedVitals["entries"] = [];
  let dropped = 0;
  for (const raw of parsed.data.metrics) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      dropped++;
      continue;
    }
    const { name, value } = entry.data;
    entries.push({ name, value: Math.min(VITAL_MAX[name], Math.max(0, value)) });
  }
  return { route: parsed.data.route, device: parsed.data.device, entries, dropped };
}

function refused(refusal: VitalsRefusal): Response {
  telemetry.count("web_vitals_rejected_total", { reason: "body" });
  return answer(refusal.status);
}

/** The action of `POST /vitals`. */
export async function acceptVitals(rc: RequestContext): Promise<Response> {
  const { request } = rc;
  if (request.method !== "POST") return vitalsMethodNotAllowed();
  if (!rc.config.brand.fieldData.enabled) {
    telemetry.count("web_vitals_rejected_total", { reason: "disabled" });
    return answer(204);
  }
  const early = refuseVitalsHeaders(request.headers.get("Content-Type"), request.headers.get("Content-Length"));
  if (early) return refused(early);
  const limit: LimitCheck = { key: `vitals:ip:${addressKey(rc.clientAddress)}`, ...VITALS_ADDRESS_LIMIT, label: "vitals_address" };
  const allowed = await rc.services.rateLimits.check([limit]);
  if (!allowed.ok) {
    telemetry.count("web_vitals_rejected_total", { reason: "rate_limited" });
    return answer(429, { "Retry-After": String(allowed.retryAfterSeconds) });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: false }).decode(await readBodyLimited(request, VITALS_BODY_LIMIT_BYTES));
  } catch (error) {
    return refused(error instanceof BodyTooLarge ? { status: 413, reason: "body too large" } : { status: 400, reason: "body unreadable" });
  }
  const beacon = parseVitals(text);
  if ("status" in beacon) return refused(beacon);
  if (beacon.dropped > 0) telemetry.count("web_vitals_rejected_total", { reason: "entry" }, beacon.dropped);
  for (const { name, value } of beacon.entries) {
    const { metric, divisor } = VITAL_HISTOGRAMS[name];
    telemetry.observe(metric, { route: beacon.route, device: beacon.device }, value / divisor);
  }
  return answer(204);
}
