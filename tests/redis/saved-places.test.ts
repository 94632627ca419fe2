/**
 * Where saved delivery places live (issue 39 §1, ADR 180), with a real `redis-server`: with Redis the person's key
 * holds them and the cookie stays empty; a place saved while Redis is away lands in the cookie, reading puts both
 * together, and the next save that reaches Redis takes the cookie's along; forgetting one or all reaches Redis.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { SavedPlace } from "~/lib/saved-places";
import { placeId } from "~/lib/saved-places";
import { forgetSavedPlaces, PLACES_TTL_MS, readSavedPlaces, recordSavedPlace, type PlacesDeps } from "~server/places/saved-places";
import { redisReady } from "~server/redis";
import { redisPrefix } from "~server/redis/shared";
import type { Services } from "~server/services";
import { redisServerForTests } from "./redis-server";
import { contextOf, servicesWith } from "../context";

const redis = redisServerForTests();
const made: Services[] = [];
afterAll(async () => {
  await Promise.all(made.map((s) => s.close()));
});

function place(n: number): SavedPlace {
  return {
    cityId: 115,
    address: `Тверская улица, ${n}`,
    street: "Тверская улица",
    houseNumber: String(n),
    houseConfirmed: false,
    apartment: String(n * 10),
    entrance: "",
    floor: "",
    intercom: "",
    comment: "",
    location: { lat: 55.75 + n / 1000, lng: 37.61 },
    at: 1_700_000_000_000 + n * 60_000,
  };
}

async function depsOf(s: Services, cookie: string): Promise<PlacesDeps> {
  const { session } = await contextOf(new Request("http://localhost/", { headers: { Cookie: cookie } }), { services: s });
  return { session, sessions: s.sessions, redis: s.redis };
}

/** One request with the browser's cookies; returns the cookie jar after its answer and the places cookie it set. */
async function step(s: Services, cookie: string, run: (deps: PlacesDeps) => Promise<void>) {
  const deps = await depsOf(s, cookie);
  await run(deps);
  const set = (await deps.session.commitHeaders()).getSetCookie().map((c) => c.split(";")[0]!);
  const jar = new Map(cookie.split("; ").filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const c of set) jar.set(c.split("=")[0]!, c);
  return { cookie: [...jar.values()].join("; "), placesCookie: set.find((c) => c.startsWith("sf_places=")) ?? null };
}

async function read(s: Services, cookie: string, owner = "1001") {
  return (await readSavedPlaces(await depsOf(s, cookie), owner)).map((p) => p.houseNumber);
}

describe("saved places store with Redis", () => {
  it("the person's key holds them; during an outage the cookie does, and the next save moves them to Redis", async () => {
    const s = servicesWith({ REDIS_URL: redis.url });
    made.push(s);
    await redisReady(s.redis!.client);
    const key = `${redisPrefix(s.config)}:saved-places:1001`;
    let result = await step(s, "", (deps) => recordSavedPlace(deps, "1001", place(1)));
    let cookie = result.cookie;
    expect(result.placesCookie).toBeNull();
    expect(await redis.client.pttl(key)).toBeGreaterThan(PLACES_TTL_MS - 60_000);
    result = await step(s, cookie, (deps) => recordSavedPlace(deps, "1001", place(2)));
    cookie = result.cookie;
    expect(await read(s, cookie)).toEqual(["2", "1"]);
    // another person sees none of it
    expect(await read(s, cookie, "2002")).toEqual([]);

    // Redis goes away: the place is remembered in the cookie, and reading shows what the cookie holds
    await redis.kill();
    result = await step(s, cookie, (deps) => recordSavedPlace(deps, "1001", place(3)));
    cookie = result.cookie;
    expect(result.placesCookie).not.toBeNull();
    expect(await read(s, cookie)).toEqual(["3"]);

    // back, empty (a restart without persistence): the next save takes the cookie's along and empties the cookie
    await redis.start();
    await redisReady(s.redis!.client);
    result = await step(s, cookie, (deps) => recordSavedPlace(deps, "1001", place(4)));
    cookie = result.cookie;
    expect(await read(s, cookie)).toEqual(["4", "3"]);
    const emptied = await depsOf(s, cookie);
    expect((await emptied.session.get("places")).places).toEqual([]);
    await redisReady(redis.client);
    expect(JSON.parse((await redis.client.get(key))!)).toHaveLength(2);

    // forgetting one, then all, reaches Redis
    result = await step(s, cookie, (deps) => forgetSavedPlaces(deps, "1001", placeId(place(3))));
    cookie = result.cookie;
    expect(await read(s, cookie)).toEqual(["4"]);
    expect(JSON.parse((await redis.client.get(key))!)).toHaveLength(1);
    result = await step(s, cookie, (deps) => forgetSavedPlaces(deps, "1001", null));
    expect(await read(s, result.cookie)).toEqual([]);
    expect(await redis.client.exists(key)).toBe(0);
  });
});
