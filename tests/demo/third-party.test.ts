import { describe, expect, it } from "vitest";
import { addressLine, DEMO_ADDRESSES, DEMO_CITIES } from "../../server/demo";
import { makeTwin } from "./helpers";

const AUTOCOMPLETE = "https://places.googleapis.com/v1/places:autocomplete";
const GEOCODE = "https://maps.googleapis.com/maps/api/geocode/json";

interface Suggestions {
  suggestions?: Array<{
    placePrediction: {
      placeId: string;
      text: { text: string };
      structuredFormat: { mainText: { text: string }; secondaryText: { text: string } };
    };
  }>;
}
interface Geocoded {
  status: string;
  results: Array<{
    place_id: string;
    formatted_address: string;
    geometry: { location: { lat: number; lng: number } };
    address_components: Array<{ long_name: string; short_name: string; types: string[] }>;
  }>;
}

const moscow = DEMO_CITIES[0]!.bounds;
const kazan = DEMO_CITIES[1]!.bounds;
const rectangle = (b: typeof moscow) => ({
  low: { latitude: b.south, longitude: b.west },
  high: { latitude: b.north, longitude: b.east },
});

describe("Google Places (New) stand-in", () => {
  it("suggests demo addresses by word prefixes, within the rectangle", async () => {
    const { call } = makeTwin();
    const body = {
      input: "тверская 7",
      sessionToken: "s1",
      languageCode: "ru",
      includedPrimaryTypes: ["street_address"],
      locationRestriction: { rectangle: rectangle(moscow) },
    };
    const answer = (await call(AUTOCOMPLETE, { json: body })).body as Suggestions;
    expect(answer.suggestions).toHaveLength(1);
    expect(answer.suggestions![0]!.placePrediction).toMatchObject({
      placeId: "demo-addr-msk-tverskaya-7",
      text: { text: "Тверская улица, 7, Москва, Россия" },
      structuredFormat: { mainText: { text: "Тверская улица, 7" }, secondaryText: { text: "Москва, Россия" } },
    });
    const elsewhere = (await call(AUTOCOMPLETE, { json: { ...body, locationRestriction: { rectangle: rectangle(kazan) } } }))
      .body as Suggestions;
    expect(elsewhere.suggestions ?? []).toEqual([]);
    const kremlin = (await call(AUTOCOMPLETE, { json: { input: "кремлевская" } })).body as Suggestions;
    expect(kremlin.suggestions![0]!.placePrediction.placeId).toBe("demo-addr-kzn-kremlyovskaya-21");
  });

  it("gives details of every demo address, with a street number only when it has one", async () => {
    const { call } = makeTwin();
    for (const a of DEMO_ADDRESSES) {
      const answer = await call(`https://places.googleapis.com/v1/places/${a.placeId}`);
      const body = answer.body as {
        id: string;
        formattedAddress: string;
        location: { latitude: number; longitude: number };
        addressComponents: Array<{ longText: string; types: string[] }>;
      };
      expect(body.id).toBe(a.placeId);
      expect(body.location).toEqual({ latitude: a.location.lat, longitude: a.location.lng });
      expect(body.formattedAddress.startsWith(addressLine(a))).toBe(true);
      const types = body.addressComponents.flatMap((c) => c.types);
      expect(types.includes("street_number")).toBe(a.house !== null);
      expect(body.addressComponents.find((c) => c.types.includes("route"))!.longText).toBe(a.street);
    }
    expect((await call("https://places.googleapis.com/v1/places/nope")).status).toBe(404);
  });
});

describe("Google Geocoding stand-in", () => {
  it("geocodes an address and answers ZERO_RESULTS for an unknown one", async () => {
    const { call } = makeTwin();
    const found = (await call(`${GEOCODE}?address=${encodeURIComponent("Мясницкая 24")}&language=ru`)).body as Geocoded;
    expect(found.status).toBe("OK");
    expect(found.results[0]!.geometry.location).toEqual({ lat: 55.764, lng: 37.637 });
    const none = (await call(`${GEOCODE}?address=${encodeURIComponent("улица Несуществующая")}`)).body as Geocoded;
    expect(none).toEqual({ status: "ZERO_RESULTS", results: [] });
  });

  it("reverse-geocodes: snaps within 150 m, else a street-only result, else the city, else nothing", async () => {
    const { call } = makeTwin();
    const near = (await call(`${GEOCODE}?latlng=55.7580,37.6125`)).body as Geocoded; // ~65 m from Тверская 7
    expect(near.results[0]!.place_id).toBe("demo-addr-msk-tverskaya-7");
    const street = (await call(`${GEOCODE}?latlng=55.7620,37.6120`)).body as Geocoded; // ~500 m away
    const streetTypes = street.results[0]!.address_components.flatMap((c) => c.types);
    expect(streetTypes).toContain("route");
    expect(streetTypes).not.toContain("street_number");
    expect(street.results[0]!.geometry.location).toEqual({ lat: 55.762, lng: 37.612 });
    const city = (await call(`${GEOCODE}?latlng=55.60,37.80`)).body as Geocoded;
    expect(city.results[0]!.address_components.flatMap((c) => c.types)).not.toContain("route");
    expect(city.results[0]!.formatted_address).toBe("Москва, Россия");
    expect(((await call(`${GEOCODE}?latlng=10,10`)).body as Geocoded).status).toBe("ZERO_RESULTS");
    // a point's place id resolves again, by geocoding and by place details
    const byId = (await call(`${GEOCODE}?place_id=${street.results[0]!.place_id}`)).body as Geocoded;
    expect(byId.results[0]!.formatted_address).toBe(street.results[0]!.formatted_address);
    expect((await call(`https://places.googleapis.com/v1/places/${street.results[0]!.place_id}`)).status).toBe(200);
  });
});

describe("VK ID stand-in", () => {
  it("exchanges a demo code (form-encoded) and logs out", async () => {
    const { call } = makeTwin();
    const form = new URLSearchParams({
      grant_type: "authorization_code",
      code: "demo-vk-code:anna",
      code_verifier: "v".repeat(43),
      device_id: "device-1",
      redirect_uri: "http://localhost:3000/auth",
      state: "state-123",
    });
    const answer = await call("https://id.vk.com/oauth2/auth", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: "state-123", token_type: "Bearer", user_id: expect.any(Number) });
    const body = answer.body as { access_token: string; refresh_token: string; id_token: string };
    expect(body.access_token).toBeTruthy();
    expect(body.refresh_token).toBeTruthy();
    expect(body.id_token.split(".")).toHaveLength(3);
    form.set("code", "stolen");
    const refused = await call("https://id.vk.com/oauth2/auth", { method: "POST", body: form.toString() });
    expect(refused.status).toBe(400);
    expect((await call("https://id.vk.com/oauth2/logout", { method: "POST", body: "client_id=1" })).body).toEqual({
      response: 1,
    });
  });
});
