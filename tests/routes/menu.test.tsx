// @vitest-environment jsdom
/**
 * A position outside its time slots as the customer reads it (spec §2 positions: time slots; ADR 197): on the menu's
 * card, 'Доступно …' with the time it comes back and no add button; in its layer, the slots' days and hours. The real
 * loaders of app/routes/menus.$menuId.tsx and its position layer over the demo twin (Сырники: Mon–Fri 08:00–11:00 in
 * Moscow), drawn by the routes' components; the server clock is the real one, as in the browser. The availability rule
 * itself (the resto's time zone, start inclusive, end exclusive, when it comes back) is tests/catalog/menu-view.test.ts's.
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import MenuPage, { loader as menuLoader } from "~/routes/menus.$menuId";
import PositionLayer, { handle as layerHandle, loader as positionLoader } from "~/routes/menus.$menuId.positions.$positionId";
import { DEMO_NOTABLE } from "~server/demo/data";
import { returningCustomerCookie, routeArgs } from "../context";
import { renderScreen } from "./stub";

afterEach(cleanup);

const SYRNIKI = String(DEMO_NOTABLE.syrniki);

/** the weekday (Monday 0) and minute of the day in Moscow (UTC+3, no daylight saving) */
function moscowNow(at = Date.now()) {
  const d = new Date(at + 3 * 3_600_000);
  return { weekday: (d.getUTCDay() + 6) % 7, minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
}

async function loaded(loader: (args: never) => unknown, path: string, params: Record<string, string>) {
  const cookie = await returningCustomerCookie();
  const request = new Request(`http://localhost${path}`, { headers: { cookie, "accept-language": "ru" } });
  return (await loader({ ...(await routeArgs(request, params)), params } as never)) as Record<string, unknown>;
}

describe("a position outside its time slots (Сырники, Mon–Fri 08:00–11:00)", () => {
  it("its card says when it is available and offers no add button; inside the slots it can be added", async () => {
    const { weekday, minutes } = moscowNow();
    const data = await loaded(menuLoader, "/menus/501", { menuId: "501" });
    await renderScreen({ routeId: "routes/menus.$menuId", path: "menus/:menuId", url: "/menus/501", Component: MenuPage, loader: () => data });
    const name = await screen.findByRole("link", { name: "Сырники" });
    const card = name.closest<HTMLElement>('[data-testid="position-card"]')!;
    // (the minute may turn between the loader and this line only at a slot's edge; the loader read the clock first)
    const breakfastNow = weekday < 5 && minutes >= 8 * 60 && minutes < 11 * 60;
    if (breakfastNow) {
      expect(within(card).queryByTestId("position-unavailable")).toBeNull();
      expect(within(card).getByRole("button", { name: "Добавить «Сырники» в корзину" })).toBeTruthy();
    } else {
      expect(within(card).getByTestId("position-unavailable").textContent).toMatch(/^Доступно .*08:00$/);
      expect(within(card).queryAllByRole("button")).toHaveLength(0);
    }
    // an available neighbour of the same menu keeps its button (the rule is the position's, not the menu's)
    const cola = (await screen.findByRole("link", { name: "Кола" })).closest<HTMLElement>('[data-testid="position-card"]')!;
    expect(within(cola).getByRole("button", { name: "Добавить «Кола» в корзину" })).toBeTruthy();
  });

  it("its layer lists the slots' days and hours", async () => {
    const params = { menuId: "501", positionId: SYRNIKI };
    const data = await loaded(positionLoader, `/menus/501/positions/${SYRNIKI}`, params);
    await renderScreen({
      routeId: "routes/menus.$menuId",
      path: "menus/:menuId/positions/:positionId",
      url: `/menus/501/positions/${SYRNIKI}`,
      Component: PositionLayer,
      handle: layerHandle,
      loader: () => data,
      others: [{ path: "menus/:menuId", text: "the menu" }],
    });
    const layer = await screen.findByRole("dialog", { name: "Сырники" });
    expect(layer.textContent).toContain("Пн–Пт 08:00–11:00");
  });
});
