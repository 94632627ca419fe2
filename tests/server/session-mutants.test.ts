/**
 * The cookie stores as a browser and an operator meet them: each cookie's name, lifetime and attributes, a cookie
 * taken back (sign-out, a reset), the 4 KB bound at its edge, an old or unfitting cookie read, and the log line an
 * operator gets when a cookie the customer cannot shrink is left out.
 */
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig, type Config } from "~server/config";
import { seal } from "~server/crypto";
import {
  cookieBytes,
  cookiePurpose,
  COOKIE_LIMIT_BYTES,
  CookieTooLargeError,
  createRequestSession,
  createSessionStores,
  openedOnce,
  type AuthState,
  type SessionStores,
} from "~server/session";

const base: Config = loadConfig(process.env);
const secrets = base.sessionSecrets;
const brand = { whiteLabel: base.brand.whiteLabel, version: base.brand.version };

function configWith(change: { origin?: string; production?: boolean; demo?: boolean }): Config {
  return {
    ...base,
    env: { ...base.env, PUBLIC_ORIGIN: change.origin },
    production: change.production ?? base.production,
    demo: change.demo ?? base.demo,
  };
}

/** name=value parts of a commit's Set-Cookie headers, as the browser sends them back */
function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** one Set-Cookie header's attributes, by lower-case name ("" for a flag) */
function attributes(setCookie: string): Map<string, string> {
  const [, ...parts] = setCookie.split(";").map((p) => p.trim());
  return new Map(parts.map((p) => [p.split("=")[0]!.toLowerCase(), p.slice(p.indexOf("=") + 1)] as const));
}

async function sealedCookie(name: string, state: unknown, purpose: string): Promise<string> {
  return (await createCookie(name).serialize(seal(JSON.stringify(state), secrets, purpose))).split(";")[0]!;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("cookie stores, as the browser gets them", () => {
  it("names each cookie and keeps it for its own time: cart 90 days, sign-in 30, orders 90, places 180, preferences a year", async () => {
    const stores = createSessionStores(configWith({ origin: "http://localhost:3000" }));
    const session = createRequestSession(stores, brand, null);
    (await session.get("storefront")).city_id = 5;
    (await session.get("auth")).session_id = "s1";
    (await session.get("prefs")).app_locale = "en";
    (await session.get("history")).owner = "7";
    (await session.get("places")).owner = "7";
    const byName = new Map((await session.commitHeaders()).getSetCookie().map((c) => [c.split("=")[0]!, attributes(c)] as const));
    const DAY = 24 * 60 * 60;
    expect([...byName.keys()].sort()).toEqual(["sf_auth", "sf_orders", "sf_places", "sf_prefs", "sf_state"]);
    expect(byName.get("sf_state")!.get("max-age")).toBe(String(90 * DAY));
    expect(byName.get("sf_auth")!.get("max-age")).toBe(String(30 * DAY));
    expect(byName.get("sf_orders")!.get("max-age")).toBe(String(90 * DAY));
    expect(byName.get("sf_places")!.get("max-age")).toBe(String(180 * DAY));
    expect(byName.get("sf_prefs")!.get("max-age")).toBe(String(365 * DAY));
    for (const attrs of byName.values()) {
      // every page of the site sends it back, and scripts never read it; plain http: not Secure
      expect(attrs.get("path")).toBe("/");
      expect(attrs.has("httponly")).toBe(true);
      expect(attrs.has("secure")).toBe(false);
    }
  });

  it("binds every cookie to the origin over https (__Host- and Secure), and only there", async () => {
    const https = createRequestSession(createSessionStores(configWith({ origin: "https://shop.example" })), brand, null);
    (await https.get("storefront")).city_id = 5;
    (await https.get("prefs")).app_locale = "en";
    const cookies = (await https.commitHeaders()).getSetCookie();
    expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual(["__Host-sf_prefs", "__Host-sf_state"]);
    for (const c of cookies) expect(attributes(c).has("secure")).toBe(true);
    // the browser sends the __Host- cookie back: it is read under that name
    const next = createRequestSession(createSessionStores(configWith({ origin: "https://shop.example" })), brand, cookies.map((c) => c.split(";")[0]).join("; "));
    expect((await next.get("storefront")).city_id).toBe(5);

    const http = createRequestSession(createSessionStores(configWith({ origin: "http://shop.example" })), brand, null);
    (await http.get("storefront")).city_id = 5;
    const plain = (await http.commitHeaders()).getSetCookie();
    expect(plain.map((c) => c.split("=")[0])).toEqual(["sf_state"]);
    expect(attributes(plain[0]!).has("secure")).toBe(false);
  });

  it("marks cookies Secure in production behind an unknown origin, but not in the demo nor in development", async () => {
    const secureOf = async (change: { production: boolean; demo: boolean }) => {
      const session = createRequestSession(createSessionStores(configWith({ origin: undefined, ...change })), brand, null);
      (await session.get("storefront")).city_id = 5;
      const [cookie] = (await session.commitHeaders()).getSetCookie();
      expect(cookie!.split("=")[0]).toBe("sf_state");
      return attributes(cookie!).has("secure");
    };
    expect(await secureOf({ production: true, demo: false })).toBe(true);
    expect(await secureOf({ production: true, demo: true })).toBe(false);
    expect(await secureOf({ production: false, demo: false })).toBe(false);
  });
});

describe("a cookie taken back", () => {
  it("expires the cart and the preferences in the browser once, and does not write them again", async () => {
    const stores = createSessionStores(base);
    const first = createRequestSession(stores, brand, null);
    (await first.get("storefront")).city_id = 5;
    (await first.get("prefs")).app_locale = "en";
    const cookie = cookieHeaderFrom(await first.commitHeaders());

    const session = createRequestSession(stores, brand, cookie);
    expect((await session.get("storefront")).city_id).toBe(5);
    await session.destroy("storefront");
    await session.destroy("prefs");
    const cleared = (await session.commitHeaders()).getSetCookie();
    expect(cleared.map((c) => c.split(";")[0]).sort()).toEqual(["sf_prefs=", "sf_state="]);
    for (const c of cleared) {
      const attrs = attributes(c);
      expect(attrs.get("max-age")).toBe("0");
      expect(new Date(attrs.get("expires")!).getTime()).toBe(0);
      expect(attrs.get("path")).toBe("/");
    }
    // sent once: the middleware's commit at the end of the request writes neither again
    expect((await session.commitHeaders()).getSetCookie()).toHaveLength(0);
  });
  it("keeps a signed-out cookie gone for the rest of the request, even when the state is changed after", async () => {
    const stores = createSessionStores(base);
    const first = createRequestSession(stores, brand, null);
    (await first.get("auth")).session_id = "s1";
    const cookie = cookieHeaderFrom(await first.commitHeaders());

    const session = createRequestSession(stores, brand, cookie);
    expect((await session.get("auth")).session_id).toBe("s1");
    await session.destroy("auth");
    expect((await session.commitHeaders()).getSetCookie().map((c) => c.split(";")[0])).toEqual(["sf_auth="]);
    // a later loader of the same request writes into the state: the middleware's commit does not bring the sign-in back
    (await session.get("auth")).session_id = "s2";
    expect((await session.commitHeaders()).getSetCookie()).toHaveLength(0);
  });
});

describe("reading what the browser sent", () => {
  it("asks nothing of a new visitor who only looked: no cookie written, no storage reset", async () => {
    const session = createRequestSession(createSessionStores(base), brand, null);
    expect((await session.get("auth")).person_token_set).toBeUndefined();
    expect(await session.get("prefs")).toEqual({});
    expect(await session.wasReset()).toBe(false);
    expect((await session.commitHeaders()).getSetCookie().map((c) => c.split("=")[0])).toEqual(["sf_state"]);
  });

  it("drops a cart saved by another version of the same brand and resets the browser's storage", async () => {
    const cart = [{ positionId: 9, menuId: 9, count: 1, modifiers: [] }];
    const header = await sealedCookie("sf_state", { app_white_label: brand.whiteLabel, app_version: `${brand.version}-old`, cart_positions: cart }, cookiePurpose("sf_state", brand.whiteLabel));
    const session = createRequestSession(createSessionStores(base), brand, header);
    const state = await session.get("storefront");
    expect(state.cart_positions).toEqual([]);
    expect(state.app_version).toBe(brand.version);
    expect(await session.wasReset()).toBe(true);
  });

  it("reads preferences signed for this brand but not fitting their shape as none, every time", async () => {
    const stores = createSessionStores(base);
    const session = createRequestSession(stores, brand, null);
    (await session.get("prefs")).app_locale = "en";
    const [written] = (await session.commitHeaders()).getSetCookie();
    // the same signing keys, a value the schema refuses (a locale longer than five characters)
    const signed = await createSessionStores(base).prefs.serialize({ app_locale: "english-please" });
    expect(written!.split("=")[0]).toBe(signed.split("=")[0]);
    for (let i = 0; i < 2; i++) {
      const read = await stores.prefs.read(signed.split(";")[0]!);
      expect(read.value).toEqual({});
      expect(read.legacy).toBe(false);
    }
  });

  it("keeps preferences signed the way they were before cookies were tied to their brand, and signs them again", async () => {
    const old = (await createCookie("sf_prefs", { secrets }).serialize({ app_locale: "en", person_adulthood_confirmed: true })).split(";")[0]!;
    const session = createRequestSession(createSessionStores(base), brand, old);
    expect(await session.get("prefs")).toEqual({ app_locale: "en", person_adulthood_confirmed: true });
    const rewritten = (await session.commitHeaders()).getSetCookie().filter((c) => c.startsWith("sf_prefs="));
    expect(rewritten).toHaveLength(1);
    expect(rewritten[0]!.split(";")[0]).not.toBe(old);
  });

  it("does not read one brand's preferences at another brand on the same secret", async () => {
    const other = { ...base, brand: { ...base.brand, whiteLabel: `${base.brand.whiteLabel}-other` } };
    const theirs = (await createSessionStores(other).prefs.serialize({ app_locale: "en" })).split(";")[0]!;
    const ours = (await createSessionStores(base).prefs.serialize({ app_locale: "en" })).split(";")[0]!;
    expect((await createSessionStores(base).prefs.read(ours)).value).toEqual({ app_locale: "en" });
    expect((await createSessionStores(base).prefs.read(theirs)).value).toEqual({});
  });

  it("remembers a Cookie header of exactly 8,192 characters, the longest it keeps", async () => {
    const opened: (string | null)[] = [];
    const open = openedOnce(async (header) => {
      opened.push(header);
      return "text";
    });
    const edge = `a=${"x".repeat(8192 - 2)}`;
    expect(edge).toHaveLength(8192);
    await open(edge);
    await open(edge);
    expect(opened).toEqual([edge]);
  });
});

describe("the 4 KB bound", () => {
  it("writes a cookie of exactly 4,096 bytes and refuses one past it", async () => {
    const stores = createSessionStores(base);
    // incompressible sign-in tokens of growing length until the cookie lands on the limit
    const token = randomBytes(4000).toString("base64");
    const signIn = (n: number, pad: number): AuthState => ({ person_token_set: { accessToken: token.slice(0, n), refreshToken: "r".repeat(pad), source: "PHONE" } });
    let exact: AuthState | null = null;
    let over: AuthState | null = null;
    for (let n = 2600; n < 3400 && (exact === null || over === null); n++) {
      // a few refresh-token lengths too, so that no byte count is stepped over
      for (let pad = 1; pad <= 4; pad++) {
        const bytes = await cookieBytes(stores, "auth", signIn(n, pad));
        if (bytes === COOKIE_LIMIT_BYTES) exact ??= signIn(n, pad);
        if (bytes > COOKIE_LIMIT_BYTES) over ??= signIn(n, pad);
      }
    }
    expect(exact).not.toBeNull();
    expect(over).not.toBeNull();
    const fits = await stores.auth.serialize(exact!);
    expect(Buffer.byteLength(fits.split(";")[0]!)).toBe(COOKIE_LIMIT_BYTES);
    const refused = await stores.auth.serialize(over!).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CookieTooLargeError);
    const error = refused as CookieTooLargeError;
    expect(error.name).toBe("CookieTooLargeError");
    expect(error.cookieName).toBe("sf_auth");
    expect(error.bytes).toBeGreaterThan(COOKIE_LIMIT_BYTES);
    expect(error.message).toContain("sf_auth");
    expect(error.message).toContain(String(error.bytes));
  });

  it("counts a cookie's bytes as its name=value part of the Set-Cookie header", async () => {
    const stores = createSessionStores(base);
    const header = await stores.prefs.serialize({ app_locale: "en" });
    expect(await cookieBytes(stores, "prefs", { app_locale: "en" })).toBe(Buffer.byteLength(header.split(";")[0]!));
    expect(await cookieBytes(stores, "prefs", { app_locale: "en" })).toBeGreaterThan("sf_prefs=".length);
  });

  it("tells the operator which cookie was left out and how large it was; a cart refused to the customer is not logged", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const session = createRequestSession(createSessionStores(base), brand, null);
    (await session.get("auth")).person_token_set = { accessToken: randomBytes(4000).toString("base64"), refreshToken: "r", source: "PHONE" };
    const cart = await session.get("storefront");
    for (let i = 0; i < 400; i++) cart.cart_positions.push({ positionId: (i * 7907) % 100_003 + 1, menuId: i * 31 + 1, count: (i % 9) + 1, modifiers: [] });
    const { refused } = await session.commitWhatFits();
    expect(refused.sort()).toEqual(["auth", "storefront"]);
    const warnings = lines.map((l) => JSON.parse(l) as { level: string; msg: string; cookie?: string; bytes?: number });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: "warn", cookie: "sf_auth" });
    expect(warnings[0]!.msg).toMatch(/too large/);
    expect(warnings[0]!.bytes).toBeGreaterThan(COOKIE_LIMIT_BYTES);
  });

  it("writes an old-form cart again without failing the answer when the new form would not fit: the old cookie keeps working", async () => {
    const cart = Array.from({ length: 400 }, (_, i) => ({ positionId: (i * 7907) % 100_003 + 1, menuId: i * 31 + 1, count: (i % 9) + 1, modifiers: [] }));
    const old = await sealedCookie("sf_state", { app_white_label: brand.whiteLabel, app_version: brand.version, cart_positions: cart }, "sf_state");
    const session = createRequestSession(createSessionStores(base), brand, old);
    expect((await session.get("storefront")).cart_positions).toHaveLength(400);
    const cookies = (await session.commitHeaders()).getSetCookie();
    expect(cookies).toHaveLength(0);
    // once the customer changes it, the cart is theirs to make smaller: refused to them
    (await session.get("storefront")).cart_positions.pop();
    await expect(session.commitHeaders()).rejects.toBeInstanceOf(CookieTooLargeError);
  });

  it("fails the commit when a cookie cannot be written for a reason other than its size, instead of leaving it out", async () => {
    const real = createSessionStores(base);
    const broken: SessionStores = {
      ...real,
      auth: { ...real.auth, serialize: () => Promise.reject(new Error("sealing failed")) },
    };
    const session = createRequestSession(broken, brand, null);
    (await session.get("auth")).session_id = "s1";
    await expect(session.commitHeaders()).rejects.toThrow("sealing failed");
    await expect(session.commitWhatFits()).rejects.toThrow("sealing failed");
    await expect(cookieBytes(broken, "auth", { session_id: "s1" })).rejects.toThrow("sealing failed");
  });
});
