// The same handlers through msw's setupServer (how other vitest suites use the twin): the global
// fetch is intercepted for the duration of this file only.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDemoUpstream } from "../../server/demo";
import { citiesSchema, restoSchema } from "~/lib/model";

const twin = createDemoUpstream("http://twin.test");
const server = setupServer(...twin.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

it("answers the global fetch through setupServer", async () => {
  const cities = citiesSchema.parse(await (await fetch("http://twin.test/1/p/cities")).json());
  expect(cities.map((c) => c.id)).toEqual([115, 116, 118, 117]);
  const resto = restoSchema.parse(await (await fetch("http://twin.test/1/p/restos/173")).json());
  expect(resto.name).toBe("Демо Пицца на Тверской");
});

it("honours the scenario there too", async () => {
  twin.store.setScenario({ down: true });
  await expect(fetch("http://twin.test/1/now")).rejects.toThrow();
  twin.store.reset();
  expect((await fetch("http://twin.test/1/now")).status).toBe(200);
});
