import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { seal } from "~server/crypto";
import { cookiePurpose, CookieTooLargeError, openedOnce, renewCartId, type RequestSession, type StorefrontState } from "~server/session";
import { contextOf } from "../context";

/** The cookies of one request, as its context holds them (every loader and action of the request shares them). */
async function sessionOf(request: Request): Promise<RequestSession> {
  return (await contextOf(request)).session;
}

function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("cookie sessions", () => {
  it("shares one state per request and commits only what changed, once", async () => {
    const session = await sessionOf(new Request("http://localhost/"));
    const a = await session.get("storefront");
    const b = await session.get("storefront");
    expect(a).toBe(b);
    a.cart_positions.push({ positionId: 1, menuId: 2, count: 3, modifiers: [] });
    a.city_id = 115;
    const headers = await session.commitHeaders();
    const cookies = headers.getSetCookie();
    // the storefront cookie (changed) — not auth or prefs, which were never touched
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^sf_state=/);
    expect(cookies[0]).toMatch(/HttpOnly/);
    expect(cookies[0]).toMatch(/SameSite=Lax/);
    // committing again writes nothing new
    expect((await session.commitHeaders()).getSetCookie()).toHaveLength(0);

    const next = new Request("http://localhost/", { headers: { Cookie: cookieHeaderFrom(headers) } });
    const restored = await (await contextOf(next)).session.get("storefront");
    expect(restored.city_id).toBe(115);
    expect(restored.cart_positions).toEqual([{ positionId: 1, menuId: 2, count: 3, modifiers: [] }]);
  });

  it("reads a tampered or foreign cookie as empty state instead of failing", async () => {
    const session = await sessionOf(new Request("http://localhost/", { headers: { Cookie: "sf_state=v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA; sf_auth=%7B%22x%22%3A1%7D" } }));
    expect((await session.get("storefront")).cart_positions).toEqual([]);
    expect((await session.get("auth")).person_token_set).toBeUndefined();
  });

  it("refuses a cookie over 4,096 bytes, keeping the previous one in the browser", async () => {
    const session = await sessionOf(new Request("http://localhost/"));
    const state = await session.get("storefront");
    // incompressible data: random-looking comments in the order draft
    state.order_delivery_place = {
      address: Array.from({ length: 300 }, (_, i) => String.fromCharCode(0x400 + ((i * 7919) % 256))).join(""),
      street: null,
      houseNumber: null,
      houseConfirmed: false,
      apartment: "",
      entrance: "",
      floor: "",
      intercom: "",
      comment: "",
      location: { lat: 1, lng: 2 },
    };
    for (let i = 0; i < 400; i++) state.cart_positions.push({ positionId: (i * 7907) % 100_003, menuId: i * 31, count: (i % 9) + 1, modifiers: [] });
    await expect(session.commitHeaders()).rejects.toBeInstanceOf(CookieTooLargeError);
  });

  it("never writes another cookie past 4,096 bytes either, and never fails the answer for one (ADR 144)", async () => {
    const session = await sessionOf(new Request("http://localhost/"));
    (await session.get("prefs")).app_locale = "en";
    // a sign-in whose tokens the upstream made too large: nothing the customer could make smaller
    const incompressible = randomBytes(4000).toString("base64");
    (await session.get("auth")).person_token_set = { accessToken: incompressible, refreshToken: "r", source: "PHONE" };
    const cookies = (await session.commitHeaders()).getSetCookie();
    expect(cookies.map((c) => c.split("=")[0])).toEqual(["sf_prefs"]);
    // left out once: the commit at the end of the request does not try it again
    expect((await session.commitHeaders()).getSetCookie()).toHaveLength(0);
  });

  it("refuses an over-large cart cookie before anything is marked sent: what did fit goes at the next commit", async () => {
    const session = await sessionOf(new Request("http://localhost/"));
    (await session.get("prefs")).person_cookies_consent_accepted = true;
    const state = await session.get("storefront");
    state.order_comment = "c";
    for (let i = 0; i < 400; i++) state.cart_positions.push({ positionId: (i * 7907) % 100_003 + 1, menuId: i * 31 + 1, count: (i % 9) + 1, modifiers: [] });
    await expect(session.commitHeaders()).rejects.toBeInstanceOf(CookieTooLargeError);
    state.cart_positions = state.cart_positions.slice(0, 3);
    const names = (await session.commitHeaders()).getSetCookie().map((c) => c.split("=")[0]);
    expect(names.sort()).toEqual(["sf_prefs", "sf_state"]);
  });

  it("commits what fits and says what did not, for an answer that tells the customer itself", async () => {
    const session = await sessionOf(new Request("http://localhost/"));
    (await session.get("prefs")).person_adulthood_confirmed = true;
    const state = await session.get("storefront");
    for (let i = 0; i < 400; i++) state.cart_positions.push({ positionId: (i * 7907) % 100_003 + 1, menuId: i * 31 + 1, count: (i % 9) + 1, modifiers: [] });
    const { headers, refused } = await session.commitWhatFits();
    expect(refused).toEqual(["storefront"]);
    expect(headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(["sf_prefs"]);
    // asked again with nothing changed, it is still not written, and says so: a caller that drops something that was
    // not there (ADR 214's shedding) must not read "it fits now"
    expect((await session.commitWhatFits()).refused).toEqual(["storefront"]);
    // the request's last commit (the middleware's) neither throws nor writes it
    expect((await session.commitHeaders()).getSetCookie()).toHaveLength(0);
  });

  it("drops storefront state saved by another white-label or version", async () => {
    const session = await sessionOf(new Request("http://localhost/"));
    const state = await session.get("storefront");
    state.cart_positions.push({ positionId: 9, menuId: 9, count: 1, modifiers: [] });
    const headers = await session.commitHeaders();
    // a cookie written for the same brand keeps its cart
    const same = new Request("http://localhost/", { headers: { Cookie: cookieHeaderFrom(headers) } });
    const sameSession = await sessionOf(same);
    expect((await sameSession.get("storefront")).cart_positions).toHaveLength(1);
    expect((await sameSession.get("storefront")).app_white_label).toBe("demo-pizza");
    expect(await sameSession.wasReset()).toBe(false);

    // the same cart stamped with another white-label (a previous brand on this domain) is dropped
    const secrets = [process.env.SESSION_SECRET!];
    const foreign = seal(JSON.stringify({ app_white_label: "other-brand", app_version: "1", city_id: 5, cart_positions: [{ positionId: 9, menuId: 9, count: 1, modifiers: [] }] }), secrets, "sf_state");
    const other = new Request("http://localhost/", { headers: { Cookie: (await createCookie("sf_state").serialize(foreign)).split(";")[0]! } });
    const otherSession = await sessionOf(other);
    const dropped = await otherSession.get("storefront");
    expect(dropped.cart_positions).toEqual([]);
    expect(dropped.city_id).toBeUndefined();
    expect(dropped.app_white_label).toBe("demo-pizza");
    // the browser's local storage of the other brand goes too (spec §1)
    expect(await otherSession.wasReset()).toBe(true);
  });

  it("gives every request with a remembered Cookie header state of its own to change; a tampered copy opens to nothing", async () => {
    const session = await sessionOf(new Request("http://localhost/"));
    (await session.get("storefront")).cart_positions.push({ positionId: 7, menuId: 5, count: 2, modifiers: [] });
    (await session.get("prefs")).person_cookies_consent_accepted = true;
    const cookie = cookieHeaderFrom(await session.commitHeaders());
    expect(cookie).toMatch(/sf_prefs=/);

    const first = await sessionOf(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    const state = await first.get("storefront");
    state.cart_positions[0]!.count = 99;
    (await first.get("prefs")).person_cookies_consent_accepted = false;
    // the same header again (the memo's answer): what the first request changed in memory is not in it
    const second = await sessionOf(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect((await second.get("storefront")).cart_positions).toEqual([{ positionId: 7, menuId: 5, count: 2, modifiers: [] }]);
    expect((await second.get("prefs")).person_cookies_consent_accepted).toBe(true);
    // one character changed in the sealed cart: a different header, opened and refused
    const sealed = (await createCookie("sf_state").parse(cookie)) as string;
    const flipped = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
    const tampered = cookie.replace(/sf_state=[^;]*/, (await createCookie("sf_state").serialize(flipped)).split(";")[0]!);
    expect(tampered).not.toBe(cookie);
    const forged = new Request("http://localhost/", { headers: { Cookie: tampered } });
    expect((await (await sessionOf(forged)).get("storefront")).cart_positions).toEqual([]);
  });

  it("reads a genuine cookie through its schema every time: defaults filled, an unfitting state empty, nothing to commit", async () => {
    const secrets = [process.env.SESSION_SECRET!];
    const purpose = cookiePurpose("sf_state", "demo-pizza");
    const sealedAs = async (state: unknown) => (await createCookie("sf_state").serialize(seal(JSON.stringify(state), secrets, purpose))).split(";")[0]!;
    const partial = await sealedAs({ app_white_label: "demo-pizza", app_version: "1", city_id: 5 });
    for (let i = 0; i < 2; i++) {
      const session = await sessionOf(new Request("http://localhost/", { headers: { Cookie: partial } }));
      const state = await session.get("storefront");
      expect(state).toMatchObject({ city_id: 5, cart_positions: [] });
      state.cart_positions.push({ positionId: 1, menuId: 1, count: 1, modifiers: [] }); // the next read must not see it
      expect((await session.commitHeaders()).getSetCookie()).toHaveLength(1);
      // read only: the default it was given is not a change
      const untouched = await sessionOf(new Request("http://localhost/", { headers: { Cookie: partial } }));
      await untouched.get("storefront");
      expect((await untouched.commitHeaders()).getSetCookie()).toHaveLength(0);
    }
    const unfitting = await sealedAs({ app_white_label: "demo-pizza", app_version: "1", city_id: "Москва", cart_positions: "all" });
    for (let i = 0; i < 2; i++) {
      const state = await (await sessionOf(new Request("http://localhost/", { headers: { Cookie: unfitting } }))).get("storefront");
      expect(state.city_id).toBeUndefined();
      expect(state.cart_positions).toEqual([]);
    }
  });

  it("remembers each header's text, refusals included, and never a header too long to keep", async () => {
    const opened: (string | null)[] = [];
    const open = openedOnce(async (header) => {
      opened.push(header);
      return header?.startsWith("ok") ? `text of ${header}` : null;
    });
    expect(await open("ok=1")).toBe("text of ok=1");
    expect(await open("ok=1")).toBe("text of ok=1");
    expect(await open("bad=1")).toBeNull();
    expect(await open("bad=1")).toBeNull();
    expect(await open(null)).toBeNull();
    const long = `ok=${"x".repeat(9000)}`;
    await open(long);
    await open(long);
    expect(opened).toEqual(["ok=1", "bad=1", null, long, long]);
  });
});

describe("the cart's generation (ADR 216)", () => {
  const line = { positionId: 1, menuId: 1, count: 1, modifiers: [] };
  const stateWith = (cart: (typeof line)[], cart_id?: string) => ({ cart_positions: cart, ...(cart_id ? { cart_id } : {}) }) as StorefrontState;
  it("is made when an empty cart gets a line, kept while the cart has lines, gone when it is empty", () => {
    const filled = stateWith([line]);
    renewCartId(filled, []);
    const id = filled.cart_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    filled.cart_positions = [line, { ...line, positionId: 2 }];
    renewCartId(filled, [line]);
    expect(filled.cart_id).toBe(id);
    filled.cart_positions = [];
    renewCartId(filled, [line]);
    expect(filled.cart_id).toBeUndefined();
    // emptied and filled again: another cart
    filled.cart_positions = [line];
    renewCartId(filled, []);
    expect(filled.cart_id).not.toBe(id);
  });
  it("a cart of a cookie from before it gets one; an empty cart none", () => {
    const old = stateWith([line]);
    renewCartId(old, old.cart_positions);
    expect(old.cart_id).toBeDefined();
    const empty = stateWith([], "stale");
    renewCartId(empty, empty.cart_positions);
    expect(empty.cart_id).toBeUndefined();
  });
});
