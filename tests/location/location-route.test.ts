/**
 * The /location loader and action called directly with Requests. The upstream and Google answers come from
 * the twin's msw handlers (demo mode: services().demo.fetch answers through msw's getResponse).
 */
import { afterEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/location";
import { messageOf } from "../answer";
import { routeArgs, contextOf, services } from "../context";

const BASE = "http://localhost";

type LoaderResult = Awaited<ReturnType<typeof loader>>;
type ActionResult = Awaited<ReturnType<typeof action>>;

async function load(query: Record<string, string>, cookie = "") {
  const request = new Request(`${BASE}/location?${new URLSearchParams(query)}`, { headers: { cookie } });
  const result: LoaderResult = await loader(await routeArgs(request));
  return result.data.view;
}

async function post(fields: Record<string, string>, cookie = "") {
  const body = new URLSearchParams({ intent: "save", ...fields });
  const request = new Request(`${BASE}/location`, {
    method: "POST",
    body,
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  return (await action(await routeArgs(request))) as ActionResult;
}

function isResponse(value: unknown): value is Response {
  return value instanceof Response;
}

/** The cookie header a browser would send after this answer. */
function cookieFrom(response: Response, previous = ""): string {
  const set = response.headers.get("set-cookie");
  if (!set) return previous;
  return set
    .split(/,(?=\s*[a-z_]+=)/i)
    .map((c) => c.split(";")[0]!.trim())
    .join("; ");
}

async function stateOf(cookie: string) {
  return (await contextOf(new Request(BASE, { headers: { cookie } }))).session.get("storefront");
}

const brand = services().config.brand;
const savedDefault = brand.defaultLocation;
afterEach(() => {
  services().config.brand.defaultLocation = savedDefault;
});

describe("/location loader", () => {
  it("answers 'Адрес не найден' when geocoding finds nothing in the city", async () => {
    const view = await load({ city: "115", method: "DELIVERY", q: "Несуществующая улица 999" });
    expect(view.error).toBe("Адрес не найден");
    expect(view.address).toBeNull();
    expect(view.zone).toBeNull();
  });

  it("switching to delivery keeps the resto in the unchanged city only (before any address)", async () => {
    expect((await load({ city: "115", method: "DELIVERY" })).restoId).toBe(173);
    expect((await load({ city: "116", method: "DELIVERY" })).restoId).toBeNull();
  });

  it("does not take an address of another city (geocoding is restricted to the city's bounds)", async () => {
    const view = await load({ city: "115", method: "DELIVERY", q: "Баумана 44" });
    expect(view.error).toBe("Адрес не найден");
  });

  it("refuses an address outside every zone with the spec's message and selects no resto", async () => {
    const view = await load({ city: "115", method: "DELIVERY", q: "Профсоюзная 100" });
    expect(view.address?.formatted).toBe("Профсоюзная улица, 100");
    expect(view.error).toBe("Адрес не входит в зону доставки");
    expect(view.zone).toBeNull();
    expect(view.restoId).toBeNull();
  });

  it("matches an address to its zone and selects the zone's resto", async () => {
    const north = await load({ city: "115", method: "DELIVERY", q: "проспект Мира 119" });
    expect(north.error).toBeNull();
    expect(north.restoId).toBe(175);
    const centre = await load({ city: "115", method: "DELIVERY", placeId: "demo-addr-msk-tverskaya-7" });
    expect(centre.restoId).toBe(173);
    expect(centre.zone?.thresholds.length).toBeGreaterThan(0);
  });

  it("names a map point by reverse geocoding and keeps the point where it was put", async () => {
    const view = await load({ city: "115", method: "DELIVERY", lat: "55.7576", lng: "37.6121" });
    expect(view.address?.formatted).toBe("Тверская улица, 7");
    expect(view.address?.location).toEqual({ lat: 55.7576, lng: 37.6121 });
    expect(view.restoId).toBe(173);
  });

  it("names a point without a street 'Точка на карте' (and it needs the house confirmation)", async () => {
    const view = await load({ city: "115", method: "DELIVERY", lat: "55.6", lng: "37.4" });
    expect(view.address?.formatted).toBe("Точка на карте");
    expect(view.address?.street).toBeNull();
    expect(view.error).toBe("Адрес не входит в зону доставки");
  });

  it("switching to takeaway selects the first point (sorted by order then address)", async () => {
    const view = await load({ city: "115", method: "TAKE_AWAY" });
    expect(view.points.map((p) => p.id)).toEqual([173, 174, 175]);
    expect(view.restoId).toBe(173);
    expect(view.methods).toEqual(["DELIVERY", "TAKE_AWAY"]);
  });

  it("shows the area message of a city without restaurants", async () => {
    const view = await load({ city: "117" });
    expect(view.areaMessage).toBe("noRestos");
    expect(view.methods).toEqual([]);
  });

  it("is persistent and prefilled with the brand default on a first visit; closable once a city is saved (ADR 090)", async () => {
    const first = await load({});
    expect(first.persistent).toBe(true);
    expect(first).toMatchObject({ step: "deliveryMethodSelection", method: "TAKE_AWAY", restoId: 173 });
    expect(first.city?.id).toBe(115);
    // one 'Сохранить' confirms the default
    const saved = (await post(first.query)) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/?saved=1");
    // a first save: home is told to check that its cookie came back (ADR 227)
    expect(await stateOf(cookieFrom(saved))).toMatchObject({ city_id: 115, resto_id: 173, order_delivery_method: "TAKE_AWAY" });
    expect((await load({}, cookieFrom(saved))).persistent).toBe(false);
    services().config.brand.defaultLocation = null;
    const view = await load({});
    expect(view.persistent).toBe(true);
    expect(view.step).toBe("citySelection");
  });
});

describe("/location save action", () => {
  it("refuses an address outside every zone with 400 and writes nothing", async () => {
    const response = await post({ city: "115", method: "DELIVERY", q: "Профсоюзная 100" });
    expect(isResponse(response)).toBe(false);
    const result = response as Exclude<ActionResult, Response>;
    expect(result.init?.status).toBe(400);
    // the address field's message, and the draft as sent (ADR 103)
    expect(result.data).toMatchObject({ status: "error", error: { q: ["Адрес не входит в зону доставки"] }, initialValue: { q: "Профсоюзная 100" } });
  });

  it("answers bad input with 400 and a message, never a 500", async () => {
    const body = new URLSearchParams({ intent: "delete-everything" });
    const request = new Request(`${BASE}/location`, { method: "POST", body });
    const result = (await action(await routeArgs(request))) as Exclude<ActionResult, Response>;
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ status: "error", error: { "": ["Не удалось выполнить запрос"] } });
  });

  it("asks to confirm a missing house number, then saves the confirmed address", async () => {
    const first = await post({ city: "115", method: "DELIVERY", q: "Никольская" });
    expect(isResponse(first)).toBe(true);
    const ask = first as Response;
    expect(ask.status).toBe(303);
    const location = new URL(ask.headers.get("location")!, BASE);
    expect(location.pathname).toBe("/location");
    expect(location.searchParams.get("confirm")).toBe("1");
    expect(ask.headers.get("set-cookie")).toBeNull();
    // the dialog shows on the page the redirect leads to
    expect((await load(Object.fromEntries(location.searchParams))).confirm).toBe(true);

    const fields = Object.fromEntries(location.searchParams);
    delete fields.confirm;
    const saved = (await post({ ...fields, houseConfirmed: "1" })) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/?saved=1");
    const state = await stateOf(cookieFrom(saved));
    expect(state.city_id).toBe(115);
    expect(state.order_delivery_method).toBe("DELIVERY");
    expect(state.resto_id).toBe(173);
    expect(state.order_delivery_place).toMatchObject({ street: "Никольская улица", houseNumber: null, houseConfirmed: true });
  });

  it("a city chosen in the popup replaces the stored one only after save", async () => {
    // saved: Moscow, takeaway at Arbat
    const first = (await post({ city: "115", method: "TAKE_AWAY", resto: "174" })) as Response;
    const cookie = cookieFrom(first);
    expect((await stateOf(cookie)).resto_id).toBe(174);

    // before save: choosing Kazan loads Kazan's restos and zones, the cookie still says Moscow
    const draft = await load({ city: "116" }, cookie);
    expect(draft.city?.id).toBe(116);
    expect(draft.points.map((p) => p.id)).toEqual([176]);
    expect(draft.zones.map((z) => z.restoId)).toEqual([176]);
    const reopened = await load({}, cookie);
    expect(reopened.city?.id).toBe(115);
    expect(reopened.method).toBe("TAKE_AWAY");
    expect(reopened.restoId).toBe(174);

    // after save: Kazan, delivery to a Kazan address, the zone's resto
    const saved = (await post({ city: "116", method: "DELIVERY", q: "Баумана 44", apartment: "5" }, cookie)) as Response;
    expect(saved.status).toBe(303);
    const after = cookieFrom(saved, cookie);
    const state = await stateOf(after);
    expect(state).toMatchObject({ city_id: 116, resto_id: 176, order_delivery_method: "DELIVERY" });
    expect(state.order_delivery_place).toMatchObject({ address: "улица Баумана, 44", apartment: "5" });
    const view = await load({}, after);
    expect(view.city?.id).toBe(116);
    expect(view.address?.formatted).toBe("улица Баумана, 44");
    expect(view.details.apartment).toBe("5");
  });

  it("clears the delivery place for takeaway and falls back to an available payment method", async () => {
    const delivery = (await post({ city: "115", method: "DELIVERY", q: "Тверская 7" })) as Response;
    let cookie = cookieFrom(delivery);
    // the customer had chosen card online; Kazan delivery does not take it
    const { session } = await contextOf(new Request(BASE, { headers: { cookie } }));
    const state = await session.get("storefront");
    state.order_payment_method = "CARD_ONLINE";
    cookie = cookieFrom(new Response(null, { headers: await session.commitHeaders() }), cookie);

    const kazan = (await post({ city: "116", method: "DELIVERY", q: "Баумана 44" }, cookie)) as Response;
    cookie = cookieFrom(kazan, cookie);
    expect((await stateOf(cookie)).order_payment_method).toBe("CARD_UPON_RECEIPT");

    const takeaway = (await post({ city: "116", method: "TAKE_AWAY", resto: "176" }, cookie)) as Response;
    const after = await stateOf(cookieFrom(takeaway, cookie));
    expect(after.order_delivery_place).toBeNull();
    expect(after.resto_id).toBe(176);
  });

  it("lands on home, not on the previous restaurant's menu URL, after switching restaurants (#15 §2)", async () => {
    const first = (await post({ city: "115", method: "TAKE_AWAY", resto: "173", redirectTo: "/menus/501" })) as Response;
    expect(first.headers.get("location")).toBe("/?saved=1");
    const cookie = cookieFrom(first);
    // same restaurant and method, only reopened: the menu URL stays valid and is kept
    const delivery = (await post({ city: "115", method: "TAKE_AWAY", resto: "173", redirectTo: "/menus/501" }, cookie)) as Response;
    expect(delivery.headers.get("location")).toBe("/menus/501");
    const arbat = (await post({ city: "115", method: "TAKE_AWAY", resto: "174", redirectTo: "/menus/501" }, cookie)) as Response;
    expect(arbat.status).toBe(303);
    expect(arbat.headers.get("location")).toBe("/");
    // other pages are kept
    const cart = (await post({ city: "115", method: "TAKE_AWAY", resto: "173", redirectTo: "/cart" }, cookieFrom(arbat, cookie))) as Response;
    expect(cart.headers.get("location")).toBe("/cart");
  });

  it("skips validation when nothing changed", async () => {
    const first = (await post({ city: "115", method: "TAKE_AWAY", resto: "173" })) as Response;
    const cookie = cookieFrom(first);
    const again = (await post({ city: "115", method: "TAKE_AWAY", resto: "173" }, cookie)) as Response;
    expect(again.status).toBe(303);
    expect(again.headers.get("set-cookie")).toBeNull();
  });
});

describe("/location save with a cart", () => {
  it("runs the cart validity check and does not save when the cart is invalid for the new resto", async () => {
    const { saveLocation } = await import("~/features/location/save.server");
    const { upstream, geo } = services();
    const calls: unknown[] = [];
    const state = { cart_positions: [], city_id: 115, resto_id: 173, order_delivery_method: "TAKE_AWAY" as const };
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "save", city: "116", method: "TAKE_AWAY", resto: "176" })) form.set(k, v);
    const outcome = await saveLocation(form, state, "ru", {
      upstream,
      geo,
      brand: services().config.brand,
      checkCart: async (input) => {
        calls.push(input);
        return { valid: false, message: "Позиции корзины нет в меню заведения" };
      },
    });
    expect(calls).toEqual([{ restoId: 176, method: "TAKE_AWAY", place: null }]);
    expect(outcome).toMatchObject({ kind: "invalid", message: "Позиции корзины нет в меню заведения" });
    expect(state).toMatchObject({ city_id: 115, resto_id: 173 });
  });
});

describe("/location save with the cart's validity check (twin preflight)", () => {
  async function cookieWithCart(): Promise<string> {
    const { DEMO_MENU_IDS, DEMO_NOTABLE } = await import("~server/demo/data");
    const { session } = await contextOf(new Request(BASE));
    const state = await session.get("storefront");
    state.cart_positions = [{ positionId: DEMO_NOTABLE.pizzaOfDay, menuId: DEMO_MENU_IDS.main, count: 2, modifiers: [] }];
    return cookieFrom(new Response(null, { headers: await session.commitHeaders() }));
  }

  it("refuses a location whose resto does not have the cart's positions, keeping location and cart", async () => {
    const cookie = await cookieWithCart();
    const result = (await post({ city: "116", method: "TAKE_AWAY", resto: "176" }, cookie)) as Exclude<ActionResult, Response>;
    expect(result.init?.status).toBe(400);
    expect(messageOf(result.data as Record<string, unknown>)).toMatch(/недоступна/);
    const state = await stateOf(cookie);
    expect(state.city_id).toBeUndefined();
    expect(state.cart_positions).toHaveLength(1);
  });

  it("saves a location whose resto has them", async () => {
    const cookie = await cookieWithCart();
    const saved = (await post({ city: "115", method: "DELIVERY", q: "Тверская 7" }, cookie)) as Response;
    expect(saved.status).toBe(303);
    const state = await stateOf(cookieFrom(saved, cookie));
    expect(state).toMatchObject({ city_id: 115, resto_id: 173, order_delivery_method: "DELIVERY" });
    expect(state.cart_positions).toHaveLength(1);
  });
});

describe("home on a first visit (spec §4 boot, ADR 090)", () => {
  const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
  const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  const home = async (headers: Record<string, string>) => {
    const { loader: homeLoader } = await import("~/routes/_index");
    try {
      return await homeLoader(await routeArgs(new Request(`${BASE}/`, { headers })));
    } catch (thrown) {
      return thrown;
    }
  };

  it("opens the location popup first for a customer without a saved city, even with a brand default", async () => {
    const answer = await home({ "user-agent": PHONE });
    expect(isResponse(answer) && answer.status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe("/location");
  });

  it("shows a returning customer and a crawler the menu", async () => {
    const saved = cookieFrom((await post({ city: "115", method: "TAKE_AWAY", resto: "174" })) as Response);
    expect(isResponse(await home({ "user-agent": PHONE, cookie: saved }))).toBe(false);
    expect(isResponse(await home({ "user-agent": GOOGLEBOT }))).toBe(false);
  });

  it("after a first save whose cookie came back, shows the same page without the mark (ADR 227)", async () => {
    const saved = (await post({ city: "115", method: "TAKE_AWAY", resto: "174" })) as Response;
    const target = saved.headers.get("location")!;
    expect(target).toBe("/?saved=1");
    const { loader: homeLoader } = await import("~/routes/_index");
    const answer = await homeLoader(await routeArgs(new Request(BASE + target, { headers: { cookie: cookieFrom(saved) } }))).catch((thrown: unknown) => thrown);
    expect(isResponse(answer) && [answer.status, answer.headers.get("location")]).toEqual([302, "/"]);
    // other parameters of the page are kept
    const withQuery = await homeLoader(await routeArgs(new Request(`${BASE}/?utm_source=qr&saved=1`, { headers: { cookie: cookieFrom(saved) } }))).catch((thrown: unknown) => thrown);
    expect(isResponse(withQuery) && withQuery.headers.get("location")).toBe("/?utm_source=qr");
    // a later save is not marked
    const again = (await post({ city: "115", method: "TAKE_AWAY", resto: "173" }, cookieFrom(saved))) as Response;
    expect(again.headers.get("location")).toBe("/");
  });

  it("after a first save whose cookie the browser did not keep, opens the popup saying so (ADR 227)", async () => {
    const saved = (await post({ city: "115", method: "TAKE_AWAY", resto: "174" })) as Response;
    expect(saved.headers.get("set-cookie")).toBeTruthy();
    // the browser drops the cookie: the redirect home arrives without it
    const { loader: homeLoader } = await import("~/routes/_index");
    const back = await homeLoader(await routeArgs(new Request(BASE + saved.headers.get("location")!, { headers: { "user-agent": PHONE } }))).catch((thrown: unknown) => thrown);
    expect(isResponse(back) && [back.status, back.headers.get("location")]).toEqual([302, "/location?cookies=refused"]);
    const popup: LoaderResult = await loader(await routeArgs(new Request(BASE + "/location?cookies=refused")));
    expect(popup.data.choiceNotKept).toBe(true);
    expect(popup.data.view.persistent).toBe(true);
    // the same address with a kept city (the customer allowed cookies and chose again) says nothing
    const kept: LoaderResult = await loader(await routeArgs(new Request(BASE + "/location?cookies=refused", { headers: { cookie: cookieFrom(saved) } })));
    expect(kept.data.choiceNotKept).toBe(false);
    expect((await loader(await routeArgs(new Request(BASE + "/location")))).data.choiceNotKept).toBe(false);
  });

  it("sends even a crawler to the popup when there is no default to show", async () => {
    services().config.brand.defaultLocation = null;
    const answer = await home({ "user-agent": GOOGLEBOT });
    expect(isResponse(answer) && answer.status).toBe(302);
  });
});
