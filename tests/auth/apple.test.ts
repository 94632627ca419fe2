/**
 * Sign in with Apple (issue 6 §3, issue 14 §7): our start form posts to /auth/apple; Apple's form_post goes
 * to the /auth/apple/callback resource route, with only the SameSite=None state cookie (ADR 034).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appleAction, appleCallbackAction } from "~/features/auth/apple.server";
import { loader as failedPage } from "~/routes/auth_.apple";
import { Jar, ORIGIN, personOf, readState, request, seed, settle } from "./helpers";
import { contextOf, routeArgs, services } from "../context";

let previous: string | null = null;
beforeEach(() => {
  previous = services().config.brand.keys.appleClientId;
  services().config.brand.keys.appleClientId = "com.example.storefront";
});
afterEach(() => {
  services().config.brand.keys.appleClientId = previous;
});

const start = (jar: Jar, form: Record<string, string>) => settle(async () => appleAction(await contextOf(request("/auth/apple", jar, { form: { intent: "start", ...form } }))), jar);

/** Apple's cross-site POST: of our cookies only the SameSite=None state cookie comes with it. */
function applePost(jar: Jar, form: Record<string, string>) {
  const stateOnly = new Jar();
  const cookie = jar
    .header()
    .split("; ")
    .filter((c) => c.startsWith("sf_apple_state="))
    .join("; ");
  const req = request("/auth/apple/callback", stateOnly, { form });
  req.headers.set("cookie", cookie);
  return settle(async () => appleCallbackAction(await contextOf(req)), jar);
}

describe("Sign in with Apple", () => {
  it("starts with a redirect to Apple naming the callback route, keeping state in a SameSite=None; Secure cookie", async () => {
    const jar = new Jar();
    const answer = await start(jar, { redirectTo: "/cart" });
    expect(answer.status).toBe(303);
    const url = new URL(answer.location!);
    expect(url.origin + url.pathname).toBe("https://appleid.apple.com/auth/authorize");
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/apple/callback`);
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{64}$/);
    const cookie = answer.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^sf_apple_state=/);
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/auth\/apple(;|$)/);
  });

  it("signs in on Apple's form_post with the matching state, returns the customer and leaves the cart alone", async () => {
    const jar = new Jar();
    await seed(jar, { storefront: { cart_positions: [{ positionId: 10056, menuId: 501, count: 2, modifiers: [] }] } });
    const begin = await start(jar, { redirectTo: "/cart" });
    const state = new URL(begin.location!).searchParams.get("state")!;
    const answer = await applePost(jar, { code: "c", id_token: "demo-apple:ivan@example.com", state, user: '{"name":{"firstName":"Ivan"}}' });
    expect(answer).toMatchObject({ status: 303, location: "/cart" });
    // only the auth cookie is written (and the state cookie cleared): the cart cookie did not come with the POST
    const written = answer.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(written.sort()).toEqual(["sf_apple_state", "sf_auth"]);
    expect(await personOf(jar)).toMatchObject({ source: "APPLE", profile: { email: "ivan@example.com" } });
    expect((await readState(jar)).storefront.cart_positions).toHaveLength(1);
    expect(jar.has("sf_apple_state")).toBe(false);
  });

  it("refuses a callback whose state does not match, has no state cookie, or is malformed, and says so", async () => {
    const jar = new Jar();
    await start(jar, {});
    for (const form of [
      { id_token: "demo-apple:ivan@example.com", state: "z".repeat(64) },
      { id_token: "", state: "z".repeat(64) },
    ]) {
      const answer = await applePost(jar, form);
      expect(answer).toMatchObject({ status: 303, location: "/auth/apple?failed" });
    }
    const noCookie = await applePost(new Jar(), { id_token: "demo-apple:ivan@example.com", state: "a".repeat(64) });
    expect(noCookie).toMatchObject({ status: 303, location: "/auth/apple?failed" });
    expect(await personOf(jar)).toBeNull();
    const page = await settle(async () => Promise.resolve(failedPage(await routeArgs(request("/auth/apple?failed", jar)))));
    expect(page.status).toBe(400);
  });
});

describe("Sign in with Apple when it cannot or must not go on", () => {
  it("asks Apple for a code and an identity token with the name and e-mail scopes, at the public origin when one is set", async () => {
    const answer = await start(new Jar(), { redirectTo: "/cart" });
    const url = new URL(answer.location!);
    expect(url.searchParams.get("response_type")).toBe("code id_token");
    expect(url.searchParams.get("scope")).toBe("name email");
    expect(url.searchParams.get("client_id")).toBe("com.example.storefront");
    const env = services().config.env as { PUBLIC_ORIGIN?: string };
    const before = env.PUBLIC_ORIGIN;
    env.PUBLIC_ORIGIN = "https://shop.example//";
    try {
      const behindProxy = new URL((await start(new Jar(), {})).location!);
      expect(behindProxy.searchParams.get("redirect_uri")).toBe("https://shop.example/auth/apple/callback");
    } finally {
      env.PUBLIC_ORIGIN = before;
    }
  });

  it("a start form that is not ours, or a brand without Apple, is refused with a message and no state cookie", async () => {
    const forged = await settle(async () => appleAction(await contextOf(request("/auth/apple", new Jar(), { form: { intent: "steal" } }))));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ error: "Не удалось войти. Попробуйте другой способ" });
    expect(forged.headers.getSetCookie()).toEqual([]);
    services().config.brand.keys.appleClientId = null;
    const off = await start(new Jar(), {});
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ error: "Этот способ входа недоступен" });
  });

  it("a callback once Apple is switched off, an expired state, or an upstream refusal: the failed page, nobody signed in, the state cookie cleared", async () => {
    const jar = new Jar();
    let state = new URL((await start(jar, { redirectTo: "/cart" })).location!).searchParams.get("state")!;
    services().config.brand.keys.appleClientId = null;
    const off = await applePost(jar, { id_token: "demo-apple:ivan@example.com", state });
    expect(off).toMatchObject({ status: 303, location: "/auth/apple?failed" });
    expect(off.headers.getSetCookie().some((c) => /^sf_apple_state=;/.test(c) || /^sf_apple_state=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
    services().config.brand.keys.appleClientId = "com.example.storefront";

    // eleven minutes later (the state lives ten)
    state = new URL((await start(jar, {})).location!).searchParams.get("state")!;
    const now = Date.now;
    Date.now = () => now() + 11 * 60 * 1000;
    try {
      expect(await applePost(jar, { id_token: "demo-apple:ivan@example.com", state })).toMatchObject({ location: "/auth/apple?failed" });
    } finally {
      Date.now = now;
    }

    // the upstream refuses the identity token
    state = new URL((await start(jar, {})).location!).searchParams.get("state")!;
    expect(await applePost(jar, { id_token: "not-a-demo-token", state })).toMatchObject({ location: "/auth/apple?failed" });
    expect(await personOf(jar)).toBeNull();
  });
});
