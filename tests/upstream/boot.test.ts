import { delay, http as mock, HttpResponse, type JsonBodyType } from "msw";
import { describe, expect, it, vi } from "vitest";
import { addTelemetrySink } from "~server/telemetry";
import { SYNTHETIC_GROUP_ID, withSyntheticGroup } from "~server/upstream/boot";
import { positionGroupsSchema, positionsSchema } from "~/lib/model";
import * as f from "./fixtures";
import { BASE } from "./fixtures";
import { makeUpstream, setupMswServer } from "./helpers";

const server = setupMswServer();

interface Span {
  path: string;
  start: number;
  end: number;
}

/** Every boot call, each answering after `latencyMs`; records spans and the most calls in flight at once. */
function bootUpstream(latencyMs = 100) {
  const spans: Span[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const t0 = performance.now();
  const slow =
    (answer: (params: Record<string, string | readonly string[] | undefined>) => JsonBodyType) =>
    async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      const span: Span = { path: new URL(request.url).pathname, start: performance.now() - t0, end: Infinity };
      spans.push(span);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await delay(latencyMs);
      inFlight--;
      span.end = performance.now() - t0;
      return HttpResponse.json(answer(params));
    };
  server.use(
    mock.get(
      `${BASE}/1/p/restos/173`,
      slow(() => f.resto(173)),
    ),
    mock.get(
      `${BASE}/1/p/menus/:id/position-groups`,
      slow((p) => f.groups(Number(p.id))),
    ),
    mock.get(
      `${BASE}/1/p/menus/:id/positions`,
      slow((p) => f.positions(Number(p.id), { ungrouped: p.id === "1" })),
    ),
    mock.get(
      `${BASE}/1/restos/173/positions/modifiers`,
      slow(() => f.modifiers),
    ),
    mock.get(
      `${BASE}/1/restos/173/position-time-slots`,
      slow(() => f.timeSlots),
    ),
    mock.get(
      `${BASE}/1/restos/173/working-hours`,
      slow(() => f.workingHours),
    ),
    mock.get(
      `${BASE}/1/restos/173/promotions`,
      slow(() => f.promotions),
    ),
  );
  const span = (path: string) => spans.find((s) => s.path === path)!;
  return { spans, span, maxInFlight: () => maxInFlight };
}

describe("boot.loadRestoCatalog (spec §4 boot)", () => {
  it("sends independent requests in parallel: only the menu calls wait, for the resto's menus", async () => {
    const { spans, span, maxInFlight } = bootUpstream(100);
    const upstream = makeUpstream();
    await upstream.boot.loadRestoCatalog(173);

    // 1 resto + 4 resto-wide lists + 2 menus × (groups + positions)
    expect(spans).toHaveLength(9);
    expect(upstream.stats().calls).toBe(9);
    const resto = span("/1/p/restos/173");
    const independent = ["modifiers", "position-time-slots", "working-hours", "promotions"].map((name) =>
      name === "modifiers" ? span("/1/restos/173/positions/modifiers") : span(`/1/restos/173/${name}`),
    );
    const menuCalls = spans.filter((s) => s.path.startsWith("/1/p/menus/"));
    expect(menuCalls).toHaveLength(4);
    // modifiers, time slots, working hours, promotions do not wait for the resto …
    for (const s of independent) expect(s.start).toBeLessThan(resto.end);
    // … and started before any menu call ended
    const firstMenuEnd = Math.min(...menuCalls.map((s) => s.end));
    for (const s of independent) expect(s.start).toBeLessThan(firstMenuEnd);
    // the menu calls need the resto's list of menus, and go out together
    for (const s of menuCalls) expect(s.start).toBeGreaterThanOrEqual(resto.end - 1);
    const menuStarts = menuCalls.map((s) => s.start);
    expect(Math.max(...menuStarts) - Math.min(...menuStarts)).toBeLessThan(50);
    // at least the first wave (resto + 4 resto-wide lists) was in flight at once
    expect(maxInFlight()).toBeGreaterThanOrEqual(5);
  });

  it("normalizes: menus with sorted groups (+ 'Прочее' where needed), positions, modifiers and time slots by position", async () => {
    bootUpstream(0);
    const catalog = await makeUpstream().boot.loadRestoCatalog(173);
    expect(catalog.resto).toMatchObject({ id: 173, name: "Pizza Central" });
    expect(catalog.degraded).toBe(false);
    expect(catalog.menus.map((m) => m.menu.id)).toEqual([1, 2]);
    const [main, bar] = catalog.menus;
    expect(main!.groups.map((g) => [g.id, g.name, g.order])).toEqual([
      [11, "Пицца", 1],
      [12, "Напитки", 2],
      [SYNTHETIC_GROUP_ID, "Прочее", 999999],
    ]);
    expect(main!.positions.map((p) => p.id)).toEqual([101, 102, 103]);
    // the bar menu has no ungrouped positions: no synthetic group
    expect(bar!.groups.map((g) => g.id)).toEqual([21, 22]);
    expect(catalog.modifiersByPosition[101]).toEqual(f.modifiers[0]!.modifiers);
    expect(catalog.modifiersByPosition[102]).toBeUndefined();
    expect(catalog.timeSlotsByPosition[101]).toEqual(f.timeSlots[0]!.details);
    expect(catalog.timeSlotsByPosition[102]).toEqual(f.timeSlots[0]!.details);
    expect(catalog.workingHours).toEqual(f.workingHours);
    expect(catalog.promotions).toEqual(f.promotions);
  });

  it("a warm boot makes no upstream call and reuses the normalized catalog", async () => {
    bootUpstream(0);
    const upstream = makeUpstream();
    const cold = await upstream.boot.loadRestoCatalog(173);
    const calls = upstream.stats().calls;
    const warm = await upstream.boot.loadRestoCatalog(173);
    expect(upstream.stats().calls).toBe(calls);
    expect(warm).toBe(cold);
  });

  it("a warm boot within the parts' TTL asks the cache for nothing, and counts its parts as the cache's hits (ADR 133)", async () => {
    bootUpstream(0);
    const upstream = makeUpstream();
    const cold = await upstream.boot.loadRestoCatalog(173);
    await upstream.boot.loadRestoCatalog(173); // every part a hit of the store: the catalog is held from here
    const cached = vi.spyOn(upstream.cache, "cached");
    const counted: number[] = [];
    const stop = addTelemetrySink({
      count: (name, _labels, by) => void (name === "catalog_cache_requests_total" && counted.push(by)),
      observe() {},
      set() {},
    });
    try {
      expect(await upstream.boot.loadRestoCatalog(173)).toBe(cold);
    } finally {
      stop();
    }
    expect(cached).not.toHaveBeenCalled();
    // 1 resto + 4 resto-wide lists + 2 menus × (groups + positions)
    expect(counted).toEqual([9]);
  });

  it("a part deleted from the cache is asked for again on the next boot, which shows its new value", async () => {
    bootUpstream(0);
    const upstream = makeUpstream();
    await upstream.boot.loadRestoCatalog(173);
    await upstream.boot.loadRestoCatalog(173);
    server.use(mock.get(`${BASE}/1/restos/173/promotions`, () => HttpResponse.json([])));
    await upstream.cache.delete("upstream:test-brand:resto:173:promotions");
    const calls = upstream.stats().calls;
    const catalog = await upstream.boot.loadRestoCatalog(173);
    expect(upstream.stats().calls).toBe(calls + 1);
    expect(catalog.promotions).toEqual([]);
  });

  it("past a part's TTL the boot asks again: the background refresh's value is in the next catalog", async () => {
    bootUpstream(0);
    const upstream = makeUpstream({ cache: { ttlMs: 40 } });
    const first = await upstream.boot.loadRestoCatalog(173);
    await upstream.boot.loadRestoCatalog(173);
    // on a slow machine the first boot outlives the TTL and the second starts refreshes: they end before the change
    await upstream.cache.settle();
    server.use(mock.get(`${BASE}/1/restos/173/promotions`, () => HttpResponse.json([])));
    await delay(60);
    const stale = await upstream.boot.loadRestoCatalog(173); // stale parts served, refreshed in the background
    expect(stale.promotions).toEqual(first.promotions);
    await upstream.cache.settle();
    const refreshed = await upstream.boot.loadRestoCatalog(173);
    expect(refreshed.promotions).toEqual([]);
    expect(refreshed.resto).toEqual(first.resto);
  });

  it("fails with the first failing part's message (spec §4: a fatal error with the message)", async () => {
    bootUpstream(0);
    server.use(mock.get(`${BASE}/1/p/menus/2/position-groups`, () => new HttpResponse(null, { status: 404 })));
    await expect(makeUpstream().boot.loadRestoCatalog(173)).rejects.toMatchObject({
      status: 404,
      message: "Menu groups not found",
    });
  });

  it("is degraded when a part is the stale value of a failing upstream", async () => {
    bootUpstream(0);
    const upstream = makeUpstream({ cache: { ttlMs: 0.5, retryAfterMs: 60_000 } });
    await upstream.boot.loadRestoCatalog(173);
    server.use(mock.get(`${BASE}/1/restos/173/promotions`, () => new HttpResponse(null, { status: 500 })));
    await delay(5);
    await upstream.boot.loadRestoCatalog(173); // serves stale, the background refresh of promotions fails
    await upstream.cache.settle();
    const catalog = await upstream.boot.loadRestoCatalog(173);
    expect(catalog.degraded).toBe(true);
    expect(catalog.promotions).toEqual(f.promotions);
  });
});

describe("withSyntheticGroup (spec §3)", () => {
  const groups = positionGroupsSchema.parse(f.groups(1));
  it("sorts by order and appends { id 0, 'Прочее', order 999999, no photos } when a position has no group", () => {
    const result = withSyntheticGroup(groups, positionsSchema.parse(f.positions(1)), 1);
    expect(result.map((g) => g.id)).toEqual([11, 12, 0]);
    expect(result[2]).toEqual({ id: 0, menuId: 1, name: "Прочее", order: 999999, photos: [], isAdult: false });
  });
  it("adds nothing when every position has a group, and does not mutate its input", () => {
    const before = groups.map((g) => g.id);
    const result = withSyntheticGroup(groups, positionsSchema.parse(f.positions(1, { ungrouped: false })), 1);
    expect(result.map((g) => g.id)).toEqual([11, 12]);
    expect(groups.map((g) => g.id)).toEqual(before);
  });
  it("an empty menu gets no synthetic group", () => {
    expect(withSyntheticGroup([], [], 1)).toEqual([]);
  });
});
