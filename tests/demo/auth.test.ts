import { describe, expect, it } from "vitest";
import { DEMO_SEEDED_PHONE } from "../../server/demo";
import { decodeToken } from "../../server/demo/tokens";
import { errorBodySchema, profileSchema, tokenSetSchema } from "~/lib/model";
import { firstErrorCode, makeTwin } from "./helpers";

const PHONE = "+7 (900) 123-45-67";
const requestCode = (call: ReturnType<typeof makeTwin>["call"], phone = PHONE) =>
  call("/api/v1/sign/in/phone/code", {
    json: { apiKey: "demo-api-key", captchaToken: "captcha", mode: "WEB", phone, whiteLabel: "demo-pizza" },
  });
const signIn = (call: ReturnType<typeof makeTwin>["call"], code: string | null, phone = PHONE) =>
  call("/api/v1/sign/in/phone", { json: { apiKey: "demo-api-key", captchaToken: "captcha", code, phone } });

describe("SMS sign-in (spec §8, §9)", () => {
  it("sends a code the demo can show, signs in with it once", async () => {
    const { call, store } = makeTwin();
    expect((await requestCode(call)).status).toBe(200);
    const code = store.peekSmsCode("+79001234567");
    expect(code).toBe("1234");
    const answer = await signIn(call, code);
    expect(answer.status).toBe(200);
    tokenSetSchema.parse(answer.body);
    expect(store.peekSmsCode(PHONE)).toBeNull();
    expect(firstErrorCode((await signIn(call, code)).body)).toBe("sign.sms.code-not-found");
  });

  it("allows one request per 90 s per phone", async () => {
    const { call, store, advance } = makeTwin();
    await requestCode(call);
    const first = store.peekSmsCode(PHONE);
    advance(89);
    const again = await requestCode(call);
    expect(again.status).toBe(429);
    expect(errorBodySchema.parse(again.body).errors[0]).toMatchObject({
      code: "sign.sms.too-frequent",
      message: "Повторно запросить код можно через 1 с",
    });
    expect((await requestCode(call, "+79007654321")).status).toBe(200); // another phone is not affected
    advance(1);
    expect((await requestCode(call)).status).toBe(200);
    const second = store.peekSmsCode(PHONE);
    expect(second).toMatch(/^\d{4}$/);
    expect(second).not.toBe(first);
  });

  it("forgets one phone's timer on request (e2e demo control), and nothing else", async () => {
    const { call, store } = makeTwin();
    await requestCode(call);
    await requestCode(call, "+79007654321");
    const other = store.peekSmsCode("+79007654321");
    const tokens = tokenSetSchema.parse((await signIn(call, other, "+79007654321")).body);
    await requestCode(call, "+79001112233");
    store.forgetSms(PHONE);
    expect(store.peekSmsCode(PHONE)).toBeNull();
    expect((await requestCode(call)).status).toBe(200); // no 90 s wait
    expect(store.peekSmsCode("+79001112233")).not.toBeNull(); // another phone's pending code stays
    expect(store.authenticate(tokens.accessToken, "access").ok).toBe(true); // and sessions stay valid
  });

  it("answers a wrong code, then exhausts the attempts after 5 and waits an hour", async () => {
    const { call, store, advance } = makeTwin();
    await requestCode(call);
    const code = store.peekSmsCode(PHONE)!;
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await signIn(call, "0000");
      expect(wrong.status).toBe(400);
      expect(firstErrorCode(wrong.body)).toBe("sign.sms.code-invalid");
    }
    const fifth = await signIn(call, "0000");
    expect(fifth.status).toBe(429);
    expect(firstErrorCode(fifth.body)).toBe("sign.sms.attempts-exhausted");
    expect(firstErrorCode((await signIn(call, code)).body)).toBe("sign.sms.attempts-exhausted");
    advance(10 * 60);
    expect(firstErrorCode((await requestCode(call)).body)).toBe("sign.sms.attempts-exhausted");
    advance(50 * 60);
    expect((await requestCode(call)).status).toBe(200);
    expect((await signIn(call, store.peekSmsCode(PHONE))).status).toBe(200);
  });

  it("answers code-not-found for a number without a code, and after the code's lifetime", async () => {
    const { call, advance } = makeTwin();
    const unknown = await signIn(call, "1234", "+79005550000");
    expect(unknown.status).toBe(404);
    expect(firstErrorCode(unknown.body)).toBe("sign.sms.code-not-found");
    await requestCode(call);
    advance(11 * 60);
    expect(firstErrorCode((await signIn(call, "1234")).body)).toBe("sign.sms.code-not-found");
  });

  it("refuses a bad phone, a bad body and the two failing numbers", async () => {
    const { call } = makeTwin();
    expect(firstErrorCode((await requestCode(call, "12")).body)).toBe("sign.phone-invalid");
    const noMode = await call("/api/v1/sign/in/phone/code", {
      json: { apiKey: "k", captchaToken: "", phone: PHONE, whiteLabel: "demo-pizza" },
    });
    expect(noMode.status).toBe(400);
    expect(firstErrorCode((await requestCode(call, "+79990000001")).body)).toBe("sign.sms.send-failed");
    expect(firstErrorCode((await requestCode(call, "+79990000002")).body)).toBe("sign.sms.send-failed.phone-unreachable");
  });
});

describe("tokens", () => {
  it("are JWT-shaped with sub, exp, typ and a unique jti; 5 minutes and 30 days", async () => {
    const { signInByPhone, clock } = makeTwin();
    const a = await signInByPhone();
    const b = await signInByPhone("+79007654321");
    for (const token of [a.accessToken, a.refreshToken]) expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const access = decodeToken(a.accessToken)!;
    const refresh = decodeToken(a.refreshToken)!;
    expect(access).toMatchObject({ sub: a.personId, typ: "access", exp: clock.now / 1000 + 300 });
    expect(refresh).toMatchObject({ sub: a.personId, typ: "refresh", exp: clock.now / 1000 + 30 * 24 * 3600 });
    const jtis = [a.accessToken, a.refreshToken, b.accessToken, b.refreshToken].map((t) => decodeToken(t)!.jti);
    expect(new Set(jtis).size).toBe(4);
  });

  it("serves /me with a live access token; 401 once it expires; refresh gives new tokens", async () => {
    const { call, signInByPhone, advance } = makeTwin();
    const { accessToken, refreshToken } = await signInByPhone();
    const me = await call("/api/v1/me", { token: accessToken });
    expect(profileSchema.parse(me.body).phone).toBe("+79001234567");
    advance(5 * 60);
    const expired = await call("/api/v1/me", { token: accessToken });
    expect(expired.status).toBe(401);
    expect(firstErrorCode(expired.body)).toBe("auth.token-expired");
    const refreshed = await call("/api/v1/sign/refresh", { method: "POST", token: refreshToken });
    expect(refreshed.status).toBe(200);
    const tokens = tokenSetSchema.parse(refreshed.body);
    expect((await call("/api/v1/me", { token: tokens.accessToken })).status).toBe(200);
  });

  it("refuses an expired or unknown refresh token, and a token of the wrong type", async () => {
    const { call, signInByPhone, advance, store } = makeTwin();
    const { accessToken, refreshToken } = await signInByPhone();
    expect((await call("/api/v1/sign/refresh", { method: "POST", token: accessToken })).status).toBe(401);
    expect((await call("/api/v1/me", { token: refreshToken })).status).toBe(401);
    expect((await call("/api/v1/me", { token: "not.a.token" })).status).toBe(401);
    expect((await call("/api/v1/me")).status).toBe(401);
    advance(30 * 24 * 3600);
    const expired = await call("/api/v1/sign/refresh", { method: "POST", token: refreshToken });
    expect(expired.status).toBe(401);
    expect(firstErrorCode(expired.body)).toBe("auth.token-expired");
    const fresh = await signInByPhone("+79007654321");
    store.reset(); // the twin forgets what it issued
    expect(firstErrorCode((await call("/api/v1/sign/refresh", { method: "POST", token: fresh.refreshToken })).body)).toBe(
      "auth.token-invalid",
    );
  });

  it("honours configured lifetimes", async () => {
    const { call, signInByPhone, advance } = makeTwin({ accessTokenTtlSeconds: 10, refreshTokenTtlSeconds: 20 });
    const { accessToken, refreshToken } = await signInByPhone();
    advance(10);
    expect((await call("/api/v1/me", { token: accessToken })).status).toBe(401);
    expect((await call("/api/v1/sign/refresh", { method: "POST", token: refreshToken })).status).toBe(200);
    advance(10);
    expect((await call("/api/v1/sign/refresh", { method: "POST", token: refreshToken })).status).toBe(401);
  });

  it("knows the seeded person with a name and a delivery entry", async () => {
    const { signInByPhone, call } = makeTwin();
    const { accessToken } = await signInByPhone(DEMO_SEEDED_PHONE);
    const profile = profileSchema.parse((await call("/api/v1/me", { token: accessToken })).body);
    expect(profile).toMatchObject({ firstName: "Анна", lastName: "Демина", deliveries: [{ personName: "Аня" }] });
  });
});

describe("external sign-in", () => {
  it("Google and Apple accept their demo tokens only", async () => {
    const { call } = makeTwin();
    const google = await call("/api/v1/sign/in/google", {
      method: "POST",
      headers: { "x-external-id-token": "demo-google:anna@example.com" },
    });
    const tokens = tokenSetSchema.parse(google.body);
    const me = profileSchema.parse((await call("/api/v1/me", { token: tokens.accessToken })).body);
    expect(me).toMatchObject({ email: "anna@example.com", firstName: "anna" });
    const apple = await call("/api/v1/sign/in/apple", {
      method: "POST",
      headers: { "x-external-id-token": "demo-apple:ivan@example.com" },
    });
    expect(apple.status).toBe(200);
    const crossed = await call("/api/v1/sign/in/google", {
      method: "POST",
      headers: { "x-external-id-token": "demo-apple:ivan@example.com" },
    });
    expect(crossed.status).toBe(401);
    expect(firstErrorCode(crossed.body)).toBe("sign.external-token-invalid");
    expect((await call("/api/v1/sign/in/apple", { method: "POST" })).status).toBe(401);
  });

  it("VK ID: a demo code gives tokens with a vkAccessToken, kept on refresh", async () => {
    const { call } = makeTwin();
    const body = {
      apiKey: "demo-api-key",
      code: "demo-vk-code:anna",
      codeVerifier: "a".repeat(43),
      deviceId: "device-1",
      redirectUri: "http://localhost:3000/auth",
      state: "s".repeat(64),
    };
    const answer = await call("/1/sign/in/vk-id", { json: body });
    const tokens = tokenSetSchema.parse(answer.body);
    expect(tokens.vkAccessToken).toMatch(/^demo-vk-access-/);
    const again = tokenSetSchema.parse((await call("/1/sign/in/vk-id", { json: body })).body);
    expect(decodeToken(again.accessToken)!.sub).toBe(decodeToken(tokens.accessToken)!.sub); // same VK user, same person
    const refreshed = tokenSetSchema.parse(
      (await call("/api/v1/sign/refresh", { method: "POST", token: tokens.refreshToken })).body,
    );
    expect(refreshed.vkAccessToken).toBeTruthy();
    expect((await call("/1/sign/in/vk-id", { json: { ...body, code: "real-code" } })).status).toBe(401);
    expect((await call("/1/sign/in/vk-id", { json: { ...body, codeVerifier: "short" } })).status).toBe(400);
  });
});
