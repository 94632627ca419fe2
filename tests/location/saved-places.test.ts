/**
 * Saved delivery places through the /location loader and action (issue 39 §1, ADR 180), demo mode without Redis
 * (the `sf_places` cookie): a signed-in customer's delivery save remembers its place; the popup offers them,
 * newest first, each checked against its city's zones today; one tap saves a place; one or all are forgotten;
 * sign-out keeps them; every bad form is a 4xx with a message in the customer's language; the cookie never passes
 * its budget, the oldest dropped first.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/location";
import { encodePlace, placeId } from "~/lib/saved-places";
import { signOutAction } from "~/features/auth/sign-out.server";
import { PLACES_COOKIE_BUDGET_BYTES } from "~server/places/saved-places";
import { messageOf } from "../answer";
import { routeArgs, contextOf, services } from "../context";
import { freshPhone, Jar, post as authPost, request, settle, twin } from "../auth/helpers";

beforeEach(async () => {
  await services().rateLimits.reset();
});

async function signIn(jar: Jar, phone = freshPhone()) {
  twin().store.forgetSms(phone);
  expect((await authPost(jar, { intent: "request-code", phone, redirectTo: "/" })).status).toBe(303);
  const code = twin().store.peekSmsCode(phone)!;
  expect((await authPost(jar, { intent: "verify", code })).status).toBe(303);
}

function locationRequest(jar: Jar, query: Record<string, string>, form?: Record<string, string>, language = "ru") {
  return request(`/location?${new URLSearchParams(query)}`, jar, { form, language });
}

async function popup(jar: Jar, query: Record<string, string> = {}, language = "ru") {
  const answer = await settle(async () => loader(await routeArgs(locationRequest(jar, query, undefined, language))), jar);
  return answer.body as { places: { id: string; address: string; apartment: string; unavailable: string | null; current: boolean; cityName: string | null }[] | null };
}

const act = async (jar: Jar, form: Record<string, string>, query: Record<string, string> = {}, language = "ru") =>
  settle(async () => action(await routeArgs(locationRequest(jar, query, form, language))), jar);

/** 'Сохранить' of a delivery address (a suggestion the twin knows) */
const saveDelivery = (jar: Jar, city: string, placeIdOfTwin: string, details: Record<string, string> = {}) =>
  act(jar, { intent: "save", city, method: "DELIVERY", placeId: placeIdOfTwin, ...details });

async function storefront(jar: Jar) {
  return (await contextOf(request("/", jar))).session.get("storefront");
}

describe("saved delivery places", () => {
  it("are remembered on a signed-in delivery save, offered newest first, and one tap saves one", async () => {
    const jar = new Jar();
    await signIn(jar);
    expect((await popup(jar)).places).toEqual([]);
    expect((await saveDelivery(jar, "115", "demo-addr-msk-tverskaya-7", { apartment: "12" })).status).toBe(303);
    expect((await saveDelivery(jar, "116", "demo-addr-kzn-baumana-44")).status).toBe(303);
    expect(jar.has("sf_places")).toBe(true);
    const { places } = await popup(jar);
    expect(places!.map((p) => [p.address, p.apartment, p.unavailable, p.current])).toEqual([
      ["улица Баумана, 44", "", null, true],
      ["Тверская улица, 7", "12", null, false],
    ]);
    // the popup's city is Kazan: the Moscow place names its city
    expect(places![1]!.cityName).toBe("Москва");

    // one tap: the Moscow place is the location again, with its apartment, and lands like a save
    const used = await act(jar, { intent: "use-place", place: places![1]!.id, redirectTo: "/cart" });
    expect(used.status).toBe(303);
    expect(used.location).toBe("/cart");
    const state = await storefront(jar);
    expect(state).toMatchObject({ city_id: 115, resto_id: 173, order_delivery_method: "DELIVERY" });
    expect(state.order_delivery_place).toMatchObject({ address: "Тверская улица, 7", apartment: "12" });
    expect((await popup(jar)).places!.map((p) => [p.address, p.current])).toEqual([
      ["Тверская улица, 7", true],
      ["улица Баумана, 44", false],
    ]);
  });

  it("forgets one place or all of them (303 back to the popup), and sign-out keeps them", async () => {
    const jar = new Jar();
    const phone = freshPhone();
    await signIn(jar, phone);
    await saveDelivery(jar, "115", "demo-addr-msk-tverskaya-7");
    await saveDelivery(jar, "115", "demo-addr-msk-tverskaya-7", { apartment: "5" });
    await saveDelivery(jar, "116", "demo-addr-kzn-baumana-44");
    let places = (await popup(jar)).places!;
    expect(places).toHaveLength(3);

    const forgot = await act(jar, { intent: "forget-place", place: places[1]!.id }, { city: "115", method: "DELIVERY" });
    expect(forgot.status).toBe(303);
    expect(forgot.location).toBe("/location?city=115&method=DELIVERY");
    places = (await popup(jar)).places!;
    expect(places.map((p) => [p.address, p.apartment])).toEqual([
      ["улица Баумана, 44", ""],
      ["Тверская улица, 7", ""],
    ]);
    // forgetting again (another tab did) is no error
    expect((await act(jar, { intent: "forget-place", place: "zzz" })).status).toBe(303);

    // sign-out keeps them: signed out the popup offers none; another person sees none; the same person has them back
    const signedOut = await settle(async () => signOutAction(await contextOf(request("/auth/sign-out", jar, { form: {} }))), jar);
    expect(signedOut.status).toBe(303);
    expect(jar.has("sf_places")).toBe(true);
    expect((await popup(jar)).places).toBeNull();
    await signIn(jar);
    expect((await popup(jar)).places).toEqual([]);
    await settle(async () => signOutAction(await contextOf(request("/auth/sign-out", jar, { form: {} }))), jar);
    await signIn(jar, phone);
    expect((await popup(jar)).places!.map((p) => p.address)).toEqual(["улица Баумана, 44", "Тверская улица, 7"]);

    expect((await act(jar, { intent: "forget-places" })).status).toBe(303);
    expect((await popup(jar)).places).toEqual([]);
  });

  it("shows a place outside every zone today but refuses to pick it, with the reason", async () => {
    const jar = new Jar();
    await signIn(jar);
    // a place saved when its zones were other than today's (written into the cookie as the store would)
    const { session, person } = await contextOf(request("/", jar));
    const owner = String((await person.get())!.personId);
    Object.assign(await session.get("places"), {
      owner,
      places: [
        encodePlace({
          cityId: 115,
          address: "Профсоюзная улица, 100",
          street: "Профсоюзная улица",
          houseNumber: "100",
          houseConfirmed: false,
          apartment: "",
          entrance: "",
          floor: "",
          intercom: "",
          comment: "",
          location: { lat: 55.645, lng: 37.523 },
          at: Date.now(),
        }),
      ],
    });
    jar.take(await session.commitHeaders());
    const { places } = await popup(jar);
    expect(places!.map((p) => [p.address, p.unavailable])).toEqual([["Профсоюзная улица, 100", "outsideZones"]]);
    const refused = await act(jar, { intent: "use-place", place: places![0]!.id });
    expect(refused.status).toBe(400);
    expect(messageOf(refused.body)).toBe("Адрес не входит в зону доставки");
    expect((await storefront(jar)).order_delivery_method).not.toBe("DELIVERY");
  });

  it("answers every bad form with a 4xx and a message in the customer's language", async () => {
    const anonymous = new Jar();
    const signedOut = await act(anonymous, { intent: "forget-places" });
    expect(signedOut.status).toBe(403);
    expect(messageOf(signedOut.body)).toBe("Войдите, чтобы пользоваться сохранёнными адресами");
    expect(messageOf((await act(anonymous, { intent: "use-place", place: "abc" }, {}, "en")).body)).toBe("Sign in to use your saved addresses");

    const jar = new Jar();
    await signIn(jar);
    const badForms: Record<string, string>[] = [
      { intent: "use-place" },
      { intent: "use-place", place: "../../etc" },
      { intent: "forget-place", place: "x".repeat(8) },
      { intent: "use-place", place: "abc", redirectTo: "/".repeat(2001) },
    ];
    for (const form of badForms) {
      const bad = await act(jar, form);
      expect(bad.status, JSON.stringify(form)).toBe(400);
      expect(messageOf(bad.body)).toBe("Не удалось выполнить запрос. Обновите страницу и попробуйте ещё раз");
    }
    const english = await act(jar, { intent: "forget-place" }, {}, "en");
    expect(english.status).toBe(400);
    expect(messageOf(english.body)).toBe("The request could not be processed. Reload the page and try again");
    const missing = await act(jar, { intent: "use-place", place: "abc" });
    expect(missing.status).toBe(404);
    expect(messageOf(missing.body)).toBe("Этого адреса больше нет среди сохранённых");
  });

  it("keeps the cookie within its budget: long places drop the oldest first, never an error", async () => {
    const jar = new Jar();
    await signIn(jar);
    const long = (n: number) => Array.from({ length: 150 }, (_, i) => String.fromCharCode(0x4e00 + ((n * 977 + i * 131) % 4096))).join("");
    for (let n = 0; n < 6; n++) {
      const answer = await saveDelivery(jar, "115", "demo-addr-msk-tverskaya-7", { apartment: String(n), comment: long(n) });
      expect(answer.status).toBe(303);
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("sf_places="));
      if (cookie) expect(Buffer.byteLength(cookie.split(";")[0]!)).toBeLessThanOrEqual(PLACES_COOKIE_BUDGET_BYTES);
    }
    const { places } = await popup(jar);
    expect(places!.length).toBeGreaterThan(0);
    expect(places!.length).toBeLessThan(5);
    // the newest first
    expect(places![0]!.apartment).toBe("5");
    expect(places!.every((p, i) => i === 0 || Number(p.apartment) < Number(places![i - 1]!.apartment))).toBe(true);
  });

  it("ids in forms are the places' own", async () => {
    const jar = new Jar();
    await signIn(jar);
    await saveDelivery(jar, "116", "demo-addr-kzn-baumana-44");
    const [place] = (await popup(jar)).places!;
    expect(place!.id).toBe(
      placeId({ cityId: 116, address: "улица Баумана, 44", street: "улица Баумана", apartment: "", location: { lat: 55.789, lng: 49.1225 } }),
    );
  });
});
