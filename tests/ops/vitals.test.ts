/**
 * POST /vitals (issue 37, ADR 160): the field-data endpoint is hostile input like any other body. Whatever arrives —
 * generated JSON, broken JSON, wrong types, huge or chunked bodies, too many entries — it answers 204 or a 4xx, never
 * a 5xx nor a cookie; it records only known metrics of a well-formed beacon, clamped, under a route id of the build.
 */
import fc from "fast-check";
import type { ActionFunctionArgs } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { VITAL_MAX, VITAL_NAMES, VITAL_THRESHOLDS, VITALS_BODY_LIMIT_BYTES, VITALS_ENTRY_LIMIT, deviceClassOf } from "~/lib/field-data";
import { VITALS_ADDRESS_LIMIT, VITAL_HISTOGRAMS, parseVitals } from "~/features/ops/vitals.server";
import { createLoadContext, requestMiddleware } from "~server/context";
import { setLogLevel } from "~server/log";
import { FIELD_DATA_METRICS, METRIC_SPECS, createMetrics } from "~server/metrics";
import { addTelemetrySink, type Labels, type MetricName } from "~server/telemetry";
import { contextOf, services, servicesWith } from "../context";
import type { Services } from "~server/services";

interface Event {
  kind: "count" | "observe";
  name: MetricName;
  labels: Labels;
  value: number;
}
let events: Event[] = [];
const unsubscribe = addTelemetrySink({
  count: (name, labels, by) => events.push({ kind: "count", name, labels, value: by }),
  observe: (name, labels, value) => events.push({ kind: "observe", name, labels, value }),
  set: () => {},
});
afterEach(() => {
  events = [];
});
const observed = () => events.filter((e) => e.kind === "observe");

let action: (args: ActionFunctionArgs) => unknown;
let sessionCookie = "";
beforeAll(async () => {
  setLogLevel("silent");
  action = (await import("~/routes/vitals")).action as typeof action;
  // a customer's own cookies, as their page views left them (a cart and the default location)
  const { session } = await contextOf(new Request("http://localhost/"));
  const state = await session.get("storefront");
  state.cart_positions.push({ positionId: 10031, menuId: 501, count: 2, modifiers: [] });
  const prefs = await session.get("prefs");
  prefs.app_locale = "en";
  sessionCookie = (await session.commitHeaders())
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return unsubscribe;
});

let nextAddress = 1;
/** a fresh client address per test, so that the per-address limit is the test's own */
const freshAddress = () => `198.51.100.${nextAddress++ % 250}`;

interface Post {
  body?: BodyInit | null;
  type?: string | null;
  headers?: Record<string, string>;
  services?: Services;
  clientAddress?: string;
  method?: string;
}

/** the action run as React Router runs it: inside the root route's middleware, which makes the request's context */
async function post({ body = null, type = "text/plain;charset=UTF-8", headers = {}, services: s = services(), clientAddress = freshAddress(), method = "POST" }: Post = {}) {
  const init: RequestInit & { duplex?: "half" } = {
    method,
    headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin", ...(type ? { "Content-Type": type } : {}), ...headers },
    ...(body === null ? {} : { body, duplex: "half" }),
  };
  const request = new Request("http://localhost/vitals", init);
  const url = new URL(request.url);
  const args = { request, params: {}, context: createLoadContext(s, { clientAddress }), url, pattern: url.pathname, unstable_pattern: "/vitals" };
  return (await requestMiddleware(args as never, async () => (await action(args as never)) as Response)) as Response;
}

const beacon = (metrics: unknown[], route = "routes/menus.$menuId", device = "phone") => JSON.stringify({ route, device, metrics });
const good = [
  { name: "LCP", value: 1234, rating: "good" },
  { name: "INP", value: 180, rating: "good" },
  { name: "CLS", value: 0.05, rating: "good" },
  { name: "TTFB", value: 950, rating: "needs-improvement" },
];

describe("a beacon of the collector's shape", () => {
  it("is answered 204 with no body, no cookie and no-store, and each metric observed in its histogram's unit", async () => {
    const response = await post({ body: beacon(good), headers: { Cookie: sessionCookie } });
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("");
    const labels = { route: "routes/menus.$menuId", device: "phone" };
    expect(observed()).toEqual([
      { kind: "observe", name: "web_vitals_lcp_seconds", labels, value: 1.234 },
      { kind: "observe", name: "web_vitals_inp_seconds", labels, value: 0.18 },
      { kind: "observe", name: "web_vitals_cls", labels, value: 0.05 },
      { kind: "observe", name: "web_vitals_ttfb_seconds", labels, value: 0.95 },
    ]);
  });

  it("is taken as application/json too, and sets no cookie for a customer without any", async () => {
    const response = await post({ body: beacon(good.slice(0, 1), "routes/_index", "desktop"), type: "application/json" });
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(observed()).toHaveLength(1);
  });

  it("keeps the good entries of a beacon and drops unknown metrics, ratings and values", async () => {
    const response = await post({
      body: beacon([
        { name: "FID", value: 10, rating: "good" },
        { name: "LCP", value: 2000, rating: "excellent" },
        { name: "LCP", value: "2000", rating: "good" },
        { name: "INP", value: 90, rating: "good", id: "v5-123" },
        null,
        "LCP",
      ]),
    });
    expect(response.status).toBe(204);
    expect(observed().map((e) => e.name)).toEqual(["web_vitals_inp_seconds"]);
    expect(events.find((e) => e.kind === "count")).toMatchObject({ name: "web_vitals_rejected_total", labels: { reason: "entry" }, value: 5 });
  });

  it("clamps values to [0, the metric's maximum]", async () => {
    await post({
      body: beacon([
        { name: "LCP", value: -5, rating: "good" },
        { name: "INP", value: 1e12, rating: "poor" },
        { name: "CLS", value: 1e308, rating: "poor" },
        { name: "TTFB", value: -0, rating: "good" },
      ]),
    });
    expect(observed().map((e) => e.value)).toEqual([0, VITAL_MAX.INP / 1000, VITAL_MAX.CLS, 0]);
  });
});

describe("refusals: a 4xx, nothing recorded, never a cookie", () => {
  it.each([
    ["a form", "application/x-www-form-urlencoded", "route=routes%2F_index", 415],
    ["no content type", null, new Blob([beacon(good)]), 415],
    ["not JSON", "text/plain", "{route:", 400],
    ["a number too large for a double", "text/plain", beacon([{ name: "LCP", value: 1 }]).replace("1}", "1e999}"), 204],
    ["an array", "application/json", "[]", 400],
    ["null", "application/json", "null", 400],
    ["no entries", "text/plain", beacon([]), 400],
    ["a URL instead of a route id", "text/plain", beacon(good, "/menus/501"), 400],
    ["a route id past 100 characters", "text/plain", beacon(good, `routes/${"a".repeat(101)}`), 400],
    ["an unknown device class", "text/plain", beacon(good, "routes/_index", "tablet"), 400],
    ["too many entries", "text/plain", beacon(Array.from({ length: VITALS_ENTRY_LIMIT + 1 }, () => good[0])), 413],
  ])("%s → %s", async (_what, type, body, status) => {
    const response = await post({ body, type, headers: { Cookie: sessionCookie } });
    expect(response.status).toBe(status);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    if (status !== 204) expect(observed()).toEqual([]);
  });

  it("a body past the limit is a 413, whether Content-Length says so or not (chunked)", async () => {
    const big = beacon([{ name: "LCP", value: 1, rating: "good", pad: "x".repeat(VITALS_BODY_LIMIT_BYTES) }]);
    expect((await post({ body: big })).status).toBe(413);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode("x".repeat(100)));
        controller.close();
      },
    });
    expect((await post({ body: chunked })).status).toBe(413);
    expect((await post({ body: beacon(good), headers: { "Content-Length": "-1" } })).status).toBe(400);
    expect(observed()).toEqual([]);
  });

  it("a GET is a 405 naming POST", async () => {
    const { loader } = await import("~/routes/vitals");
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it(`past ${VITALS_ADDRESS_LIMIT.limit} beacons a minute from one address: 429 with Retry-After, other addresses unaffected`, async () => {
    const s = servicesWith({});
    const address = "203.0.113.9";
    for (let i = 0; i < VITALS_ADDRESS_LIMIT.limit; i++) expect((await post({ body: beacon(good.slice(0, 1)), services: s, clientAddress: address })).status).toBe(204);
    const refused = await post({ body: beacon(good.slice(0, 1)), services: s, clientAddress: address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await post({ body: beacon(good.slice(0, 1)), services: s, clientAddress: "203.0.113.10" })).status).toBe(204);
    expect(events.filter((e) => e.name === "rate_limit_refusals_total")).toEqual([{ kind: "count", name: "rate_limit_refusals_total", labels: { limit: "vitals_address" }, value: 1 }]);
  });

  it("a brand with field data off records nothing and says 204 (a page loaded before the switch may still send)", async () => {
    const off = servicesWith({ BRAND_CONFIG: "brands/demo-captcha.json" });
    expect(off.config.brand.fieldData.enabled).toBe(false);
    const response = await post({ body: beacon(good), services: off });
    expect(response.status).toBe(204);
    expect(observed()).toEqual([]);
  });
});

describe("generated hostile bodies (fast-check)", () => {
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  const entry = fc.record(
    {
      name: fc.oneof(fc.constantFrom(...VITAL_NAMES, "FID", "FCP", "lcp", ""), fc.string({ maxLength: 8 })),
      value: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-1, 0, 1e308, -1e308), fc.string({ maxLength: 5 }), fc.constant(null)),
      rating: fc.oneof(fc.constantFrom("good", "needs-improvement", "poor", "bad"), fc.string({ maxLength: 5 })),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    // near the collector's shape: most runs get past the outer checks
    fc
      .record({
        route: fc.oneof(fc.constantFrom("routes/_index", "routes/cart", "root", "routes/menus.$menuId"), fc.string({ maxLength: 120 })),
        device: fc.oneof(fc.constantFrom("phone", "desktop"), fc.string({ maxLength: 8 })),
        metrics: fc.oneof(fc.array(fc.oneof(entry, anyJson), { maxLength: 12 }), anyJson),
      })
      .map((b) => JSON.stringify(b)),
    anyJson.map((v) => JSON.stringify(v)),
    fc.string({ unit: "binary", maxLength: 1500 }),
    fc.uint8Array({ maxLength: 1500 }),
  );
  const type = fc.constantFrom("text/plain;charset=UTF-8", "application/json", "text/plain", "TEXT/PLAIN; charset=utf-16", "application/octet-stream", "");

  it("never a 5xx nor a throw, never a cookie; only known metrics within their bounds are recorded", async () => {
    await fc.assert(
      fc.asyncProperty(body, type, fc.boolean(), async (payload, contentType, withCookie) => {
        events = [];
        const response = await post({ body: payload, type: contentType || null, headers: withCookie ? { Cookie: sessionCookie } : {} });
        expect([204, 400, 413, 415]).toContain(response.status);
        expect(response.headers.get("Set-Cookie")).toBeNull();
        for (const e of observed()) {
          const name = (Object.keys(VITAL_HISTOGRAMS) as (keyof typeof VITAL_HISTOGRAMS)[]).find((n) => VITAL_HISTOGRAMS[n].metric === e.name);
          expect(name).toBeDefined();
          expect(e.value).toBeGreaterThanOrEqual(0);
          expect(e.value).toBeLessThanOrEqual(VITAL_MAX[name!] / VITAL_HISTOGRAMS[name!].divisor);
          expect(["phone", "desktop"]).toContain(e.labels.device);
          expect(String(e.labels.route)).toMatch(/^(root|routes\/)/);
        }
        if (response.status !== 204) expect(observed()).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("parseVitals is linear and total: any string parses or is refused", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: VITALS_BODY_LIMIT_BYTES }), (text) => {
        const result = parseVitals(text);
        if ("status" in result) expect([400, 413]).toContain(result.status);
        else expect(result.entries.length).toBeLessThanOrEqual(VITALS_ENTRY_LIMIT);
      }),
    );
  });
});

describe("the field-data histograms", () => {
  it("hold each metric's two thresholds among their buckets", () => {
    for (const name of VITAL_NAMES) {
      const { metric, divisor } = VITAL_HISTOGRAMS[name];
      const spec = METRIC_SPECS[metric];
      expect(spec.type).toBe("histogram");
      expect(spec.labels).toEqual(["route", "device"]);
      if (spec.type !== "histogram") continue;
      for (const threshold of VITAL_THRESHOLDS[name]) expect(spec.buckets).toContain(threshold / divisor);
    }
    expect([...FIELD_DATA_METRICS].sort()).toEqual(Object.values(VITAL_HISTOGRAMS).map((h) => h.metric).sort());
  });

  it("keep only the build's route ids: another route label is dropped and counted", async () => {
    const { registry, sink } = createMetrics({ routeIds: new Set(["root", "routes/_index"]) });
    sink.observe("web_vitals_lcp_seconds", { route: "routes/_index", device: "phone" }, 1.2);
    sink.observe("web_vitals_lcp_seconds", { route: "routes/not-a-route", device: "phone" }, 1.2);
    const text = await registry.metrics();
    expect(text).toContain('storefront_web_vitals_lcp_seconds_bucket{le="2.5",route="routes/_index",device="phone"} 1');
    expect(text).not.toContain("routes/not-a-route");
    expect(text).toContain('storefront_web_vitals_rejected_total{reason="route"} 1');
  });

  it("class a viewport as a phone below Tailwind's md breakpoint", () => {
    expect([deviceClassOf(320), deviceClassOf(767), deviceClassOf(768), deviceClassOf(1280)]).toEqual(["phone", "phone", "desktop", "desktop"]);
  });
});
