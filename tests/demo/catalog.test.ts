import { describe, expect, it } from "vitest";
import { DEMO_CITIES, DEMO_MENUS, DEMO_RESTOS } from "../../server/demo/data";
import {
  citiesSchema,
  citySchema,
  deliveriesPageSchema,
  errorBodySchema,
  nowSchema,
  positionGroupsSchema,
  positionModifiersListSchema,
  positionsSchema,
  positionTimeSlotsSchema,
  promotionsSchema,
  restoSchema,
  restoSummariesSchema,
  workingHoursListSchema,
} from "~/lib/model";
import { firstErrorCode, makeTwin, MONDAY_NOON_MSK } from "./helpers";

describe("catalog handlers", () => {
  it("answers /1/now with the store's clock", async () => {
    const { getParsed } = makeTwin();
    const now = await getParsed("/1/now", nowSchema);
    expect(Date.parse(now.utc_time)).toBe(MONDAY_NOON_MSK);
  });

  it("lists cities (with or without whiteLabel) and one city; 404 with an errors body when unknown", async () => {
    const { getParsed, call } = makeTwin();
    expect(await getParsed("/1/p/cities", citiesSchema)).toEqual(DEMO_CITIES);
    expect(await getParsed("/1/p/cities?whiteLabel=demo-pizza", citiesSchema)).toHaveLength(DEMO_CITIES.length);
    expect(await getParsed("/1/p/cities?whiteLabel=demo-empty", citiesSchema)).toEqual([]);
    expect((await getParsed("/1/p/cities/115", citySchema)).name).toBe("Москва");
    const missing = await call("/1/p/cities/999");
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(missing.body).errors[0]!.code).toBe("city.not-found");
  });

  it("lists restos of a city and answers each full resto", async () => {
    const { getParsed, call } = makeTwin();
    const moscow = await getParsed("/1/p/restos?cityId=115&whiteLabel=demo-pizza", restoSummariesSchema);
    expect(moscow.map((r) => r.id)).toEqual([173, 174, 175]);
    expect(moscow.every((r) => r.cityIds.includes(115))).toBe(true);
    expect(await getParsed("/1/p/restos?cityId=117&whiteLabel=demo-pizza", restoSummariesSchema)).toEqual([]);
    for (const { resto } of DEMO_RESTOS) {
      expect(await getParsed(`/1/p/restos/${resto.id}`, restoSchema)).toEqual(resto);
    }
    expect((await call("/1/p/restos/1")).status).toBe(404);
  });

  it("answers every resto-scoped list with its schema", async () => {
    const { getParsed, call } = makeTwin();
    for (const { resto } of DEMO_RESTOS) {
      const page = await getParsed(`/1/restos/${resto.id}/deliveries?size=100`, deliveriesPageSchema);
      expect(page.totalElements).toBe(page.content.length);
      await getParsed(`/1/restos/${resto.id}/positions/modifiers`, positionModifiersListSchema);
      await getParsed(`/1/restos/${resto.id}/position-time-slots`, positionTimeSlotsSchema);
      await getParsed(`/1/restos/${resto.id}/working-hours`, workingHoursListSchema);
      await getParsed(`/1/restos/${resto.id}/promotions`, promotionsSchema);
    }
    const zones173 = await getParsed("/1/restos/173/deliveries?size=100", deliveriesPageSchema);
    expect(zones173.content.map((z) => z.id)).toEqual([1731, 1732]);
    const onePerPage = await getParsed("/1/restos/173/deliveries?size=1&page=1", deliveriesPageSchema);
    expect(onePerPage.content.map((z) => z.id)).toEqual([1732]);
    expect(await getParsed("/1/restos/174/deliveries?size=100", deliveriesPageSchema)).toEqual({ content: [], totalElements: 0 });
    const missing = await call("/1/restos/1/promotions");
    expect(missing.status).toBe(404);
    expect(firstErrorCode(missing.body)).toBe("resto.not-found");
  });

  it("answers groups and positions of every menu; 404 for an unknown menu", async () => {
    const { getParsed, call } = makeTwin();
    for (const menu of DEMO_MENUS) {
      expect(await getParsed(`/1/p/menus/${menu.ref.id}/position-groups`, positionGroupsSchema)).toEqual(menu.groups);
      expect(await getParsed(`/1/p/menus/${menu.ref.id}/positions`, positionsSchema)).toEqual(menu.positions);
    }
    const pizzaGroup = DEMO_MENUS[0]!.groups[0]!;
    const pizzas = await getParsed(`/1/p/menus/501/positions?positionGroupId=${pizzaGroup.id}`, positionsSchema);
    expect(pizzas.length).toBeGreaterThan(0);
    expect(pizzas.every((p) => p.positionGroup?.id === pizzaGroup.id)).toBe(true);
    const missing = await call("/1/p/menus/1/position-groups");
    expect(missing.status).toBe(404);
    expect(firstErrorCode(missing.body)).toBe("menu.not-found");
  });

  it("answers a request no handler knows with 404 and an errors body", async () => {
    const { call } = makeTwin();
    const answer = await call("/1/nothing-here");
    expect(answer.status).toBe(404);
    expect(firstErrorCode(answer.body)).toBe("demo.no-handler");
  });
});

describe("scenario control", () => {
  it("down: the fetch rejects like a network failure", async () => {
    const { store, call } = makeTwin();
    store.setScenario({ down: true });
    await expect(call("/1/p/cities")).rejects.toThrow(TypeError);
  });

  it("failStatus: that status with an errors body", async () => {
    const { store, call } = makeTwin();
    store.setScenario({ failStatus: 503 });
    const answer = await call("/1/p/restos/173");
    expect(answer.status).toBe(503);
    expect(errorBodySchema.safeParse(answer.body).success).toBe(true);
  });

  it("malformed: 200 with a body that is not JSON", async () => {
    const { store, twin } = makeTwin();
    store.setScenario({ malformed: true });
    const response = await twin.fetch(`${twin.baseUrl}/1/p/cities`);
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });

  it("latency: answers after the delay, and an abort ends the wait", async () => {
    const { store, call, twin } = makeTwin();
    store.setScenario({ latencyMs: 60 });
    const started = performance.now();
    expect((await call("/1/now")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);

    store.setScenario({ latencyMs: 5000 });
    const aborted = twin.fetch(`${twin.baseUrl}/1/now`, { signal: AbortSignal.timeout(30) });
    await expect(aborted).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("affects only catalog calls unless scope is 'all'; reset() clears it", async () => {
    const { store, call, signInByPhone } = makeTwin();
    const { accessToken } = await signInByPhone();
    store.setScenario({ failStatus: 500 });
    expect((await call("/api/v1/me", { token: accessToken })).status).toBe(200);
    store.setScenario({ scope: "all" });
    expect((await call("/api/v1/me", { token: accessToken })).status).toBe(500);
    store.reset();
    expect(store.scenario).toEqual({ latencyMs: 0, down: false, failStatus: null, malformed: false, scope: "catalog", driftHolders: 0, afterCommit: null });
    expect((await call("/1/p/cities")).status).toBe(200);
  });
});
