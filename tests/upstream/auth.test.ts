import { http as mock, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import * as f from "./fixtures";
import { API_KEY, BASE, WHITE_LABEL } from "./fixtures";
import { makeUpstream, setupMswServer } from "./helpers";

const server = setupMswServer();

/** Records the body and headers of a POST and answers `answer`. */
function capture(path: string, answer: () => Response) {
  const seen: { body: unknown; headers: Headers }[] = [];
  server.use(
    mock.post(`${BASE}${path}`, async ({ request }) => {
      const text = await request.text();
      seen.push({ body: text ? JSON.parse(text) : undefined, headers: request.headers });
      return answer();
    }),
  );
  return seen;
}

describe("auth (spec §7 sign calls)", () => {
  it("requestPhoneCode: POST /api/v1/sign/in/phone/code { apiKey, captchaToken, mode: WEB, phone, whiteLabel }", async () => {
    const seen = capture("/api/v1/sign/in/phone/code", () => new HttpResponse(null, { status: 204 }));
    await expect(makeUpstream().auth.requestPhoneCode({ phone: "+79990000000", captchaToken: "cap" })).resolves.toBeUndefined();
    expect(seen[0]?.body).toEqual({
      apiKey: API_KEY,
      captchaToken: "cap",
      mode: "WEB",
      phone: "+79990000000",
      whiteLabel: WHITE_LABEL,
    });
  });

  it("requestPhoneCode rate limit: the server's first message and code", async () => {
    capture("/api/v1/sign/in/phone/code", () =>
      HttpResponse.json(
        { errors: [{ code: "sms.too-often", message: "Код можно запрашивать раз в 90 секунд" }] },
        { status: 429 },
      ),
    );
    await expect(makeUpstream().auth.requestPhoneCode({ phone: "+79990000000", captchaToken: null })).rejects.toMatchObject({
      status: 429,
      code: "sms.too-often",
      message: "Код можно запрашивать раз в 90 секунд",
    });
  });

  it("signInPhone: POST /api/v1/sign/in/phone { apiKey, captchaToken, code, phone } → tokens", async () => {
    const seen = capture("/api/v1/sign/in/phone", () => HttpResponse.json(f.tokens));
    const tokens = await makeUpstream().auth.signInPhone({ phone: "+79990000000", code: "1234", captchaToken: "cap" });
    expect(tokens).toEqual(f.tokens);
    expect(seen[0]?.body).toEqual({ apiKey: API_KEY, captchaToken: "cap", code: "1234", phone: "+79990000000" });
  });

  it.each(["google", "apple"] as const)(
    "signIn %s: the identity token in header x-external-id-token → tokens",
    async (provider) => {
      const seen = capture(`/api/v1/sign/in/${provider}`, () => HttpResponse.json(f.tokens));
      const upstream = makeUpstream();
      const tokens =
        provider === "google" ? await upstream.auth.signInGoogle("id-token") : await upstream.auth.signInApple("id-token");
      expect(tokens).toEqual(f.tokens);
      expect(seen[0]?.headers.get("x-external-id-token")).toBe("id-token");
      expect(seen[0]?.headers.get("authorization")).toBeNull();
    },
  );

  it("signInVk: POST /1/sign/in/vk-id { apiKey, code, codeVerifier, deviceId, redirectUri, state } → tokens incl. vkAccessToken", async () => {
    const seen = capture("/1/sign/in/vk-id", () => HttpResponse.json({ ...f.tokens, vkAccessToken: "vk-1" }));
    const request = {
      code: "c",
      codeVerifier: "v".repeat(43),
      deviceId: "d",
      redirectUri: "https://shop.test/auth",
      state: "s".repeat(64),
    };
    const tokens = await makeUpstream().auth.signInVk(request);
    expect(tokens).toEqual({ ...f.tokens, vkAccessToken: "vk-1" });
    expect(seen[0]?.body).toEqual({ apiKey: API_KEY, ...request });
  });

  it("refresh: POST /api/v1/sign/refresh with Bearer <refresh token> → new tokens", async () => {
    const seen = capture("/api/v1/sign/refresh", () =>
      HttpResponse.json({ accessToken: "access-2", refreshToken: "refresh-2", vkAccessToken: null }),
    );
    const tokens = await makeUpstream().auth.refresh("refresh-1");
    expect(tokens).toEqual({ accessToken: "access-2", refreshToken: "refresh-2", vkAccessToken: null });
    expect(seen[0]?.headers.get("authorization")).toBe("Bearer refresh-1");
  });

  it("tokens missing from the answer: 'invalid-response'", async () => {
    capture("/api/v1/sign/refresh", () => HttpResponse.json({ accessToken: "" }));
    await expect(makeUpstream().auth.refresh("r")).rejects.toMatchObject({
      code: "invalid-response",
      message: "Неизвестная ошибка",
    });
  });
});
