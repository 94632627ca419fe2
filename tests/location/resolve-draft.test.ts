/** resolveDraft with hand-made upstream answers: the city-list branches and the area messages of spec §4/§8. */
import { describe, expect, it } from "vitest";
import { parseDraft } from "~/features/location/draft";
import { resolveDraft } from "~/features/location/resolve-draft.server";
import type { AreaData } from "~server/upstream/delivery";
import type { City } from "~/lib/model";
import { services } from "../context";

const city = (id: number, name: string): City => ({
  id,
  name,
  bounds: { north: 56, south: 55, east: 38, west: 37 },
  center: { lat: 55.5, lng: 37.5 },
  zoom: 12,
});

function deps(cities: City[] | Error, area: Partial<AreaData> | Error = {}) {
  const brand = { ...services().config.brand, defaultLocation: null };
  return {
    brand,
    upstream: {
      catalog: { cities: async () => (cities instanceof Error ? Promise.reject(cities) : { value: cities }) },
      boot: {
        loadAreaData: async () =>
          area instanceof Error ? Promise.reject(area) : { restos: [], deliveryZones: [], degraded: false, ...area },
      },
    },
    geo: { place: async () => null, geocode: async () => null, reverse: async () => null },
  };
}

const state = { cart_positions: [] };
const draft = (query = "") => parseDraft(new URLSearchParams(query));

describe("resolveDraft", () => {
  it("no cities: the city step with the location error", async () => {
    const view = await resolveDraft(draft(), state, "ru", deps([]));
    expect(view.noCities).toBe(true);
    expect(view.step).toBe("citySelection");
  });

  it("one city: auto-selected, straight to the method step, no way back to the city list", async () => {
    const view = await resolveDraft(draft("step=city"), state, "ru", deps([city(1, "Один")]));
    expect(view.step).toBe("deliveryMethodSelection");
    expect(view.city?.id).toBe(1);
    expect(view.canReturnToCities).toBe(false);
  });

  it("several cities: the city list until a valid city is chosen; the header leads back", async () => {
    const cities = [city(1, "Один"), city(2, "Два")];
    expect((await resolveDraft(draft(), state, "ru", deps(cities))).step).toBe("citySelection");
    expect((await resolveDraft(draft("city=99"), state, "ru", deps(cities))).step).toBe("citySelection");
    const chosen = await resolveDraft(draft("city=2"), state, "ru", deps(cities));
    expect(chosen.step).toBe("deliveryMethodSelection");
    expect(chosen.canReturnToCities).toBe(true);
    expect((await resolveDraft(draft("city=2&step=city"), state, "ru", deps(cities))).step).toBe("citySelection");
  });

  it("area messages: no restaurants, restaurants without menus", async () => {
    const noRestos = await resolveDraft(draft("city=1"), state, "ru", deps([city(1, "Один")]));
    expect(noRestos.areaMessage).toBe("noRestos");
    const resto = { ...(await services().upstream.catalog.resto(174)).value, cityIds: [1], menus: [] };
    const noMenus = await resolveDraft(draft("city=1"), state, "ru", deps([city(1, "Один")], { restos: [resto] }));
    expect(noMenus.areaMessage).toBe("noMenus");
  });

  it("takeaway only (no delivery menus): no tabs, takeaway; 'Нет доступных пунктов самовывоза' never applies", async () => {
    const arbat = { ...(await services().upstream.catalog.resto(174)).value, cityIds: [1] };
    const view = await resolveDraft(draft("city=1"), state, "ru", deps([city(1, "Один")], { restos: [arbat] }));
    expect(view.methods).toEqual(["TAKE_AWAY"]);
    expect(view.method).toBe("TAKE_AWAY");
    expect(view.restoId).toBe(174);
    expect(view.error).toBeNull();
  });

  it("offers a method only where a payment option is enabled for it (spec §4; the cart's rule, issue 15 §5)", async () => {
    const tverskaya = { ...(await services().upstream.catalog.resto(173)).value, cityIds: [1] };
    const arbat = { ...(await services().upstream.catalog.resto(174)).value, cityIds: [1] };
    const off = { cardOnline: "", cardUponReceipt: false, cashUponReceipt: false };
    // Tverskaya has delivery and takeaway menus but takes no payment for takeaway: only Arbat is a point
    const noTakeawayPay = { ...tverskaya, payConfig: { ...tverskaya.payConfig, takeAway: off } };
    const zone = { id: 1, name: "Центр", restoId: 173, currency: "RUB", polygon: [], thresholds: [] };
    const view = await resolveDraft(draft("city=1&method=TAKE_AWAY"), state, "ru", deps([city(1, "Один")], {
      restos: [noTakeawayPay, arbat],
      deliveryZones: [zone as never],
    }));
    expect(view.methods).toEqual(["DELIVERY", "TAKE_AWAY"]);
    expect(view.points.map((p) => p.id)).toEqual([174]);
    expect(view.restoId).toBe(174);
    // no payment for delivery anywhere: delivery is not offered although a delivery menu and a zone exist
    const noDeliveryPay = { ...tverskaya, payConfig: { ...tverskaya.payConfig, delivery: off } };
    const takeawayOnly = await resolveDraft(draft("city=1"), state, "ru", deps([city(1, "Один")], {
      restos: [noDeliveryPay],
      deliveryZones: [zone as never],
    }));
    expect(takeawayOnly.methods).toEqual(["TAKE_AWAY"]);
    expect(takeawayOnly.method).toBe("TAKE_AWAY");
  });

  it("city data failure propagates (the route turns it into the fatal error page)", async () => {
    await expect(resolveDraft(draft(), state, "ru", deps(new Error("Не удалось выполнить запрос")))).rejects.toThrow(
      "Не удалось выполнить запрос",
    );
    await expect(resolveDraft(draft("city=1"), state, "ru", deps([city(1, "Один")], new Error("down")))).rejects.toThrow("down");
  });
});
