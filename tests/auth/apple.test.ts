/** Sign in with Apple's form_post callback (issue 6 §3): state in its own SameSite=None cookie. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appleAction } from "~/features/auth/apple.server";
import { getPerson } from "~/features/auth/auth.server";
import { getContext } from "~server/context";
import { Jar, ORIGIN, request, settle } from "./helpers";

let previous: string | null = null;
beforeEach(() => {
  previous = getContext().config.brand.keys.appleClientId;
  getContext().config.brand.keys.appleClientId = "com.example.storefront";
});
afterEach(() => {
  getContext().config.brand.keys.appleClientId = previous;
});

/** Apple's cross-site POST: only the SameSite=None state cookie comes with it. */
function applePost(jar: Jar, form: Record<string, string>) {
  return settle(() => appleAction(request("/auth/apple", jar, { form })), jar);
}

describe("Sign in with Apple", () => {
  it("starts with a redirect to Apple, keeping state in a SameSite=None; Secure cookie", async () => {
    const jar = new Jar();
    const answer = await applePost(jar, { intent: "start", redirectTo: "/cart" });
    expect(answer.status).toBe(303);
    const url = new URL(answer.location!);
    expect(url.origin + url.pathname).toBe("https://appleid.apple.com/auth/authorize");
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/apple`);
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{64}$/);
    const cookie = answer.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^sf_apple_state=/);
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it("signs in on Apple's form_post with the matching state and returns the customer", async () => {
    const jar = new Jar();
    const start = await applePost(jar, { intent: "start", redirectTo: "/cart" });
    const state = new URL(start.location!).searchParams.get("state")!;
    const answer = await applePost(jar, { id_token: "demo-apple:ivan@example.com", state, code: "c" });
    expect(answer).toMatchObject({ status: 303, location: "/cart" });
    const person = await getPerson(request("/", jar));
    expect(person).toMatchObject({ source: "APPLE", profile: { email: "ivan@example.com" } });
    expect(jar.has("sf_apple_state")).toBe(false);
  });

  it("refuses a callback whose state does not match", async () => {
    const jar = new Jar();
    await applePost(jar, { intent: "start" });
    const answer = await applePost(jar, { id_token: "demo-apple:ivan@example.com", state: "z".repeat(64) });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Не удалось войти. Попробуйте другой способ");
    expect(await getPerson(request("/", jar))).toBeNull();
  });
});
