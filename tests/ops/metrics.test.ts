import { afterEach, describe, expect, it } from "vitest";
import { createMetrics, createRouteMatcher, startMetrics } from "~server/metrics";
import { telemetry } from "~server/telemetry";
import { endpointOf } from "~server/upstream/resilience";

const routes = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", index: true, parentId: "root" },
  "routes/$": { id: "routes/$", path: "*", parentId: "root" },
  "routes/cart": { id: "routes/cart", path: "cart", parentId: "root" },
  "routes/menus.$menuId": { id: "routes/menus.$menuId", path: "menus/:menuId", parentId: "root" },
  // nested under the menu page, as the flat routes make them
  "routes/menus.$menuId.age": { id: "routes/menus.$menuId.age", path: "age", parentId: "routes/menus.$menuId" },
  "routes/menus.$menuId.positions.$positionId": {
    id: "routes/menus.$menuId.positions.$positionId",
    path: "positions/:positionId",
    parentId: "routes/menus.$menuId",
  },
  "routes/restos._index": { id: "routes/restos._index", path: "restos", index: true, parentId: "root" },
  "routes/restos.$restoId": { id: "routes/restos.$restoId", path: "restos/:restoId", parentId: "root" },
};

describe("route id of a request path (the request-duration label)", () => {
  const routeIdFor = createRouteMatcher(routes);
  it.each([
    ["/", "routes/_index"],
    ["/_root.data", "routes/_index"],
    ["/cart", "routes/cart"],
    ["/cart.data", "routes/cart"],
    ["/menus/12", "routes/menus.$menuId"],
    ["/menus/12/age", "routes/menus.$menuId.age"],
    ["/menus/12/positions/7", "routes/menus.$menuId.positions.$positionId"],
    ["/restos", "routes/restos._index"],
    ["/restos/173", "routes/restos.$restoId"],
    ["/no/such/page", "routes/$"],
    ["/assets/entry-abc.js", "static"],
    ["/favicon.svg", "static"],
  ])("%s → %s", (path, id) => expect(routeIdFor(path)).toBe(id));

  it("a publicPath of / (Vite builds) does not make every page a file", () => {
    const withRootPublicPath = createRouteMatcher(routes, "/");
    expect(withRootPublicPath("/menus/12")).toBe("routes/menus.$menuId");
    expect(withRootPublicPath("/assets/entry-abc.js")).toBe("static");
  });

  it("says 'unmatched' when no route (not even a splat) answers", () => {
    const withoutSplat = { ...routes, "routes/$": undefined };
    expect(createRouteMatcher(withoutSplat)("/no/such/page")).toBe("unmatched");
  });
});

describe("upstream endpoint label", () => {
  it("replaces ids and tokens, keeps the shape", () => {
    expect(endpointOf("GET", "/1/p/restos/173")).toBe("GET /1/p/restos/:id");
    expect(endpointOf("POST", "/api/v1/orders/0f8fad5b-d9cb-469f-a165-70867728950e")).toBe("POST /api/v1/orders/:id");
    expect(endpointOf("GET", "/1/now?x=1")).toBe("GET /1/now");
  });
});

describe("the Prometheus sink", () => {
  it("maps telemetry events to typed families with help texts and ignores unknown labels", async () => {
    const { registry, sink } = createMetrics();
    expect(await registry.metrics()).not.toContain("storefront_redis_up");
    sink.count("orders_total", { outcome: "refused", reason: "preflight", extra: "x" }, 1);
    sink.count("catalog_cache_requests_total", { result: "stale" }, 2);
    sink.observe("upstream_call_duration_seconds", { endpoint: "GET /1/now", outcome: "timeout" }, 5.2);
    sink.set("redis_up", {}, 0);
    const text = await registry.metrics();
    expect(text).toContain("# TYPE storefront_orders_total counter");
    expect(text).toContain('storefront_orders_total{outcome="refused",reason="preflight"} 1');
    expect(text).toContain('storefront_catalog_cache_requests_total{result="stale"} 2');
    expect(text).toContain('storefront_upstream_call_duration_seconds_bucket{le="10",endpoint="GET /1/now",outcome="timeout"} 1');
    expect(text).toContain("storefront_redis_up 0");
    expect(text).toContain("storefront_upstream_breaker_state 0");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});

describe("the metrics port", () => {
  let close: (() => void) | null = null;
  afterEach(() => close?.());

  it("serves /metrics, 404 elsewhere, and counts telemetry from anywhere in the server", async () => {
    const running = startMetrics({ port: 0, host: "127.0.0.1", routes });
    close = running.close;
    await new Promise((resolve) => running.server.once("listening", resolve));
    const port = (running.server.address() as { port: number }).port;
    running.observeRequest("GET", "/menus/12", 200, 0.03);
    telemetry.count("rate_limit_refusals_total", { limit: "sms_phone" });
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).toContain('storefront_http_request_duration_seconds_count{route="routes/menus.$menuId",method="GET",status="200"} 1');
    expect(text).toContain('storefront_rate_limit_refusals_total{limit="sms_phone"} 1');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
