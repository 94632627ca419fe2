/**
 * Which ways of signing in a brand offers and what the sign-in action answers outside the phone journey's happy
 * path (issue 6, ADR 032, issue 8 §2): a method the brand leaves out or the server cannot run is refused with its
 * message, the honeypot guards exactly the two forms that send an SMS or check a code, a forged intent is the form's
 * error, redirect targets never lead back to /auth, and an upstream that refuses or is away is a message with a 4xx,
 * never a 5xx. Google and Apple sign in through the twin's demo identity tokens.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { authAction, availableMethods } from "~/features/auth/sign-in.server";
import { personLabel } from "~/features/auth/auth.server";
import type { RequestContext } from "~server/context";
import { fieldMessages, messageOf } from "../answer";
import { contextOf } from "../context";
import { freshPhone, get, Jar, personOf, post, request, servicesWithBrand, settle, twin, upstreamError, useHandlers, freshTwinEachTest } from "./helpers";

const handlers = freshTwinEachTest();

type Method = "PHONE" | "GOOGLE" | "APPLE" | "VK";
/** just what `availableMethods` reads of the request's services */
function methodsOf(options: { methods: Method[]; demo: boolean; google?: string | null; apple?: string | null; vk?: string | null }) {
  const rc = {
    services: {
      config: { demo: options.demo, brand: { authMethods: options.methods, keys: { googleClientId: options.google ?? null, appleClientId: options.apple ?? null } } },
      vk: { clientId: options.vk ?? null },
    },
  } as unknown as RequestContext;
  return availableMethods(rc);
}

const ALL: Method[] = ["PHONE", "GOOGLE", "APPLE", "VK"];

describe("the ways a brand offers", () => {
  it("a method the brand does not list is never offered, whatever keys the server has", () => {
    expect(methodsOf({ methods: ["PHONE"], demo: true, google: "g", apple: "a", vk: "v" })).toEqual({ phone: true, google: false, apple: false, vk: false });
    expect(methodsOf({ methods: ["GOOGLE"], demo: true })).toEqual({ phone: false, google: true, apple: false, vk: false });
  });

  it("Google and Apple need their client id against a real upstream; demo mode has stand-ins for both", () => {
    expect(methodsOf({ methods: ALL, demo: false })).toEqual({ phone: true, google: false, apple: false, vk: false });
    expect(methodsOf({ methods: ALL, demo: false, google: "g" })).toMatchObject({ google: true, apple: false });
    expect(methodsOf({ methods: ALL, demo: false, apple: "a" })).toMatchObject({ google: false, apple: true });
    expect(methodsOf({ methods: ALL, demo: true })).toMatchObject({ google: true, apple: true });
  });

  it("VK needs a client id, in demo mode too", () => {
    expect(methodsOf({ methods: ALL, demo: true }).vk).toBe(false);
    expect(methodsOf({ methods: ALL, demo: false, vk: "51234" }).vk).toBe(true);
  });
});

describe("a method the brand leaves out", () => {
  const phoneOnly = () => servicesWithBrand((brand) => void (brand.authMethods = ["PHONE"]));
  const googleOnly = () => servicesWithBrand((brand) => void (brand.authMethods = ["GOOGLE"]));

  it("an external sign-in the brand does not offer is refused with its message, nobody signed in", async () => {
    const jar = new Jar();
    const answer = await post(jar, { intent: "external", provider: "google", idToken: "demo-google:anna@example.com" }, "ru", { services: phoneOnly() });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.body)).toBe("Этот способ входа недоступен");
    expect(await personOf(jar)).toBeNull();
  });

  it("the phone forms of a brand without phone sign-in are refused, and no SMS is sent", async () => {
    const phone = freshPhone();
    const jar = new Jar();
    const requested = await post(jar, { intent: "request-code", phone }, "ru", { services: googleOnly() });
    expect(requested.status).toBe(400);
    expect(messageOf(requested.body)).toBe("Этот способ входа недоступен");
    expect(twin().store.peekSmsCode(phone)).toBeFalsy();
    const verified = await post(jar, { intent: "verify", code: "1234" }, "ru", { services: googleOnly() });
    expect(messageOf(verified.body)).toBe("Этот способ входа недоступен");
  });

  it("Google and Apple sign the customer in with their own source, and go back where they came from", async () => {
    for (const [provider, source] of [
      ["google", "GOOGLE"],
      ["apple", "APPLE"],
    ] as const) {
      const jar = new Jar();
      const answer = await post(jar, { intent: "external", provider, idToken: `demo-${provider}:${provider}-user@example.com`, redirectTo: "/cart" });
      expect(answer, provider).toMatchObject({ status: 303, location: "/cart" });
      expect((await personOf(jar))?.source, provider).toBe(source);
    }
  });

  it("an identity token the upstream refuses: 'Не удалось войти', a 4xx, nobody signed in", async () => {
    const jar = new Jar();
    handlers.restore = useHandlers(upstreamError("/api/v1/sign/in/google", 401, "sign.external.invalid-token", "bad token"));
    const answer = await post(jar, { intent: "external", provider: "google", idToken: "demo-google:x@example.com" });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.body)).toBe("Не удалось войти. Попробуйте другой способ");
    expect(await personOf(jar)).toBeNull();
  });
});

describe("what the honeypot guards", () => {
  it("a code check that fell into the honeypot is refused even after a real code request, and signs nobody in", async () => {
    const jar = new Jar();
    const phone = freshPhone();
    expect((await post(jar, { intent: "request-code", phone })).status).toBe(303);
    const code = twin().store.peekSmsCode(phone)!;
    const forged = await post(jar, { intent: "verify", code, name__confirm: "Bob" });
    expect(forged.status).toBe(400);
    expect(messageOf(forged.body)).toBe("Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.");
    expect(await personOf(jar)).toBeNull();
  });

  it("the forms that send nothing (start over) carry no honeypot and are not refused without one", async () => {
    const jar = new Jar();
    const answer = await settle(async () => authAction(await contextOf(request("/auth", jar, { form: { intent: "restart", redirectTo: "/cart" } }))), jar);
    expect(answer).toMatchObject({ status: 303, location: "/auth?redirectTo=%2Fcart" });
  });
});

describe("the form's own answers", () => {
  it("a forged intent is the whole form's error, not a field's", async () => {
    const answer = await post(new Jar(), { intent: "take-over", phone: "+79001234567" });
    expect(answer.status).toBe(400);
    // the form's message alone, in the customer's language (not the parser's English words about the intent)
    expect(answer.body.error).toEqual({ "": ["Не удалось выполнить запрос"] });
  });

  it("never sends the customer back to /auth after signing in, and the code step's timer starts at 90 s at most", async () => {
    const jar = new Jar();
    const phone = freshPhone();
    await post(jar, { intent: "request-code", phone, redirectTo: "/auth?redirectTo=%2Fcart" });
    const page = await get(jar, "/auth?redirectTo=%2Fauth%3Fx%3D1");
    expect(page.body).toMatchObject({ step: "code", redirectTo: "/" });
    expect(page.body.resendInSeconds).toBeGreaterThan(80);
    expect(page.body.resendInSeconds).toBeLessThanOrEqual(90);
    const done = await post(jar, { intent: "verify", code: twin().store.peekSmsCode(phone)! });
    expect(done).toMatchObject({ status: 303, location: "/" });
  });
});

describe("an upstream that refuses or is away", () => {
  it("away (503): 422 with the form's message; a 4xx of its own keeps its status; 401 and 403 become 400", async () => {
    handlers.restore = useHandlers(upstreamError("/api/v1/sign/in/phone/code", 503, "server.unavailable", "down"));
    const away = await post(new Jar(), { intent: "request-code", phone: freshPhone() });
    expect(away.status).toBe(422);
    expect(typeof messageOf(away.body)).toBe("string");
    handlers.restore?.();
    handlers.restore = useHandlers(upstreamError("/api/v1/sign/in/phone/code", 409, "sign.sms.conflict", "conflict"));
    expect((await post(new Jar(), { intent: "request-code", phone: freshPhone() })).status).toBe(409);
    handlers.restore?.();
    handlers.restore = useHandlers(upstreamError("/api/v1/sign/in/phone/code", 403, "sign.forbidden", "no"));
    expect((await post(new Jar(), { intent: "request-code", phone: freshPhone() })).status).toBe(400);
  });

  it("no connection: 'Нет связи с сервером', beside the code when checking one", async () => {
    const jar = new Jar();
    const phone = freshPhone();
    await post(jar, { intent: "request-code", phone });
    handlers.restore = useHandlers(http.post(`${twin().baseUrl}/api/v1/sign/in/phone`, () => HttpResponse.error()));
    const answer = await post(jar, { intent: "verify", code: "1234" });
    expect(answer.status).toBe(422);
    expect(fieldMessages(answer.body, "code")).toEqual(["Нет связи с сервером. Попробуйте ещё раз"]);
    expect(await personOf(jar)).toBeNull();
  });
});

describe("VK ID with JavaScript (the popup, ADR 033)", () => {
  async function startPopup(jar: Jar) {
    const answer = await post(jar, { intent: "vk-start", mode: "popup", redirectTo: "/cart" });
    expect(answer.status).toBe(200);
    const url = new URL(String(answer.body.authorizeUrl), "http://localhost");
    expect(url.searchParams.get("state")).toBe(answer.body.vkState);
    return url.searchParams;
  }

  it("answers the authorize address for the popup instead of a redirect: code flow, the scopes, a fresh login", async () => {
    const params = await startPopup(new Jar());
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")).toBe("vkid.personal_info phone email");
    expect(params.get("prompt")).toBe("login");
  });

  it("the popup's callback page only hands the code over to the opener; the exchange signs in and goes back", async () => {
    const jar = new Jar();
    const state = (await startPopup(jar)).get("state")!;
    const callback = await get(jar, `/auth?code=demo-vk-code:pop&state=${state}`);
    expect(callback.status).toBe(200);
    expect(callback.body.vkPopup).toEqual({ code: "demo-vk-code:pop", state, deviceId: "web" });
    expect(await personOf(jar), "the callback page signs nobody in").toBeNull();

    const exchanged = await post(jar, { intent: "vk-exchange", code: "demo-vk-code:pop", state, deviceId: "web" });
    expect(exchanged).toMatchObject({ status: 303, location: "/cart" });
    expect((await personOf(jar))?.source).toBe("VK");
  });

  it("an exchange with another state is refused with its message; the upstream's refusal with VK's", async () => {
    const jar = new Jar();
    await startPopup(jar);
    const forged = await post(jar, { intent: "vk-exchange", code: "demo-vk-code:x", state: "z".repeat(64), deviceId: "web" });
    expect(forged.status).toBe(400);
    expect(messageOf(forged.body)).toBe("Не удалось войти через VK ID: ответ не совпадает с запросом. Попробуйте ещё раз");
    expect(await personOf(jar)).toBeNull();

    const state = (await startPopup(jar)).get("state")!;
    handlers.restore = useHandlers(upstreamError("/1/sign/in/vk-id", 400, "sign.vk.invalid-code", "bad code"));
    const refused = await post(jar, { intent: "vk-exchange", code: "demo-vk-code:y", state, deviceId: "web" });
    expect(refused.status).toBe(400);
    expect(messageOf(refused.body)).toBe("Не удалось войти через VK ID");
    expect(await personOf(jar)).toBeNull();
  });

  it("VK's redirect back without a code (the customer cancelled) says so, and the started sign-in is forgotten", async () => {
    const jar = new Jar();
    const state = (await startPopup(jar)).get("state")!;
    const cancelled = await get(jar, `/auth?error=access_denied&state=${state}`);
    expect(cancelled.status).toBe(400);
    expect(cancelled.body.error).toBe("VK ID: авторизация не удалась");
    // the state cannot be used any more
    const late = await post(jar, { intent: "vk-exchange", code: "demo-vk-code:z", state, deviceId: "web" });
    expect(messageOf(late.body)).toBe("Не удалось войти через VK ID: ответ не совпадает с запросом. Попробуйте ещё раз");
  });
});

describe("the code step's timer", () => {
  it("a second code request for the same number inside 90 s shows the code step again and sends no second SMS", async () => {
    const jar = new Jar();
    const phone = freshPhone();
    await post(jar, { intent: "request-code", phone });
    const first = twin().store.peekSmsCode(phone);
    const again = await post(jar, { intent: "request-code", phone, redirectTo: "/cart" });
    expect(again).toMatchObject({ status: 303, location: "/auth?redirectTo=%2Fcart" });
    expect(twin().store.peekSmsCode(phone)).toBe(first);
    // a request for another number is not held by this number's timer
    const other = freshPhone();
    expect((await post(jar, { intent: "request-code", phone: other })).status).toBe(303);
    expect(twin().store.peekSmsCode(other)).toMatch(/^\d{4}$/);
  });

  it("the upstream's own timer wins: its seconds become the code step's countdown", async () => {
    handlers.restore = useHandlers(upstreamError("/api/v1/sign/in/phone/code", 429, "sign.sms.too-frequent", "Повторно запросить код можно через 42 с"));
    const jar = new Jar();
    await post(jar, { intent: "request-code", phone: freshPhone() });
    const page = await get(jar);
    expect(page.body.step).toBe("code");
    expect(page.body.resendInSeconds).toBeGreaterThanOrEqual(41);
    expect(page.body.resendInSeconds).toBeLessThanOrEqual(42);
  });
});

describe("how the header names a signed-in customer (issue 36 §4)", () => {
  const profile = (p: Partial<{ firstName: string | null; phone: string | null; email: string | null }>) =>
    ({ firstName: null, phone: null, email: null, ...p }) as Parameters<typeof personLabel>[0];

  it("the first name, trimmed, and the phone they signed in with as people read it", () => {
    expect(personLabel(profile({ firstName: "  Анна ", phone: "+79001234567", email: "a@example.com" }))).toEqual({ name: "Анна", contact: "+7 900 123 45 67" });
  });

  it("no name: an empty name (the header says 'Профиль'); the e-mail when there is no phone; a phone it cannot read as it is", () => {
    expect(personLabel(profile({ email: "a@example.com" }))).toEqual({ name: "", contact: "a@example.com" });
    expect(personLabel(profile({ phone: "12ab" })).contact).toBe("12ab");
    expect(personLabel(profile({}))).toEqual({ name: "", contact: "" });
  });
});
