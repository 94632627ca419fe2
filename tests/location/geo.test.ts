/** The Google client of server/geo against msw: request shapes (key, bounds, language, session token) and failures. */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGeo, GEOCODE_URL, PLACES_BASE } from "~server/geo";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const bounds = { north: 55.92, south: 55.57, east: 37.86, west: 37.37 };
const errors: string[] = [];
const geo = createGeo({ fetch: (input, init) => fetch(input, init), apiKey: "server-key", onError: (what) => errors.push(what) });

describe("server/geo", () => {
  it("asks Places Autocomplete (New) for addresses in the city's bounds, in the language, with the session token", async () => {
    let body: Record<string, unknown> = {};
    let key: string | null = null;
    server.use(
      http.post(`${PLACES_BASE}/places:autocomplete`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        key = request.headers.get("x-goog-api-key");
        return HttpResponse.json({
          suggestions: [
            {
              placePrediction: {
                placeId: "p1",
                text: { text: "Тверская улица, 7, Москва" },
                structuredFormat: { mainText: { text: "Тверская улица, 7" }, secondaryText: { text: "Москва" } },
              },
            },
          ],
        });
      }),
    );
    const list = await geo.suggest("тверская 7", { bounds, language: "ru", sessionToken: "tok-1" });
    expect(list).toEqual([{ placeId: "p1", mainText: "Тверская улица, 7", secondaryText: "Москва" }]);
    expect(key).toBe("server-key");
    expect(body).toMatchObject({
      input: "тверская 7",
      languageCode: "ru",
      sessionToken: "tok-1",
      locationRestriction: {
        rectangle: { low: { latitude: 55.57, longitude: 37.37 }, high: { latitude: 55.92, longitude: 37.86 } },
      },
    });
    expect(body.includedPrimaryTypes).toContain("street_address");
  });

  it("reads street, house and coordinates from Place Details", async () => {
    server.use(
      http.get(`${PLACES_BASE}/places/:id`, ({ request }) => {
        expect(new URL(request.url).searchParams.get("sessionToken")).toBe("tok-2");
        return HttpResponse.json({
          id: "p1",
          formattedAddress: "Тверская ул., 7, Москва, Россия",
          location: { latitude: 55.7575, longitude: 37.612 },
          addressComponents: [
            { longText: "7", types: ["street_number"] },
            { longText: "Тверская улица", types: ["route"] },
            { longText: "Москва", types: ["locality", "political"] },
            { longText: "Россия", types: ["country", "political"] },
          ],
        });
      }),
    );
    const place = await geo.place("p1", { language: "ru", sessionToken: "tok-2" });
    expect(place).toMatchObject({
      street: "Тверская улица",
      houseNumber: "7",
      city: "Москва",
      country: "Россия",
      formatted: "Тверская улица, 7",
      location: { lat: 55.7575, lng: 37.612 },
    });
  });

  it("gives no result for ZERO_RESULTS, for results outside the bounds, and for a failing Google (never throws)", async () => {
    server.use(http.get(GEOCODE_URL, () => HttpResponse.json({ status: "ZERO_RESULTS", results: [] })));
    expect(await geo.geocode("нигде", { bounds, language: "ru" })).toBeNull();

    server.use(
      http.get(GEOCODE_URL, () =>
        HttpResponse.json({
          status: "OK",
          results: [
            {
              place_id: "kzn",
              formatted_address: "Казань",
              geometry: { location: { lat: 55.79, lng: 49.12 } },
              address_components: [],
            },
          ],
        }),
      ),
    );
    expect(await geo.geocode("Баумана 44", { bounds, language: "ru" })).toBeNull();

    server.use(http.get(GEOCODE_URL, () => new HttpResponse("quota", { status: 500 })));
    errors.length = 0;
    expect(await geo.reverse({ lat: 55.75, lng: 37.61 }, { language: "ru" })).toBeNull();
    expect(errors).toEqual(["reverse geocode"]);

    server.use(http.post(`${PLACES_BASE}/places:autocomplete`, () => HttpResponse.error()));
    expect(await geo.suggest("тверская", { bounds, language: "ru" })).toEqual([]);
  });

  it("one odd suggestion or result is left out and reported, never the others (the geocoder drifts too)", async () => {
    const prediction = (placeId: unknown, main: string) => ({
      placePrediction: { placeId, text: { text: main }, structuredFormat: { mainText: { text: main }, secondaryText: { text: "Москва" } } },
    });
    server.use(
      http.post(`${PLACES_BASE}/places:autocomplete`, () =>
        HttpResponse.json({ suggestions: [prediction("p1", "Тверская улица, 7"), prediction(null, "Без id"), prediction("p3", "Тверская улица, 9")] }),
      ),
    );
    errors.length = 0;
    expect((await geo.suggest("тверская", { bounds, language: "ru" })).map((s) => s.placeId)).toEqual(["p1", "p3"]);
    expect(errors).toEqual(["autocomplete"]);

    const result = (placeId: string, lat: unknown) => ({
      place_id: placeId,
      formatted_address: "Тверская ул., 7, Москва",
      geometry: { location: { lat, lng: 37.61 } },
      address_components: [{ long_name: "7", types: ["street_number"] }, { long_name: "Тверская улица", types: ["route"] }],
    });
    server.use(http.get(GEOCODE_URL, () => HttpResponse.json({ status: "OK", results: [result("odd", "55.7"), result("good", 55.7575)] })));
    errors.length = 0;
    expect(await geo.geocode("тверская 7", { bounds, language: "ru" })).toMatchObject({ placeId: "good" });
    expect(errors).toEqual(["geocode"]);
  });

  it("an answer larger than the bound is not read: no result, reported", async () => {
    const huge = "x".repeat(2 * 1024 * 1024);
    server.use(http.post(`${PLACES_BASE}/places:autocomplete`, () => HttpResponse.json({ suggestions: [], padding: huge })));
    errors.length = 0;
    expect(await geo.suggest("тверская", { bounds, language: "ru" })).toEqual([]);
    expect(errors).toEqual(["autocomplete"]);
  });
});
