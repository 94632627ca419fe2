import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { PositionCard } from "~/features/menu/PositionCard";
import type { PositionCardView } from "~/features/menu/menu-view.server";
import { createFragmentCache } from "~/document/fragment-cache.server";
import { createTranslator } from "~/i18n/translator";
import ru from "~/i18n/locales/ru";

const position: PositionCardView = {
  id: 10020,
  menuId: 501,
  name: "Морс клюквенный",
  price: 15000,
  photo: null,
  measure: { value: 500, unit: "ml" },
  longCooking: false,
  hasModifiers: false,
  available: true,
  next: null,
};
const { t } = createTranslator("ru", ru);
const card = (p = position, redirectTo = "/menus/501") => <PositionCard position={p} currency="RUB" t={t} lang="ru" redirectTo={redirectTo} />;

describe("the server's fragment cache (ADR 043)", () => {
  it("renders a key once and serves the same HTML after, identical to a direct render", () => {
    const cache = createFragmentCache();
    const render = vi.fn(() => card());
    const first = cache.render("k", render);
    const second = cache.render("k", render);
    expect(render).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    // what the browser hydrates is the same markup React would stream for the card
    expect(first).toBe(renderToString(card()));
    expect(first).toContain("150");
    expect(first).toContain('value="/menus/501"');
  });

  it("keeps different inputs apart", () => {
    const cache = createFragmentCache();
    const a = cache.render(JSON.stringify([position, "/"]), () => card(position, "/"));
    const b = cache.render(JSON.stringify([{ ...position, price: 17000 }, "/"]), () => card({ ...position, price: 17000 }, "/"));
    expect(a).not.toBe(b);
    expect(b).toContain("170");
    expect(cache.stats()).toEqual({ entries: 2, renders: 2 });
  });

  it("stays within its size bound, dropping the least recently used fragments", () => {
    const cache = createFragmentCache({ maxBytes: 20_000 });
    for (let i = 0; i < 50; i++) cache.render(`k${i}`, () => card({ ...position, id: i }));
    expect(cache.stats().entries).toBeLessThan(50);
    expect(cache.stats().renders).toBe(50);
    cache.render("k49", () => card());
    expect(cache.stats().renders).toBe(50);
  });
});

describe("position card photos", () => {
  const withPhoto = { ...position, photo: "/demo/photos/pizza.svg" };
  const html = (photo?: "first" | "eager" | "lazy") =>
    renderToString(<PositionCard position={withPhoto} currency="RUB" t={t} lang="ru" redirectTo="/" photo={photo} />);
  it("load lazily below the fold, at once in the first row, with high priority for the first", () => {
    expect(html()).toContain('loading="lazy"');
    expect(html("eager")).toContain('loading="eager"');
    expect(html("eager")).not.toContain("fetchpriority");
    expect(html("first")).toMatch(/loading="eager"[^>]*fetchpriority="high"|fetchpriority="high"[^>]*loading="eager"/);
  });
});
