// @vitest-environment jsdom
/**
 * A restaurant's page as the customer reads it (spec §2 restos.show 'О заведении', spec §4 states; ADR 197): the real
 * loader of app/routes/restos.$restoId.tsx over the demo twin's three restaurants, drawn by the route's component.
 * The state rules themselves (open, closed, day off, round the clock in the restaurant's time zone) are
 * tests/catalog/resto-view.test.ts's; the list of restaurants and the click into one stay in the browser
 * (e2e/catalog.spec.ts, a11y.spec.ts).
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import RestoPage, { loader as restoLoader } from "~/routes/restos.$restoId";
import { restaurantLd } from "~/features/menu/jsonld";
import { returningCustomerCookie, routeArgs } from "../context";
import { renderScreen } from "./stub";

afterEach(cleanup);

async function restoPage(id: string) {
  const cookie = await returningCustomerCookie();
  const url = `http://localhost/restos/${id}`;
  const params = { restoId: id };
  const data = (await restoLoader({ ...(await routeArgs(new Request(url, { headers: { cookie, "accept-language": "ru" } }), params)), params } as never)) as Record<
    string,
    unknown
  > & { resto: Parameters<typeof restaurantLd>[0]; origin: string };
  await renderScreen({ routeId: "routes/restos.$restoId", path: "restos/:restoId", url: `/restos/${id}`, Component: RestoPage, loader: () => data });
  await screen.findByRole("heading", { level: 1 });
  return data;
}

describe("a restaurant's page", () => {
  it("a restaurant with every day inactive: a day off today, and the whole week listed", async () => {
    await restoPage("175");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Демо Пицца на ВДНХ");
    expect(screen.getByText("О заведении")).toBeTruthy();
    const state = screen.getByTestId("resto-state");
    expect(state.getAttribute("data-state")).toBe("day-off");
    expect(state.textContent).toContain("Выходной");
    expect(within(screen.getByTestId("opening-hours")).getAllByRole("row")).toHaveLength(7);
  });

  it("a restaurant open all day every day: 'Круглосуточно'", async () => {
    await restoPage("176");
    expect(screen.getByTestId("resto-state").textContent).toContain("Круглосуточно");
  });

  it("the flagship: today's row marked, its phone, e-mail, average bill and payment methods, and its schema.org week", async () => {
    const data = await restoPage("173");
    const today = screen.getByTestId("opening-hours").querySelectorAll("tr[data-today]");
    expect(today).toHaveLength(1);
    expect(today[0]!.getAttribute("aria-current")).toBe("date");
    for (const text of ["+7 495 000-01-73", "tverskaya@demo-pizza.example", "Средний чек", "Картой онлайн"]) {
      expect(screen.getByText(text, { exact: false }), text).toBeTruthy();
    }
    // what the server writes into the page's JSON-LD block for crawlers (ServerJsonLd: only the server fills it)
    const ld = restaurantLd(data.resto, data.origin) as { "@type": string; openingHoursSpecification: unknown[]; telephone?: string };
    expect(ld["@type"]).toBe("Restaurant");
    expect(ld.openingHoursSpecification).toHaveLength(7);
  });

  it("an unknown or malformed id is a 404, never a 500", async () => {
    for (const id of ["999999", "abc", "-1"]) {
      const params = { restoId: id };
      const thrown = await Promise.resolve(restoLoader({ ...(await routeArgs(new Request(`http://localhost/restos/${id}`), params)), params } as never)).then(
        () => null,
        (error: unknown) => error,
      );
      const status = thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } } | null)?.init?.status;
      expect(status, id).toBe(404);
    }
  });
});
