/**
 * /auth loader and action called directly (issue 6 "Action tests with msw"): the twin's msw handlers answer the
 * upstream calls; `useHandlers` prepends msw handlers for answers the twin does not give on its own.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { authAction as authActionOf } from "~/features/auth/sign-in.server";
import { signOutAction } from "~/features/auth/sign-out.server";
import { loadRootData } from "~/shell/root-data.server";
import { loadRepeatOrder } from "~/features/reorder/history.server";
import { fieldMessages, messageOf } from "../answer";
import { fakeJwt, freshPhone, get, Jar, personOf, post, readState, request, seed, settle, twin, upstreamError, useHandlers, freshTwinEachTest } from "./helpers";
import { contextOf, services } from "../context";

const handlers = freshTwinEachTest();

async function codeStep(jar: Jar, phone = freshPhone()) {
  const answer = await post(jar, { intent: "request-code", phone, redirectTo: "/cart" });
  expect(answer.status).toBe(303);
  return phone;
}

async function signedIn(jar: Jar, phone = freshPhone()) {
  await codeStep(jar, phone);
  const code = twin().store.peekSmsCode(phone)!;
  const answer = await post(jar, { intent: "verify", code });
  expect(answer.status).toBe(303);
  return { phone, answer };
}

describe("phone sign-in", () => {
  it("refuses a code request or check that fell into the honeypot, without sending an SMS", async () => {
    const phone = freshPhone();
    const jar = new Jar();
    // a bot filling every field, and a bot posting without the form's hidden fields
    const filled = await post(jar, { intent: "request-code", phone, name__confirm: "Bob" });
    expect(filled.status).toBe(400);
    expect(messageOf(filled.body)).toBe("Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.");
    const bare = await settle(async () => authActionOf(await contextOf(request("/auth", jar, { form: { intent: "request-code", phone }, language: "en" }))), jar);
    expect(bare.status).toBe(400);
    expect(messageOf(bare.body)).toBe("The form could not be sent. Reload the page and try again.");
    const forged = await post(jar, { intent: "verify", code: "1234", from__confirm: String(Date.now()) });
    expect(forged.status).toBe(400);
    expect(twin().store.peekSmsCode(phone)).toBeFalsy();
    // the same customer through the real form gets the code
    await codeStep(jar, phone);
    expect(twin().store.peekSmsCode(phone)).toMatch(/^\d{4}$/);
  });

  it("validates the phone with the spec's messages, in the customer's language", async () => {
    const jar = new Jar();
    expect(messageOf((await post(jar, { intent: "request-code", phone: "" })).body)).toBe("Введите номер телефона");
    const bad = await post(jar, { intent: "request-code", phone: "12ab" });
    expect(bad.status).toBe(400);
    expect(fieldMessages(bad.body, "phone")).toEqual(["Укажите корректный номер"]);
    expect(messageOf((await post(jar, { intent: "request-code", phone: "12" }, "en")).body)).toBe("Enter a valid number");
  });

  it("requests a code, shows the code step with the demo code and a 90 s timer, then signs in and returns", async () => {
    const jar = new Jar();
    const phone = await codeStep(jar, "8 (901) 555-44-33");
    const page = await get(jar, "/auth?redirectTo=%2Fcart");
    expect(page.body).toMatchObject({ step: "code", phone: "+79015554433", redirectTo: "/cart" });
    expect(page.body.resendInSeconds).toBeGreaterThan(85);
    expect(page.body.demoCode).toBe(twin().store.peekSmsCode("+79015554433"));
    expect(phone).toBe("8 (901) 555-44-33");

    const code = twin().store.peekSmsCode("+79015554433")!;
    expect(messageOf((await post(jar, { intent: "verify", code: "12" })).body)).toBe("Слишком короткий SMS-код");
    const done = await post(jar, { intent: "verify", code });
    expect(done).toMatchObject({ status: 303, location: "/cart" });
    const person = await personOf(jar);
    expect(person?.profile.phone).toBe("+79015554433");
    expect(person?.source).toBe("PHONE");
  });

  it("refuses an early re-request and says how many seconds are left", async () => {
    const jar = new Jar();
    await codeStep(jar);
    const early = await post(jar, { intent: "resend" });
    expect(early.status).toBe(429);
    expect(messageOf(early.body)).toMatch(/^Код можно запрашивать не чаще одного раза в 90 секунд\. Повторите через (\d+) с$/);
    const seconds = Number(/(\d+) с$/.exec(String(messageOf(early.body)))![1]);
    expect(seconds).toBeGreaterThan(80);
    expect(seconds).toBeLessThanOrEqual(90);
    expect(early.body.resendInSeconds).toBe(seconds);
  });

  it("shows the upstream's once-per-90-s refusal with its seconds", async () => {
    handlers.restore = useHandlers(upstreamError("/api/v1/sign/in/phone/code", 429, "sign.sms.too-frequent", "Повторно запросить код можно через 42 с"));
    const answer = await post(new Jar(), { intent: "request-code", phone: freshPhone() }, "en");
    expect(answer.status).toBe(429);
    expect(messageOf(answer.body)).toBe("A code can be requested once every 90 seconds. Try again in 42 s");
    expect(answer.body.resendInSeconds).toBe(42);
  });

  it.each([
    ["+79990000001", "Не удалось отправить СМС. Попробуйте позже"],
    ["+79990000002", "Не удалось отправить СМС на этот номер"],
  ])("send failure for %s", async (phone, message) => {
    const answer = await post(new Jar(), { intent: "request-code", phone });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(600);
    expect(messageOf(answer.body)).toBe(message);
  });

  it("wrong code, then attempts exhausted with the one-hour wait", async () => {
    const jar = new Jar();
    await codeStep(jar);
    const wrong = await post(jar, { intent: "verify", code: "0000" });
    expect(wrong.status).toBe(400);
    expect(fieldMessages(wrong.body, "code")).toEqual(["Неверный код из СМС. Осталось попыток: 4"]);
    for (let i = 0; i < 3; i += 1) await post(jar, { intent: "verify", code: "0000" });
    const last = await post(jar, { intent: "verify", code: "0000" });
    expect(messageOf(last.body)).toBe("Попытки ввода кода исчерпаны. Повторите через час");
    expect(await personOf(jar)).toBeNull();
  });

  it("code not found for the number", async () => {
    handlers.restore = useHandlers(upstreamError("/api/v1/sign/in/phone", 404, "sign.sms.code-not-found", "Код не найден"));
    const jar = new Jar();
    await codeStep(jar);
    const answer = await post(jar, { intent: "verify", code: "1234" }, "en");
    expect(messageOf(answer.body)).toBe("No code found for this number. Request a new code");
  });

  it("asks for a code first when none was requested", async () => {
    expect(messageOf((await post(new Jar(), { intent: "verify", code: "1234" })).body)).toBe("Сначала запросите код");
  });

  it("limits code checks per phone", async () => {
    const jar = new Jar();
    await codeStep(jar);
    handlers.restore = useHandlers(upstreamError("/api/v1/sign/in/phone", 400, "sign.sms.code-invalid", "Неверный код из СМС"));
    let last = await post(jar, { intent: "verify", code: "0000" });
    for (let i = 0; i < 10; i += 1) last = await post(jar, { intent: "verify", code: "0000" });
    expect(last.status).toBe(429);
    expect(messageOf(last.body)).toMatch(/^Слишком много попыток\. Повторите через \d+ с$/);
  });

  it("'sign in another way' leaves the code step", async () => {
    const jar = new Jar();
    await codeStep(jar);
    expect((await post(jar, { intent: "restart" })).status).toBe(303);
    expect((await get(jar)).body).toMatchObject({ step: "phone", phone: null });
  });

  it("only same-origin paths are redirect targets", async () => {
    const jar = new Jar();
    await codeStep(jar);
    const code = twin().store.peekSmsCode((await get(jar)).body.phone as string)!;
    const answer = await post(jar, { intent: "verify", code, redirectTo: "//evil.example/x" });
    expect(answer.location).toBe("/");
  });
});

describe("tokens", () => {
  it("never appear in the page data, the root data or the answers of sign-in", async () => {
    const jar = new Jar();
    const { answer } = await signedIn(jar);
    const { auth } = await readState(jar);
    const { accessToken, refreshToken } = auth.person_token_set!;
    const root = await settle(async () => loadRootData(await contextOf(request("/", jar))));
    const page = await get(jar, "/auth?redirectTo=%2F");
    for (const text of [answer.text, root.text, page.text, JSON.stringify(root.body)]) {
      expect(text).not.toContain(accessToken);
      expect(text).not.toContain(refreshToken);
    }
    // a person without a name has none in the header ('Профиль', issue 36 §4); the phone, grouped for reading, is the
    // account menu's contact line
    expect((root.body.person as { name: string }).name).toBe("");
    const name = (root.body.person as { contact: string }).contact;
    expect(name).toMatch(/^\+7 \d{3} \d{3}[ -]\d{2}[ -]\d{2}$/);
    expect(name.replace(/\D/g, "")).toBe(auth.person_profile!.phone!.replace(/\D/g, ""));
    // the cookie itself is sealed: no token readable in it
    expect(jar.header()).not.toContain(accessToken.split(".")[1]);
  });

  it("refreshes an expired access token with a live refresh token, and the caller's commit writes it", async () => {
    const jar = new Jar();
    await signedIn(jar);
    const { auth } = await readState(jar);
    const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60);
    await seed(jar, { auth: { ...auth, person_token_set: { ...auth.person_token_set!, accessToken: expired } } });
    const rc = await contextOf(request("/", jar));
    const person = await rc.person.get();
    expect(person).not.toBeNull();
    expect(person!.accessToken).not.toBe(expired);
    // a second ask in the same request does not refresh again
    expect((await rc.person.get())?.accessToken).toBe(person!.accessToken);
    jar.take(await rc.session.commitHeaders());
    expect((await readState(jar)).auth.person_token_set!.accessToken).toBe(person!.accessToken);
    // the new token works upstream
    await expect(twin().fetch(`${twin().baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${person!.accessToken}` } }).then((r) => r.status)).resolves.toBe(200);
  });

  it("an expired refresh token signs out and keeps the cart", async () => {
    const jar = new Jar();
    await signedIn(jar);
    const cart = [{ positionId: 1, menuId: 1, count: 3, modifiers: [] }];
    const { auth } = await readState(jar);
    await seed(jar, {
      storefront: { cart_positions: cart },
      auth: { ...auth, person_token_set: { ...auth.person_token_set!, accessToken: fakeJwt(1), refreshToken: fakeJwt(2) } },
    });
    const rc = await contextOf(request("/", jar));
    expect(await rc.person.get()).toBeNull();
    jar.take(await rc.session.commitHeaders());
    const state = await readState(jar);
    expect(state.auth.person_token_set).toBeUndefined();
    expect(state.auth.person_profile).toBeUndefined();
    expect(state.storefront.cart_positions).toEqual(cart);
  });

  it("a refresh the upstream refuses with 401 signs out", async () => {
    const jar = new Jar();
    await signedIn(jar);
    const { auth } = await readState(jar);
    const future = Math.floor(Date.now() / 1000) + 3600;
    await seed(jar, { auth: { ...auth, person_token_set: { ...auth.person_token_set!, accessToken: fakeJwt(1), refreshToken: fakeJwt(future) } } });
    const rc = await contextOf(request("/", jar));
    expect(await rc.person.get()).toBeNull();
    jar.take(await rc.session.commitHeaders());
    expect((await readState(jar)).auth.person_token_set).toBeUndefined();
  });

  it("is not signed in without all of profile, access and refresh token", async () => {
    const jar = new Jar();
    await signedIn(jar);
    const { auth } = await readState(jar);
    await seed(jar, { auth: { person_token_set: auth.person_token_set } });
    expect(await personOf(jar)).toBeNull();
  });

  it("a page for the signed-in only sends the signed-out customer to /auth with the way back", async () => {
    // requirePerson is gone (ADR 137); the past order's page is where a signed-out customer meets this now
    const answer = await settle(async () => loadRepeatOrder(await contextOf(request("/orders/123/repeat", new Jar())), "123"));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/auth?redirectTo=${encodeURIComponent("/orders/123/repeat")}`);
  });

  it("sign-out clears tokens and person data and keeps the cart", async () => {
    const jar = new Jar();
    await signedIn(jar);
    const cart = [{ positionId: 2, menuId: 1, count: 1, modifiers: [] }];
    await seed(jar, { storefront: { cart_positions: cart, order_person: { name: "Анна" } } });
    const answer = await settle(async () => signOutAction(await contextOf(request("/auth/sign-out", jar, { form: { intent: "sign-out", redirectTo: "/cart" } }))), jar);
    expect(answer).toMatchObject({ status: 303, location: "/cart" });
    const state = await readState(jar);
    expect(state.auth).toEqual({});
    expect(state.storefront.cart_positions).toEqual(cart);
    expect(state.storefront.order_person).toBeUndefined();
  });
});

describe("profile", () => {
  it("the first delivery entry overrides name, phone and email (seeded person)", async () => {
    const jar = new Jar();
    await signedIn(jar, "+79990001122");
    const person = await personOf(jar);
    expect(person?.profile).toEqual({ firstName: "Аня", phone: "+79990001122", email: "anna.orders@demo-pizza.example" });
    const root = await settle(async () => loadRootData(await contextOf(request("/", jar))));
    expect(root.body.person).toEqual({ name: "Аня", contact: "+7 999 000 11 22" });
  });
});

describe("VK ID without JavaScript", () => {
  async function start(jar: Jar) {
    const answer = await post(jar, { intent: "vk-start", mode: "redirect", redirectTo: "/cart" });
    expect(answer.status).toBe(303);
    const url = new URL(answer.location!, "http://localhost");
    expect(url.pathname).toBe("/_demo/vk/authorize");
    return url.searchParams;
  }

  it("sends the browser to the authorize page with S256 PKCE, a 64-character state and the site's /auth", async () => {
    const params = await start(new Jar());
    expect(params.get("state")).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("client_id")).toMatch(/^\d+$/);
    expect(params.get("redirect_uri")).toBe("http://localhost/auth");
  });

  it("exchanges the code on the callback and returns the customer", async () => {
    const jar = new Jar();
    const params = await start(jar);
    const answer = await get(jar, `/auth?code=demo-vk-code:abc&state=${params.get("state")}&device_id=dev1`);
    expect(answer).toMatchObject({ status: 303, location: "/cart" });
    const person = await personOf(jar);
    expect(person?.source).toBe("VK");
    const { auth } = await readState(jar);
    expect(auth.person_token_set?.vkAccessToken).toMatch(/^demo-vk-access-/);
    expect(auth.flow).toBeUndefined();
  });

  it("refuses a state that differs from the one in the session", async () => {
    const jar = new Jar();
    await start(jar);
    const forged = "x".repeat(64);
    const answer = await get(jar, `/auth?code=demo-vk-code:abc&state=${forged}&device_id=dev1`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Не удалось войти через VK ID: ответ не совпадает с запросом. Попробуйте ещё раз");
    expect(await personOf(jar)).toBeNull();
  });

  it("refuses a callback when no sign-in was started in this browser", async () => {
    const answer = await get(new Jar(), `/auth?code=demo-vk-code:abc&state=${"y".repeat(64)}`);
    expect(answer.status).toBe(400);
  });
});

describe("bot protection", () => {
  it("sends the captcha token upstream, and asks for it when the brand configures a captcha", async () => {
    const keys = twinConfigKeys();
    const previous = keys.captchaSiteKey;
    keys.captchaSiteKey = "site-key";
    try {
      // the page offers the widget (the demo stand-in: the twin cannot verify a real provider's token)
      expect((await get(new Jar())).body).toMatchObject({ captcha: { siteKey: "site-key", scriptUrl: "/_demo/captcha.js" } });
      // the upstream judges (ADR 095): no token, or one the captcha did not issue, is refused in the customer's words
      const missing = await post(new Jar(), { intent: "request-code", phone: freshPhone() });
      expect(missing.status).toBe(400);
      expect(fieldMessages(missing.body, "")).toEqual(["Подтвердите, что вы не робот"]);
      const forged = await post(new Jar(), { intent: "request-code", phone: freshPhone(), captchaToken: "forged" });
      expect(forged.status).toBe(400);
      expect(fieldMessages(forged.body, "")).toEqual(["Подтвердите, что вы не робот"]);
      expect((await post(new Jar(), { intent: "request-code", phone: freshPhone(), captchaToken: "demo-captcha:abc123" })).status).toBe(303);
      let seen: unknown = undefined;
      handlers.restore = useHandlers(
        http.post(`${twin().baseUrl}/api/v1/sign/in/phone/code`, async ({ request }) => {
          seen = ((await request.json()) as { captchaToken: unknown }).captchaToken;
          return HttpResponse.json({});
        }),
      );
      expect((await post(new Jar(), { intent: "request-code", phone: freshPhone(), captchaToken: "tok-123" })).status).toBe(303);
      expect(seen).toBe("tok-123");
    } finally {
      keys.captchaSiteKey = previous;
    }
  });
});

function twinConfigKeys() {
  return services().config.brand.keys;
}

describe("a code step left long ago", () => {
  it("starts over at the phone step", async () => {
    const jar = new Jar();
    await seed(jar, { auth: { flow: { phone: "+79015554433", sentAt: Date.now() - 31 * 60 * 1000, redirectTo: "/" } } });
    expect((await get(jar)).body).toMatchObject({ step: "phone", phone: null, demoCode: null });
  });
});
