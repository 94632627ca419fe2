// @vitest-environment jsdom
/**
 * When the order arrives, as the customer reads it (issue 39 §3, ADR 190, ADR 197): on the success screen
 * (app/routes/checkout.$key.tsx) and in the order history (app/routes/orders.repeat.tsx). The stand-in loaders answer
 * what the real ones do: the view `etaView` makes from an order's kept time at an instant, in the restaurant's time
 * zone and the page's language. Which instant an order gets (the cooking time, the zone's delivery time, a pre-order's
 * own time) is tests/checkout/order-eta.test.ts's; the words for an instant are tests/lib/eta.test.ts's.
 */
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import CheckoutSuccess from "~/routes/checkout.$key";
import RepeatOrdersRoute from "~/routes/orders.repeat";
import { etaView } from "~/features/checkout/eta.server";
import type { OrderEta } from "~/features/checkout/placed-order";
import type { AppLocale } from "~/i18n/i18n";
import { renderScreen } from "./stub";

afterEach(cleanup);

const MINUTE = 60_000;
/** Wednesday 25 November 2026, 12:00 in Moscow (UTC+3) */
const WEDNESDAY_NOON = Date.parse("2026-11-25T09:00:00Z");
/** Saturday 28 November 2026, 23:10 in Moscow: Sunday is the restaurant's day off, so a pre-order goes to Monday */
const SATURDAY_NIGHT = Date.parse("2026-11-28T20:10:00Z");

function kept(method: OrderEta["method"], orderedAt: number, at: number, source: OrderEta["source"] = "estimate"): OrderEta {
  return { method, orderedAt, timezone: "+03:00", at, source };
}

async function successScreen(eta: OrderEta, now: number, options: { locale?: AppLocale; deliveryTime?: number | null } = {}) {
  const locale = options.locale ?? "ru";
  await renderScreen({
    routeId: "routes/checkout.$key",
    path: "checkout/:key",
    url: "/checkout/0b7c1e2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d",
    locale,
    Component: CheckoutSuccess,
    loader: () => ({
      status: "placed",
      order: { orderId: "9001", number: "D-0042", total: 117_000, currency: "RUB", deliveryTime: options.deliveryTime ?? null },
      payment: null,
      eta: etaView(eta, now, locale),
    }),
  });
  return screen.findByTestId("order-eta");
}

describe("the success screen says when the order arrives", () => {
  it("takeaway as soon as possible: ready today at the restaurant's time, one unbroken phrase, the instant in <time>", async () => {
    const at = WEDNESDAY_NOON + 20 * MINUTE;
    const eta = await successScreen(kept("TAKE_AWAY", WEDNESDAY_NOON, at), WEDNESDAY_NOON + 5_000);
    expect(eta.textContent).toBe("Заказ будет готов сегодня к 12:20");
    expect(eta.querySelector("time")?.getAttribute("dateTime")).toBe(new Date(at).toISOString());
    // 'сегодня к 12:20' never breaks across lines
    expect(eta.querySelector(".whitespace-nowrap")?.textContent).toBe("сегодня к 12:20");
  });

  it("a pre-order over the restaurant's day off: its exact time, on a date in words", async () => {
    const monday = Date.parse("2026-11-30T06:00:00Z");
    const eta = await successScreen(kept("TAKE_AWAY", SATURDAY_NIGHT, monday, "pre-order"), SATURDAY_NIGHT + 5_000);
    expect(eta.textContent).toBe("Заказ будет готов 30 ноября к 09:00");
    expect(eta.dataset.source).toBe("pre-order");
  });

  it("tomorrow by the restaurant's clock, though still today in UTC", async () => {
    // 23:50 in Moscow is 20:50 UTC: an order for 00:30 Moscow time is tomorrow's for the customer
    const late = Date.parse("2026-11-25T20:50:00Z");
    const eta = await successScreen(kept("TAKE_AWAY", late, late + 40 * MINUTE), late);
    expect(eta.textContent).toBe("Заказ будет готов завтра к 00:30");
  });

  it("delivery: 'Доставим' at the door after the zone's time, and the zone's time itself", async () => {
    const eta = await successScreen(kept("DELIVERY", WEDNESDAY_NOON, WEDNESDAY_NOON + 40 * MINUTE), WEDNESDAY_NOON, { deliveryTime: 40 });
    expect(eta.textContent).toBe("Доставим сегодня к 12:40");
    expect(screen.getByTestId("order-delivery-time").textContent).toBe("Доставка ≈ 40 мин");
  });

  it("an English page: the English sentence and the date in English words", async () => {
    const monday = Date.parse("2026-11-30T06:00:00Z");
    const eta = await successScreen(kept("TAKE_AWAY", SATURDAY_NIGHT, monday, "pre-order"), SATURDAY_NIGHT, { locale: "en" });
    expect(eta.textContent).toMatch(/^Ready for pickup .*November 30.* 09:00$/);
    expect(eta.textContent).not.toMatch(/[а-яё]/i);
  });

  it("nothing said of the time: no sentence at all, never an empty or made-up one", async () => {
    await renderScreen({
      routeId: "routes/checkout.$key",
      path: "checkout/:key",
      url: "/checkout/0b7c1e2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d",
      Component: CheckoutSuccess,
      loader: () => ({
        status: "placed",
        order: { orderId: "9001", number: "D-0042", total: null, currency: "RUB", deliveryTime: null },
        payment: null,
        eta: etaView({ method: "TAKE_AWAY", orderedAt: WEDNESDAY_NOON, timezone: "+03:00", at: null, source: null }, WEDNESDAY_NOON, "ru"),
      }),
    });
    expect((await screen.findByTestId("order-number")).textContent).toContain("D-0042");
    expect(screen.queryByTestId("order-eta")).toBeNull();
  });
});

describe("the order history says when each order was to arrive", () => {
  it("'Самовывоз' and 'Доставка' with the words of each order's time", async () => {
    const pickup = etaView(kept("TAKE_AWAY", SATURDAY_NIGHT, Date.parse("2026-11-30T06:00:00Z"), "pre-order"), SATURDAY_NIGHT, "ru");
    const delivery = etaView(kept("DELIVERY", WEDNESDAY_NOON, WEDNESDAY_NOON + 40 * MINUTE), WEDNESDAY_NOON, "ru");
    await renderScreen({
      routeId: "routes/orders.repeat",
      path: "orders/repeat",
      Component: RepeatOrdersRoute,
      loader: () => ({
        orders: [
          { orderId: "2", number: "D-0002", date: "28 ноября", total: 117_000, currency: "RUB", restoName: "Демо Пицца на Тверской", count: 3, names: ["Борщ"], eta: pickup },
          { orderId: "1", number: "D-0001", date: "25 ноября", total: 117_000, currency: "RUB", restoName: "Демо Пицца на Тверской", count: 3, names: ["Борщ"], eta: delivery },
          { orderId: "0", number: "D-0000", date: "1 ноября", total: 39_000, currency: "RUB", restoName: null, count: 1, names: ["Борщ"], eta: null },
        ],
      }),
    });
    const etas = await screen.findAllByTestId("past-order-eta");
    expect(etas.map((p) => p.textContent)).toEqual(["Самовывоз 30 ноября к 09:00", "Доставка сегодня к 12:40"]);
    // an order kept before the times were: no line for it
    expect(screen.getAllByTestId("past-order")).toHaveLength(3);
  });
});
