import { delay, http as mock, HttpResponse, type JsonBodyType } from "msw";
import { describe, expect, it } from "vitest";
import { toDeliveryZone } from "~server/upstream/delivery";
import * as f from "./fixtures";
import { BASE } from "./fixtures";
import { hitCounter, makeUpstream, setupMswServer } from "./helpers";

const server = setupMswServer();

describe("delivery zones (spec §3, §7)", () => {
  it("GET /1/restos/{id}/deliveries?size=100 → the page's zones", async () => {
    let size: string | null = null;
    server.use(
      mock.get(`${BASE}/1/restos/173/deliveries`, ({ request }) => {
        size = new URL(request.url).searchParams.get("size");
        return HttpResponse.json(f.deliveriesPage(173));
      }),
    );
    const { value } = await makeUpstream().delivery.zones(173);
    expect(size).toBe("100");
    expect(value).toEqual(f.deliveriesPage(173).content);
  });

  it("builds thresholds from rules: deliveryPrice → deliveryCost, time → deliveryTime, min/max → orderPrice, resto currency", () => {
    const zone = toDeliveryZone(f.deliveriesPage(173).content[0] as never, 173, "EUR");
    expect(zone).toEqual({
      id: 1730,
      name: "Зона 173",
      polygon: f.square,
      restoId: 173,
      currency: "EUR",
      thresholds: [
        { currency: "EUR", deliveryCost: 19900, deliveryTime: 60, orderPrice: { min: 70000, max: 200000 } },
        { currency: "EUR", deliveryCost: 0, deliveryTime: 45, orderPrice: { min: 200000, max: null } },
      ],
    });
  });

  it("loadAreaData: the city's restos and every resto's zones, tagged by resto, fetched in parallel", async () => {
    const hits = hitCounter();
    let inFlight = 0;
    let maxInFlight = 0;
    const slow =
      (answer: () => JsonBodyType) =>
      async ({ request }: { request: Request }) => {
        hits.hit(request);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await delay(30);
        inFlight--;
        return HttpResponse.json(answer());
      };
    server.use(
      mock.get(
        `${BASE}/1/p/restos`,
        slow(() => f.restoSummaries),
      ),
      mock.get(
        `${BASE}/1/p/restos/173`,
        slow(() => f.resto(173)),
      ),
      mock.get(
        `${BASE}/1/p/restos/174`,
        slow(() => f.resto(174, { currency: "KZT" })),
      ),
      mock.get(
        `${BASE}/1/restos/173/deliveries`,
        slow(() => f.deliveriesPage(173)),
      ),
      mock.get(
        `${BASE}/1/restos/174/deliveries`,
        slow(() => ({ content: [] })),
      ),
    );
    const upstream = makeUpstream();
    const area = await upstream.boot.loadAreaData(115);
    expect(area.degraded).toBe(false);
    expect(area.restos.map((r) => [r.id, r.cityIds, r.currency])).toEqual([
      [173, [115], "RUB"],
      [174, [115], "KZT"],
    ]);
    expect(area.restos[0]).toMatchObject({ street: "Тверская 1", openingHours: [{ dayOfWeek: "MONDAY" }] });
    expect(area.deliveryZones).toHaveLength(1);
    expect(area.deliveryZones[0]).toMatchObject({ id: 1730, restoId: 173, currency: "RUB" });
    expect(maxInFlight).toBe(4);
    expect(hits.total()).toBe(5);

    // warm: no upstream call
    await upstream.boot.loadAreaData(115);
    expect(hits.total()).toBe(5);
  });

  it("loadAreaData fails with the message of a failing part (spec §4: a fatal error with the message)", async () => {
    server.use(
      mock.get(`${BASE}/1/p/restos`, () => HttpResponse.json(f.restoSummaries)),
      mock.get(`${BASE}/1/p/restos/:id`, ({ params }) => HttpResponse.json(f.resto(Number(params.id)))),
      mock.get(`${BASE}/1/restos/:id/deliveries`, () =>
        HttpResponse.json({ errors: [{ code: "x", message: "Зоны недоступны" }] }, { status: 500 }),
      ),
    );
    await expect(makeUpstream().boot.loadAreaData(115)).rejects.toMatchObject({ message: "Зоны недоступны", status: 500 });
  });
});
