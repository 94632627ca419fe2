/**
 * Catalog loaders and actions called directly with Requests, against the demo twin (demo mode): the device
 * split, the position layer's add action (modifier min/max, 18+, bad input → 400 in the customer's language;
 * success → 303 to the menu with the cart cookie), the 18+ preference, search, promotions over home, restos.
 */
import { describe, expect, it } from "vitest";
import { fromJsonText, type JsonText } from "~/lib/json-text";
import { loader as homeLoader } from "~/routes/_index";
import { loader as menuLoader } from "~/routes/menus.$menuId";
import { loader as ageLoader } from "~/routes/menus.$menuId.age";
import { action as positionAction, loader as positionLoader } from "~/routes/menus.$menuId.positions.$positionId";
import { action as preferencesAction } from "~/routes/preferences";
import { loader as promotionsLoader } from "~/routes/promotions";
import { loader as promotionLoader } from "~/routes/promotions.$promotionId";
import { loader as restoLoader } from "~/routes/restos.$restoId";
import { loader as restosLoader } from "~/routes/restos._index";
import { loader as searchLoader } from "~/routes/search";
import { loader as termsLoader } from "~/routes/terms-of-sale";
import { contextOf, returningCustomerCookie, routeArgs } from "../context";


const BASE = "http://localhost";
const PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
/** a loader's or action's arguments, the request's context made as the root middleware makes it */
const args = async <P extends Record<string, string>>(request: Request, params: P = {} as P) => ({ ...(await routeArgs(request, params)), params });
const get = (path: string, headers: Record<string, string> = {}) => new Request(BASE + path, { headers });

function post(path: string, fields: [string, string][], cookie = "", lang = "ru") {
  return new Request(BASE + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "accept-language": lang },
  });
}

function cookieFrom(response: Response): string {
  return (response.headers.get("set-cookie") ?? "")
    .split(/,(?=\s*[a-z_]+=)/i)
    .map((c) => c.split(";")[0]!.trim())
    .filter(Boolean)
    .join("; ");
}

/** Unwraps React Router `data()` results and thrown responses into { status, body }. */
async function settle(run: () => Promise<unknown>): Promise<{ status: number; body: unknown; response?: Response }> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, body: null, response: result };
    if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
      const d = result as unknown as { data: unknown; init: { status?: number } | null };
      return { status: d.init?.status ?? 200, body: d.data };
    }
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null, response: thrown };
    const d = thrown as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 500, body: d.data };
  }
}

type PositionError = { errors: string[]; groupErrors: Record<number, string> };
const MARGHERITA = { menuId: "501", positionId: "10001" };
const SIZE_GROUP = 100011;
const TOPPINGS = 100012;

describe("catalog pages", () => {
  it("gives a desktop every menu and a phone the mobile home", async () => {
    const cookie = await returningCustomerCookie();
    const desktop = (await settle(async () => homeLoader(await args(get("/", { cookie }))))).body as { device: string; menus: JsonText<unknown[]>; menuList: { id: number }[]; promotions: unknown[] };
    expect(desktop.device).toBe("desktop");
    // the menus travel as one JSON string (ADR 120), which parses back to the views
    expect(typeof desktop.menus).toBe("string");
    expect(JSON.parse(desktop.menus)).toHaveLength(3);
    const phone = (await settle(async () => homeLoader(await args(get("/", { "user-agent": PIXEL, cookie }))))).body as typeof desktop;
    expect(phone.device).toBe("mobile");
    expect(fromJsonText(phone.menus)).toEqual([]);
    expect(phone.menuList.map((m) => m.id)).toEqual([501, 502, 503]);
    expect(phone.promotions.length).toBeGreaterThan(0);
  });

  it("shows one menu on a phone's menu page; a menu the resto does not offer redirects home", async () => {
    const page = (await settle(async () => menuLoader(await args(get("/menus/502", { "user-agent": PIXEL }), { menuId: "502" })))).body as { menus: JsonText<{ id: number }[]> };
    expect(fromJsonText(page.menus).map((m) => m.id)).toEqual([502]);
    for (const id of ["504", "abc"]) {
      const answer = await settle(async () => menuLoader(await args(get(`/menus/${id}`), { menuId: id })));
      expect(answer.status).toBe(302);
      expect(answer.response?.headers.get("location")).toBe("/");
    }
  });

  it("names the position that just went into the cart", async () => {
    const page = (await settle(async () => menuLoader(await args(get("/menus/501?added=10001"), { menuId: "501" })))).body as { added: string | null };
    expect(page.added).toBe("Маргарита");
  });
});

describe("position layer", () => {
  it("loads the position with its modifiers; an unknown one redirects home", async () => {
    const page = (await settle(async () => positionLoader(await args(get("/menus/501/positions/10001"), MARGHERITA)))).body as {
      position: { name: string; modifiers: { id: number; minCount: number; maxCount: number }[] };
      menuUrl: string;
    };
    expect(page.position.name).toBe("Маргарита");
    expect(page.menuUrl).toBe("/menus/501");
    expect(page.position.modifiers.map((m) => [m.id, m.minCount, m.maxCount])).toEqual([
      [SIZE_GROUP, 1, 1],
      [TOPPINGS, 0, 3],
    ]);
    const unknown = await settle(async () => positionLoader(await args(get("/menus/501/positions/99999"), { menuId: "501", positionId: "99999" })));
    expect(unknown.status).toBe(302);
    expect(unknown.response?.headers.get("location")).toBe("/");
  });

  it("refuses a choice below a group's minimum with 400 and a message, keeping the cart", async () => {
    const result = await settle(async () => positionAction(await args(post("/menus/501/positions/10001", [["intent", "add"], ["count", "1"]]), MARGHERITA)));
    expect(result.status).toBe(400);
    expect((result.body as PositionError).groupErrors[SIZE_GROUP]).toBe("«Выберите размер»: выберите хотя бы 1");
  });

  it("refuses more than a group's maximum with 400, in the customer's language", async () => {
    const fields: [string, string][] = [
      ["intent", "add"],
      ["modifier", `${SIZE_GROUP}:102:1`],
      ...[201, 202, 203, 204].map((item): [string, string] => ["modifier", `${TOPPINGS}:${item}:1`]),
    ];
    const ru = await settle(async () => positionAction(await args(post("/menus/501/positions/10001", fields), MARGHERITA)));
    expect(ru.status).toBe(400);
    expect((ru.body as PositionError).groupErrors[TOPPINGS]).toBe("«Добавить по вкусу»: можно выбрать не больше 3");
    const en = await settle(async () => positionAction(await args(post("/menus/501/positions/10001", fields, "", "en"), MARGHERITA)));
    expect((en.body as PositionError).groupErrors[TOPPINGS]).toBe("“Добавить по вкусу”: you can choose at most 3");
  });

  it("answers bad input with 400, never a 500", async () => {
    const bad = await settle(async () => positionAction(await args(post("/menus/501/positions/10001", [["intent", "add"], ["count", "1000"]]), MARGHERITA)));
    expect(bad.status).toBe(400);
    expect((bad.body as PositionError).errors).toEqual(["Проверьте выбор и попробуйте снова"]);
    const forged = await settle(async () => positionAction(await args(post("/menus/501/positions/10001", [["intent", "add"], ["modifier", "1:2:3"]]), MARGHERITA)));
    expect(forged.status).toBe(400);
  });

  it("adds a valid choice and goes back (303) to the menu with the cart cookie", async () => {
    const result = await settle(async () =>
      positionAction(await args(post("/menus/501/positions/10001", [["intent", "add"], ["count", "2"], ["modifier", `${SIZE_GROUP}:102:1`], ["modifier", `${TOPPINGS}:202:1`]]), MARGHERITA)),
    );
    expect(result.status).toBe(303);
    expect(result.response!.headers.get("location")).toBe("/menus/501?added=10001");
    const state = await (await contextOf(get("/", { cookie: cookieFrom(result.response!) }))).session.get("storefront");
    expect(state.cart_positions).toEqual([
      {
        positionId: 10001,
        menuId: 501,
        count: 2,
        modifiers: [
          { modifierGroupId: SIZE_GROUP, itemId: 102, count: 1 },
          { modifierGroupId: TOPPINGS, itemId: 202, count: 1 },
        ],
      },
    ]);
  });

  it("keeps 18+ positions behind the age confirmation, which the preferences remember", async () => {
    const beer = { menuId: "502", positionId: "20001" };
    const hidden = (await settle(async () => positionLoader(await args(get("/menus/502/positions/20001"), beer)))).body as { ageRequired: boolean; position: unknown };
    expect(hidden).toMatchObject({ ageRequired: true, position: null });
    const refused = await settle(async () => positionAction(await args(post("/menus/502/positions/20001", [["intent", "add"]]), beer)));
    expect(refused.status).toBe(400);
    expect((refused.body as PositionError).errors).toEqual(["Подтвердите, что вам исполнилось 18 лет"]);

    const confirmed = await settle(async () => preferencesAction(await args(post("/preferences", [["intent", "adult"], ["redirectTo", "/menus/502#group-502-50201"]]))));
    expect(confirmed.status).toBe(303);
    expect(confirmed.response!.headers.get("location")).toBe("/menus/502#group-502-50201");
    const cookie = cookieFrom(confirmed.response!);
    // the dialog route asks only until confirmed, then sends back to the section
    const asking = (await settle(async () => ageLoader(await args(get("/menus/502/age?section=group-502-50201"), { menuId: "502" })))).body;
    expect(asking).toEqual({ menuUrl: "/menus/502", returnTo: "/menus/502#group-502-50201" });
    const done = await settle(async () => ageLoader(await args(get("/menus/502/age?section=<x>", { cookie }), { menuId: "502" })));
    expect(done.response!.headers.get("location")).toBe("/menus/502");
    const shown = (await settle(async () => positionLoader(await args(get("/menus/502/positions/20001", { cookie }), beer)))).body as { position: { name: string } };
    expect(shown.position.name).toBe("Жигулёвское");
    const added = await settle(async () => positionAction(await args(post("/menus/502/positions/20001", [["intent", "add"]], cookie), beer)));
    expect(added.status).toBe(303);
    // an off-site redirect target is refused
    const offsite = await settle(async () => preferencesAction(await args(post("/preferences", [["intent", "adult"], ["redirectTo", "//evil.example"]]))));
    expect(offsite.response!.headers.get("location")).toBe("/");
  });
});

describe("search, promotions, restos, terms", () => {
  it("searches the current resto's positions by part of the name", async () => {
    const found = (await settle(async () => searchLoader(await args(get("/search?q=%D0%BC%D0%B0%D1%80%D0%B3%D0%B0%D1%80"))))).body as { results: { name: string }[] };
    expect(found.results.map((r) => r.name)).toContain("Маргарита");
    const none = (await settle(async () => searchLoader(await args(get("/search?q=zzzz&from=https://evil.example"))))).body as { results: unknown[]; back: string };
    expect(none.results).toEqual([]);
    expect(none.back).toBe("/");
  });

  it("puts a promotion over the list, or over home when arriving from home", async () => {
    const list = (await settle(async () => promotionsLoader(await args(get("/promotions/301"), { promotionId: "301" })))).body as { kind: string };
    expect(list.kind).toBe("list");
    const home = (await settle(async () => promotionsLoader(await args(get("/promotions/301?from=home"), { promotionId: "301" })))).body as { kind: string };
    expect(home.kind).toBe("home");
    const fromList = (await settle(async () => promotionLoader(await args(get("/promotions/301"), { promotionId: "301" })))).body as { closeTo: string; promotion: { title: string } };
    expect(fromList).toMatchObject({ closeTo: "/promotions", promotion: { title: "Скидка 10 % на первый заказ" } });
    const fromHome = (await settle(async () => promotionLoader(await args(get("/promotions/301?from=home"), { promotionId: "301" })))).body as { closeTo: string };
    expect(fromHome.closeTo).toBe("/");
    expect((await settle(async () => promotionLoader(await args(get("/promotions/305"), { promotionId: "305" })))).status).toBe(404);
  });

  // ADR 226: one page, one address. Number() read all of these as the same id, so a menu, a position, a promotion and
  // a restaurant answered at many addresses.
  const OTHER_SPELLINGS = (id: number) => [`0x${id.toString(16)}`, `${id}.0`, `${id / 100}e2`, `+${id}`, `0${id}`, ` ${id}`, `${id}e0`];

  it("answers an id only as the storefront writes it: another spelling of a menu or position is an unknown path (home)", async () => {
    for (const menuId of OTHER_SPELLINGS(501)) {
      const menu = await settle(async () => menuLoader(await args(get(`/menus/${encodeURIComponent(menuId)}`), { menuId })));
      expect([menu.status, menu.response?.headers.get("location")], menuId).toEqual([302, "/"]);
      const position = await settle(async () => positionLoader(await args(get(`/menus/${encodeURIComponent(menuId)}/positions/10001`), { menuId, positionId: "10001" })));
      expect([position.status, position.response?.headers.get("location")], menuId).toEqual([302, "/"]);
    }
    for (const positionId of OTHER_SPELLINGS(10001)) {
      const position = await settle(async () => positionLoader(await args(get(`/menus/501/positions/${encodeURIComponent(positionId)}`), { menuId: "501", positionId })));
      expect([position.status, position.response?.headers.get("location")], positionId).toEqual([302, "/"]);
    }
  });

  it("answers an id only as the storefront writes it: another spelling of a promotion or a restaurant is a 404", async () => {
    for (const promotionId of OTHER_SPELLINGS(301)) {
      const answer = await settle(async () => promotionLoader(await args(get(`/promotions/${encodeURIComponent(promotionId)}`), { promotionId })));
      expect(answer.status, promotionId).toBe(404);
    }
    for (const restoId of OTHER_SPELLINGS(173)) {
      const answer = await settle(async () => restoLoader(await args(get(`/restos/${encodeURIComponent(restoId)}`), { restoId })));
      expect(answer.status, restoId).toBe(404);
    }
  });

  it("lists the city's restaurants and shows one of this brand only", async () => {
    const list = (await settle(async () => restosLoader(await args(get("/restos"))))).body as { restos: { id: number; state: { state: string } }[] };
    expect(list.restos.map((r) => r.id)).toEqual([173, 174, 175]);
    expect(list.restos.find((r) => r.id === 175)!.state.state).toBe("day-off");
    const kazan = (await settle(async () => restoLoader(await args(get("/restos/176"), { restoId: "176" })))).body as { resto: { state: { state: string }; week: unknown[] } };
    expect(kazan.resto.state.state).toBe("round-the-clock");
    expect(kazan.resto.week).toHaveLength(7);
    expect((await settle(async () => restoLoader(await args(get("/restos/999"), { restoId: "999" })))).status).toBe(404);
  });

  it("serves the brand's terms of sale", async () => {
    const terms = (await settle(async () => termsLoader(await args(get("/terms-of-sale"))))).body as { text: string; canonical: string };
    expect(terms.text).toContain("платёжный шлюз");
    expect(terms.canonical).toBe("http://localhost/terms-of-sale");
  });
});
