/**
 * Every cookie is tied to its brand (ADR 144): two brands on one SESSION_SECRET — two containers of different brands
 * behind one domain, or an operator reusing the secret — do not accept each other's cookies. A cookie of this brand
 * made before the change keeps what it safely can: the cart (its state carries the brand's stamp) and the
 * preferences, written again in the brand's own form; the sign-in does not survive it (nothing proves its brand).
 */
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { seal, unseal } from "~server/crypto";
import { createRequestSession, cookiePurpose, type StorefrontState } from "~server/session";
import type { Services } from "~server/services";
import { freshPhone, Jar, post, request, twin } from "../auth/helpers";
import { contextOf, services, servicesWith } from "../context";

const demo = services();
const sushi: Services = servicesWith({ BRAND_CONFIG: "brands/sushi-night.json" });
const secrets = [process.env.SESSION_SECRET!];
const CART = [{ positionId: 10056, menuId: 501, count: 2, modifiers: [] }];

/** the person a request with the jar's cookies is signed in as, at the storefront of these services */
async function personAt(s: Services, jar: Jar) {
  return (await contextOf(request("/", jar), { services: s })).person.get();
}

async function signInAtDemo(): Promise<Jar> {
  const jar = new Jar();
  const phone = freshPhone();
  expect((await post(jar, { intent: "request-code", phone })).status).toBe(303);
  expect((await post(jar, { intent: "verify", code: twin().store.peekSmsCode(phone)! })).status).toBe(303);
  return jar;
}

/** the Cookie header of what a session of these services committed */
async function cookiesFrom(s: Services, change: (session: Awaited<ReturnType<typeof contextOf>>["session"]) => Promise<void>) {
  const { session } = await contextOf(new Request("http://localhost/"), { services: s });
  await change(session);
  return (await session.commitHeaders())
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function cookieOf(name: string, sealed: string) {
  return (await createCookie(name).serialize(sealed)).split(";")[0]!;
}

describe("cookies tied to their brand", () => {
  it("does not sign a customer of one brand in at another brand on the same secret", async () => {
    expect(sushi.config.sessionSecrets).toEqual(demo.config.sessionSecrets);
    const jar = await signInAtDemo();
    expect(await personAt(demo, jar)).not.toBeNull();
    // the same browser (one domain), or a copied cookie, at the other brand's container: signed out
    expect(await personAt(sushi, jar)).toBeNull();
    const { session } = await contextOf(request("/", jar), { services: sushi });
    expect((await session.get("auth")).person_token_set).toBeUndefined();
  });

  it("does not open another brand's cart, order history or preferences", async () => {
    const cookie = await cookiesFrom(sushi, async (session) => {
      const state = await session.get("storefront");
      state.city_id = 116;
      state.cart_positions.push(...CART);
      Object.assign(await session.get("history"), { owner: "42", orders: [{ any: 1 }] });
      Object.assign(await session.get("prefs"), { app_locale: "en", person_adulthood_confirmed: true });
    });
    expect(cookie).toMatch(/sf_state=.*sf_orders=|sf_orders=.*sf_state=/);
    const { session } = await contextOf(new Request("http://localhost/", { headers: { Cookie: cookie } }), { services: demo });
    const state = await session.get("storefront");
    expect(state.cart_positions).toEqual([]);
    expect(state.city_id).toBeUndefined();
    expect(await session.get("history")).toEqual({});
    expect(await session.get("prefs")).toEqual({});
    // and the brand that wrote them reads them
    const own = (await contextOf(new Request("http://localhost/", { headers: { Cookie: cookie } }), { services: sushi })).session;
    expect((await own.get("storefront")).cart_positions).toEqual(CART);
    expect((await own.get("prefs")).person_adulthood_confirmed).toBe(true);
  });

  it("seals each cookie for its brand: the purpose of a cookie alone opens nothing", async () => {
    const cookie = await cookiesFrom(demo, async (session) => void (await session.get("storefront")).cart_positions.push(...CART));
    const sealed = (await createCookie("sf_state").parse(cookie)) as string;
    expect(unseal(sealed, secrets, "sf_state")).toBeNull();
    expect(unseal(sealed, secrets, cookiePurpose("sf_state", "sushi-night"))).toBeNull();
    expect(JSON.parse(unseal(sealed, secrets, cookiePurpose("sf_state", "demo-pizza"))!)).toMatchObject({ cart_positions: CART });
  });
});

describe("cookies made before they were tied to their brand", () => {
  const legacyCart = (whiteLabel: string): StorefrontState =>
    ({ app_white_label: whiteLabel, app_version: demo.config.brand.version, city_id: 115, resto_id: 173, cart_positions: CART }) as StorefrontState;

  it("keeps this brand's cart and writes it again in the brand's form", async () => {
    const old = await cookieOf("sf_state", seal(JSON.stringify(legacyCart("demo-pizza")), secrets, "sf_state"));
    const session = createRequestSession(demo.sessions, demo.config.brand, old);
    expect((await session.get("storefront")).cart_positions).toEqual(CART);
    expect(await session.wasReset()).toBe(false);
    // nothing changed, and still the cookie goes out once, in the new form
    const written = (await session.commitHeaders()).getSetCookie();
    expect(written).toHaveLength(1);
    const sealed = (await createCookie("sf_state").parse(written[0]!.split(";")[0]!)) as string;
    expect(JSON.parse(unseal(sealed, secrets, cookiePurpose("sf_state", "demo-pizza"))!)).toMatchObject({ cart_positions: CART, city_id: 115 });
    expect((await session.commitHeaders()).getSetCookie()).toHaveLength(0);
  });

  it("drops another brand's old cart and says the browser's storage goes too (spec §1), as before", async () => {
    const old = await cookieOf("sf_state", seal(JSON.stringify(legacyCart("sushi-night")), secrets, "sf_state"));
    const session = createRequestSession(demo.sessions, demo.config.brand, old);
    expect((await session.get("storefront")).cart_positions).toEqual([]);
    expect(await session.wasReset()).toBe(true);
  });

  it("signs nobody in with an old sign-in cookie: nothing in it proves its brand", async () => {
    const jar = await signInAtDemo();
    const { session } = await contextOf(request("/", jar));
    const auth = await session.get("auth");
    expect(auth.person_token_set).toBeDefined();
    const old = await cookieOf("sf_auth", seal(JSON.stringify(auth), secrets, "sf_auth"));
    const reading = createRequestSession(demo.sessions, demo.config.brand, old);
    expect((await reading.get("auth")).person_token_set).toBeUndefined();
  });

  it("keeps old preferences (language, consent, 18+) and signs them again for the brand", async () => {
    const old = (await createCookie("sf_prefs", { secrets }).serialize({ app_locale: "en", person_cookies_consent_accepted: true })).split(";")[0]!;
    const session = createRequestSession(demo.sessions, demo.config.brand, old);
    expect(await session.get("prefs")).toEqual({ app_locale: "en", person_cookies_consent_accepted: true });
    const written = (await session.commitHeaders()).getSetCookie();
    expect(written).toHaveLength(1);
    const again = createRequestSession(sushi.sessions, sushi.config.brand, written[0]!.split(";")[0]!);
    // signed for demo-pizza now: another brand does not read them
    expect(await again.get("prefs")).toEqual({});
    const here = createRequestSession(demo.sessions, demo.config.brand, written[0]!.split(";")[0]!);
    expect(await here.get("prefs")).toEqual({ app_locale: "en", person_cookies_consent_accepted: true });
    expect((await here.commitHeaders()).getSetCookie()).toHaveLength(0);
  });
});
