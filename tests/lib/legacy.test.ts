import { describe, expect, it } from "vitest";
import { isForeignStorage, MIGRATION_KEYS, readLegacyStorage } from "~/lib/legacy";
import { LEGACY_STORAGE_KEYS, STORAGE_KEYS } from "~/lib/legacy-keys";

const json = (v: unknown) => JSON.stringify(v);

describe("legacy local storage", () => {
  it("migrates the older keys onto the spec's persisted keys (spec §3)", () => {
    expect(STORAGE_KEYS).toHaveLength(18);
    for (const target of Object.values(LEGACY_STORAGE_KEYS)) expect(STORAGE_KEYS).toContain(target);
    expect(LEGACY_STORAGE_KEYS.order_pay_type).toBe("order_payment_method");
    expect(LEGACY_STORAGE_KEYS.cities_selected_id).toBe("city_id");
  });

  it("reads the spec's persisted keys into the session shape", () => {
    const state = readLegacyStorage({
      app_white_label: json("demo-pizza"),
      app_version: json("1"),
      app_locale: json("en"),
      city_id: json(115),
      resto_id: json(173),
      order_delivery_method: json("DELIVERY"),
      order_delivery_place: json({ address: "Тверская улица, 7", location: { lat: 55.76, lng: 37.61 }, apartment: "12" }),
      cart_positions: json([
        { id: 10001, menu: { id: 501 }, count: 2, price: 59000, sum: 118000, hasModifiers: true, modifiers: [{ id: 102, groupId: 1, count: 1, price: 10000 }] },
      ]),
      order_payment_method: json("CASH_UPON_RECEIPT"),
      order_person_count: json(3),
      order_promo_code: json("WELCOME"),
      person_cookies_consent_accepted: json(true),
      person_adulthood_confirmed: "true",
    });
    expect(state).toMatchObject({
      whiteLabel: "demo-pizza",
      version: "1",
      locale: "en",
      cityId: 115,
      restoId: 173,
      method: "DELIVERY",
      payment: "CASH_UPON_RECEIPT",
      personCount: 3,
      promoCode: "WELCOME",
      consent: true,
      adult: true,
      dropped: [],
    });
    expect(state.place).toMatchObject({ address: "Тверская улица, 7", apartment: "12", location: { lat: 55.76, lng: 37.61 } });
    expect(state.cart).toEqual([{ positionId: 10001, menuId: 501, count: 2, modifiers: [{ modifierGroupId: 1, itemId: 102, count: 1 }] }]);
  });

  it("maps every older key name to its newer one", () => {
    const state = readLegacyStorage({
      app_adulthood_confirmed: json(true),
      app_cookies_consent_accepted: json(true),
      cities_selected_id: json(116),
      order_delivery_type: json("TAKE_AWAY"),
      order_pay_type: json("CARD_UPON_RECEIPT"),
      restos_selected_id: json(176),
    });
    expect(state).toMatchObject({ adult: true, consent: true, cityId: 116, method: "TAKE_AWAY", payment: "CARD_UPON_RECEIPT", restoId: 176 });
    for (const old of ["app_adulthood_confirmed", "app_cookies_consent_accepted", "cities_selected_id", "order_delivery_type", "order_pay_type", "restos_selected_id"]) {
      expect(MIGRATION_KEYS).toContain(old);
    }
  });

  it("prefers the newer name when both are present", () => {
    expect(readLegacyStorage({ city_id: json(115), cities_selected_id: json(116) }).cityId).toBe(115);
  });

  it("drops unreadable values and malformed cart lines with a report, never throwing", () => {
    const state = readLegacyStorage({
      city_id: "not a number",
      order_delivery_method: json("TELEPORT"),
      order_delivery_place: "{broken json",
      cart_positions: json([{ id: 10001, menu: { id: 501 }, count: 1 }, { id: "x" }, { id: 5, menu: { id: 6 }, count: 1000 }]),
      order_person_count: json(0),
    });
    expect(state.cityId).toBeUndefined();
    expect(state.cart).toEqual([{ positionId: 10001, menuId: 501, count: 1, modifiers: [] }]);
    expect(state.dropped.sort()).toEqual(["cart_positions[1]", "cart_positions[2]", "city_id", "order_delivery_method", "order_delivery_place", "order_person_count"].sort());
    expect(readLegacyStorage({ cart_positions: json({ not: "a list" }) }).dropped).toEqual(["cart_positions"]);
  });

  it("never migrates tokens or profiles", () => {
    const state = readLegacyStorage({ person_token_set: json({ accessToken: "a", refreshToken: "b" }), person_profile: json({ id: 1 }) });
    expect(JSON.stringify(state)).not.toContain("accessToken");
    expect(MIGRATION_KEYS).toContain("person_token_set");
  });

  it("tells storage of another white-label or version apart", () => {
    const brand = { whiteLabel: "demo-pizza", version: "1" };
    expect(isForeignStorage({ whiteLabel: "demo-pizza", version: "1" }, brand)).toBe(false);
    expect(isForeignStorage({}, brand)).toBe(false);
    expect(isForeignStorage({ whiteLabel: "other" }, brand)).toBe(true);
    expect(isForeignStorage({ whiteLabel: "demo-pizza", version: "2" }, brand)).toBe(true);
  });
});
