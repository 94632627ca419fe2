import { http as mock, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { MAX_LIST_RECORDS } from "~/lib/record-list";
import { ApiError } from "~server/upstream/errors";
import * as f from "./fixtures";
import { BASE } from "./fixtures";
import { makeUpstream, setupMswServer } from "./helpers";

const server = setupMswServer();

describe("catalog: every GET parses its answer (spec §7)", () => {
  it("GET /1/p/cities?whiteLabel → cities (zoom defaults to 12)", async () => {
    let search = "";
    server.use(
      mock.get(`${BASE}/1/p/cities`, ({ request }) => {
        search = new URL(request.url).search;
        const { zoom: _zoom, ...noZoom } = f.city;
        return HttpResponse.json([f.city, { ...noZoom, id: 116, name: "Казань" }]);
      }),
    );
    const { value } = await makeUpstream().catalog.cities();
    expect(search).toBe("?whiteLabel=test-brand");
    expect(value).toEqual([f.city, { ...f.city, id: 116, name: "Казань", zoom: 12 }]);
  });

  it("cities with an optional query keeps whiteLabel and caches per query", async () => {
    const searches: string[] = [];
    server.use(
      mock.get(`${BASE}/1/p/cities`, ({ request }) => {
        searches.push(new URL(request.url).search);
        return HttpResponse.json([f.city]);
      }),
    );
    const upstream = makeUpstream();
    await upstream.catalog.cities({ query: "Мос" });
    await upstream.catalog.cities({ query: "Мос" });
    await upstream.catalog.cities();
    expect(searches).toEqual([`?query=${encodeURIComponent("Мос")}&whiteLabel=test-brand`, "?whiteLabel=test-brand"]);
  });

  it("GET /1/p/cities/{id} → one city", async () => {
    server.use(mock.get(`${BASE}/1/p/cities/115`, () => HttpResponse.json(f.city)));
    expect((await makeUpstream().catalog.city(115)).value).toEqual(f.city);
  });

  it("GET /1/p/restos?cityId&whiteLabel → summaries", async () => {
    let params: URLSearchParams | undefined;
    server.use(
      mock.get(`${BASE}/1/p/restos`, ({ request }) => {
        params = new URL(request.url).searchParams;
        return HttpResponse.json(f.restoSummaries);
      }),
    );
    expect((await makeUpstream().catalog.restos(115)).value).toEqual(f.restoSummaries);
    expect(params?.get("cityId")).toBe("115");
    expect(params?.get("whiteLabel")).toBe("test-brand");
  });

  it("GET /1/p/restos/{id} → full resto with defaults (timezone +03:00, empty lists)", async () => {
    server.use(mock.get(`${BASE}/1/p/restos/173`, () => HttpResponse.json(f.resto(173))));
    const { value } = await makeUpstream().catalog.resto(173);
    expect(value).toMatchObject({
      id: 173,
      name: "Pizza Central",
      currency: "RUB",
      timezone: "+03:00",
      emails: [],
      photos: [],
      menus: [
        { id: 1, name: "Основное", order: 1, isDelivery: true, isTakeAway: true, isOnline: false, isTable: false },
        { id: 2, name: "Бар", order: 2, isDelivery: false, isTakeAway: true },
      ],
      payConfig: { delivery: { cardOnline: "yookassa" }, takeAway: { cardOnline: "" } },
    });
  });

  it("GET /1/p/menus/{id}/position-groups → groups", async () => {
    server.use(mock.get(`${BASE}/1/p/menus/1/position-groups`, () => HttpResponse.json(f.groups(1))));
    const { value } = await makeUpstream().catalog.positionGroups(1);
    expect(value.map((g) => [g.id, g.order, g.isAdult])).toEqual([
      [12, 2, false],
      [11, 1, false],
    ]);
  });

  it("GET /1/p/menus/{id}/positions (+ optional query) → positions", async () => {
    let search = "";
    server.use(
      mock.get(`${BASE}/1/p/menus/1/positions`, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json(f.positions(1));
      }),
    );
    const upstream = makeUpstream();
    const { value } = await upstream.catalog.positions(1);
    expect(search).toBe("");
    expect(value[0]).toMatchObject({
      id: 101,
      price: 59000,
      positionGroup: { id: 11 },
      hasModifiers: true,
      measure: null,
      photos: [],
    });
    expect(value[2]).toMatchObject({ id: 103, positionGroup: null });
    await upstream.catalog.positions(1, { search: "пицца" });
    expect(search).toBe(`?search=${encodeURIComponent("пицца")}`);
  });

  it("GET /1/restos/{id}/positions/modifiers → modifiers", async () => {
    server.use(mock.get(`${BASE}/1/restos/173/positions/modifiers`, () => HttpResponse.json(f.modifiers)));
    expect((await makeUpstream().catalog.modifiers(173)).value).toEqual(f.modifiers);
  });

  it("GET /1/restos/{id}/position-time-slots → time slots", async () => {
    server.use(mock.get(`${BASE}/1/restos/173/position-time-slots`, () => HttpResponse.json(f.timeSlots)));
    expect((await makeUpstream().catalog.timeSlots(173)).value).toEqual(f.timeSlots);
  });

  it("GET /1/restos/{id}/working-hours → pre-order hours", async () => {
    server.use(mock.get(`${BASE}/1/restos/173/working-hours`, () => HttpResponse.json(f.workingHours)));
    expect((await makeUpstream().catalog.workingHours(173)).value).toEqual(f.workingHours);
  });

  it("GET /1/restos/{id}/promotions → promotions", async () => {
    server.use(mock.get(`${BASE}/1/restos/173/promotions`, () => HttpResponse.json(f.promotions)));
    expect((await makeUpstream().catalog.promotions(173)).value).toEqual(f.promotions);
  });
});

describe("catalog: spec §8 404 fallbacks per resource", () => {
  const cases: [string, string, (u: ReturnType<typeof makeUpstream>) => Promise<unknown>][] = [
    ["/1/p/cities/999", "City not found", (u) => u.catalog.city(999)],
    ["/1/p/restos/999", "Resto not found", (u) => u.catalog.resto(999)],
    ["/1/p/menus/999/position-groups", "Menu groups not found", (u) => u.catalog.positionGroups(999)],
    ["/1/p/menus/999/positions", "Menu positions not found", (u) => u.catalog.positions(999)],
    ["/1/restos/999/positions/modifiers", "Position modifiers not found", (u) => u.catalog.modifiers(999)],
    ["/1/restos/999/position-time-slots", "Position time slots not found", (u) => u.catalog.timeSlots(999)],
    ["/1/restos/999/working-hours", "Working hours not found", (u) => u.catalog.workingHours(999)],
    ["/1/restos/999/promotions", "Promotions not found", (u) => u.catalog.promotions(999)],
    ["/1/restos/999/deliveries", "Delivery zones not found", (u) => u.delivery.zones(999)],
  ];
  it.each(cases)("404 on %s without a message → '%s'", async (path, message, call) => {
    server.use(mock.get(`${BASE}${path}`, () => new HttpResponse(null, { status: 404 })));
    const error = await call(makeUpstream()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message });
  });

  it("a list past MAX_LIST_RECORDS (a list sent without its paging) is 'invalid-response'; the next good answer is read", async () => {
    let calls = 0;
    const one = f.positions(501)[1]!;
    server.use(
      mock.get(`${BASE}/1/p/menus/501/positions`, () => {
        calls++;
        return HttpResponse.json(calls === 1 ? Array.from({ length: MAX_LIST_RECORDS + 1 }, (_, i) => ({ ...one, id: i + 1 })) : f.positions(501));
      }),
    );
    const upstream = makeUpstream({ cache: { retryAfterMs: 0 } });
    await expect(upstream.catalog.positions(501)).rejects.toMatchObject({ code: "invalid-response", message: "Неизвестная ошибка" });
    await expect(upstream.catalog.positions(501)).resolves.toMatchObject({ source: "fresh", value: f.positions(501).map(({ id }) => expect.objectContaining({ id })) });
  });

  it("an invalid shape from a catalog GET is 'invalid-response', not stored, and answered again without a fetch for retryAfterMs (ADR 213)", async () => {
    let calls = 0;
    server.use(
      mock.get(`${BASE}/1/p/restos/173`, () => {
        calls++;
        return calls === 1 ? HttpResponse.json({ id: "x" }) : HttpResponse.json(f.resto(173));
      }),
    );
    const upstream = makeUpstream({ cache: { retryAfterMs: 80 } });
    await expect(upstream.catalog.resto(173)).rejects.toMatchObject({ code: "invalid-response", message: "Неизвестная ошибка" });
    // the same wrong answer would cost its parsing again: the next reads get it without asking
    await expect(upstream.catalog.resto(173)).rejects.toMatchObject({ code: "invalid-response" });
    await expect(upstream.catalog.resto(173)).rejects.toMatchObject({ code: "invalid-response" });
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    await expect(upstream.catalog.resto(173)).resolves.toMatchObject({ source: "fresh", value: { id: 173 } });
    expect(calls).toBe(2);
  });

  it("a network failure is asked again by the next read at once (it may be gone)", async () => {
    let calls = 0;
    server.use(
      mock.get(`${BASE}/1/p/restos/173`, () => {
        calls++;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(f.resto(173));
      }),
    );
    const upstream = makeUpstream({ cache: { retryAfterMs: 60_000 }, resilience: { getRetries: 0, breakerThreshold: false } });
    await expect(upstream.catalog.resto(173)).rejects.toMatchObject({ code: "network" });
    await expect(upstream.catalog.resto(173)).resolves.toMatchObject({ source: "fresh", value: { id: 173 } });
  });
});
