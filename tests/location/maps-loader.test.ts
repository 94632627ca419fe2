/** spec §4 maps script loader: states, 3 retries with attempt × 2^attempt ms, then failure; other options throw. */
import { describe, expect, it } from "vitest";
import { createMapsLoader, scriptUrl } from "~/features/map/maps-loader";
import { polygonPath, projection } from "~/features/map/projection";
import { loader as suggest } from "~/routes/api.address.suggest";
import { routeArgs } from "../context";

const options = { apiKey: "browser-key", language: "ru" };

describe("maps script loader", () => {
  it("retries 3 times with attempt × 2^attempt ms, then reports failure", async () => {
    const sleeps: number[] = [];
    let calls = 0;
    const loader = createMapsLoader(
      async () => {
        calls++;
        throw new Error("offline");
      },
      async (ms) => void sleeps.push(ms),
    );
    expect(loader.state()).toBe("initialized");
    await expect(loader.load(options)).rejects.toThrow("offline");
    expect(calls).toBe(4);
    expect(sleeps).toEqual([2, 8, 24]);
    expect(loader.state()).toBe("failure");
  });

  it("succeeds after a failed attempt and loads once for repeated calls", async () => {
    let calls = 0;
    const loader = createMapsLoader(
      async () => {
        calls++;
        if (calls === 1) throw new Error("flaky");
      },
      async () => {},
    );
    const first = loader.load(options);
    expect(loader.state()).toBe("loading");
    await first;
    await loader.load(options);
    expect(loader.state()).toBe("success");
    expect(calls).toBe(2);
  });

  it("throws when called again with other options", async () => {
    const loader = createMapsLoader(
      async () => {},
      async () => {},
    );
    await loader.load(options);
    expect(() => loader.load({ ...options, language: "en" })).toThrow(/different options/);
  });

  it("asks for the key, language, region and the geometry, places and marker libraries", () => {
    const url = new URL(scriptUrl(options));
    expect(url.searchParams.get("key")).toBe("browser-key");
    expect(url.searchParams.get("language")).toBe("ru");
    expect(url.searchParams.get("libraries")).toBe("geometry,places,marker");
  });
});

describe("schematic map projection", () => {
  const bounds = { north: 56, south: 55, east: 38, west: 37 };
  it("maps the bounds' corners to the plane's corners and back", () => {
    const p = projection(bounds);
    expect(p.toXY({ lat: 56, lng: 37 })).toEqual({ x: 0, y: 0 });
    const se = p.toXY({ lat: 55, lng: 38 });
    expect(se.x).toBeCloseTo(p.width);
    expect(se.y).toBeCloseTo(p.height);
    expect(p.toLatLng(se.x / 2, se.y / 2)).toEqual({ lat: 55.5, lng: 37.5 });
  });
  it("draws every ring of a polygon (holes included)", () => {
    const ring = (a: number, b: number) => [
      [a, a],
      [b, a],
      [b, b],
      [a, b],
      [a, a],
    ];
    const d = polygonPath(
      {
        type: "Polygon",
        coordinates: [ring(37.1, 37.9).map(([x, y]) => [x!, y! - 37 + 55]), ring(37.4, 37.6).map(([x, y]) => [x!, y! - 37 + 55])],
      },
      projection(bounds),
    );
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d.match(/Z/g)).toHaveLength(2);
  });
});

describe("/api/address/suggest", () => {
  const call = async (query: string) => suggest(await routeArgs(new Request(`http://localhost/api/address/suggest?${query}`)));
  it("answers suggestions of the city from 3 characters", async () => {
    const response = await call(`q=${encodeURIComponent("Тверск")}&city=115&token=t1`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { suggestions: { mainText: string }[] };
    expect(body.suggestions.map((s) => s.mainText)).toContain("Тверская улица, 7");
  });
  it("refuses fewer than 3 characters and unknown cities with 400", async () => {
    expect((await call("q=Тв&city=115")).status).toBe(400);
    expect((await call(`q=${encodeURIComponent("Тверская")}&city=999`)).status).toBe(400);
  });
  it("keeps other cities' addresses out", async () => {
    const body = (await (await call(`q=${encodeURIComponent("Баумана")}&city=115`)).json()) as { suggestions: unknown[] };
    expect(body.suggestions).toEqual([]);
  });
});
