import { describe, expect, it } from "vitest";
import {
  deliveryAddressPayload,
  enPlaceLabels,
  formatDeliveryPlace,
  hasHouseNumber,
  needsHouseConfirmation,
  placeName,
} from "~/lib/place";

describe("placeName (spec §5)", () => {
  it("'Точка на карте' without a street", () => {
    expect(placeName(null)).toBe("Точка на карте");
    expect(placeName({ street: null, houseNumber: "5" })).toBe("Точка на карте");
    expect(placeName({ street: "   ", houseNumber: "5" })).toBe("Точка на карте");
    expect(placeName({}, enPlaceLabels.point)).toBe("Point on the map");
  });

  it("street plus house number when known", () => {
    expect(placeName({ street: "улица Ленина", houseNumber: "5к2" })).toBe("улица Ленина, 5к2");
    expect(placeName({ street: " улица Ленина ", houseNumber: " " })).toBe("улица Ленина");
    expect(placeName({ street: "улица Ленина", houseNumber: null })).toBe("улица Ленина");
  });
});

describe("needsHouseConfirmation (spec §4)", () => {
  it("asks for DELIVERY without a house number until confirmed", () => {
    expect(needsHouseConfirmation({ street: "улица Ленина", houseNumber: null })).toBe(true);
    expect(needsHouseConfirmation({ street: null, houseNumber: null })).toBe(true); // a point on the map
    expect(needsHouseConfirmation({ street: "улица Ленина", houseNumber: "" }, { confirmed: true })).toBe(false);
    expect(needsHouseConfirmation({ street: "улица Ленина", houseNumber: "5" })).toBe(false);
  });

  it("never for takeaway or without an address", () => {
    expect(needsHouseConfirmation({ street: "улица Ленина" }, { method: "TAKE_AWAY" })).toBe(false);
    expect(needsHouseConfirmation(null)).toBe(false);
    expect(hasHouseNumber({ houseNumber: " 7 " })).toBe(true);
  });
});

describe("formatDeliveryPlace", () => {
  it("joins address and filled extras", () => {
    expect(
      formatDeliveryPlace({
        address: { street: "улица Ленина", houseNumber: "5" },
        apartment: "12",
        entrance: "2",
        floor: " ",
        intercom: "12К",
        comment: "не звонить",
      }),
    ).toBe("улица Ленина, 5, кв. 12, подъезд 2, домофон 12К");
  });

  it("accepts a text address and falls back to the point label", () => {
    expect(formatDeliveryPlace({ address: "Москва, Тверская, 1", floor: "3" })).toBe("Москва, Тверская, 1, этаж 3");
    expect(formatDeliveryPlace({ address: "" })).toBe("Точка на карте");
    expect(formatDeliveryPlace({ address: null, apartment: "4" }, enPlaceLabels)).toBe("Point on the map, apt. 4");
  });
});

describe("deliveryAddressPayload (spec §5)", () => {
  const location = { lat: 55.75, lng: 37.6 };
  it("sends the address only with both address and location", () => {
    expect(deliveryAddressPayload(" Тверская, 1 ", location)).toEqual({ address: "Тверская, 1", location });
    expect(deliveryAddressPayload("Тверская, 1", null)).toEqual({ address: null, location: null });
    expect(deliveryAddressPayload("  ", location)).toEqual({ address: null, location: null });
    expect(deliveryAddressPayload(undefined, location)).toEqual({ address: null, location: null });
  });
});
