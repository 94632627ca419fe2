/** Sign-in and token refresh (spec §4 "States", §7 sign calls). POSTs: never cached, never retried. */
import { z } from "zod";
import type { UpstreamDeps } from "./deps";
import { tokenSetSchema, type TokenSetDto } from "~/lib/model";

/** The answer of the SMS code request is not read (spec §7 "requests an SMS code"). */
const ignoredAnswer = z.unknown();

export interface PhoneCodeRequest {
  /** E.164, e.g. +79991234567 */
  phone: string;
  /** the bot-protection token; null when no captcha is configured */
  captchaToken: string | null;
}

export interface PhoneSignIn extends PhoneCodeRequest {
  code: string;
}

export interface VkSignIn {
  code: string;
  codeVerifier: string;
  deviceId: string;
  redirectUri: string;
  state: string;
}

export interface Auth {
  /** POST /api/v1/sign/in/phone/code { apiKey, captchaToken, mode: 'WEB', phone, whiteLabel } */
  requestPhoneCode(request: PhoneCodeRequest): Promise<void>;
  /** POST /api/v1/sign/in/phone { apiKey, captchaToken, code, phone } → tokens */
  signInPhone(request: PhoneSignIn): Promise<TokenSetDto>;
  /** POST /api/v1/sign/in/google, identity token in header x-external-id-token → tokens */
  signInGoogle(idToken: string): Promise<TokenSetDto>;
  /** POST /api/v1/sign/in/apple, identity token in header x-external-id-token → tokens */
  signInApple(idToken: string): Promise<TokenSetDto>;
  /** POST /1/sign/in/vk-id { apiKey, code, codeVerifier, deviceId, redirectUri, state } → tokens incl. vkAccessToken */
  signInVk(request: VkSignIn): Promise<TokenSetDto>;
  /** POST /api/v1/sign/refresh with `Authorization: Bearer <refresh token>` → new tokens */
  refresh(refreshToken: string): Promise<TokenSetDto>;
}

export function createAuth({ http, apiKey, whiteLabel }: Pick<UpstreamDeps, "http" | "apiKey" | "whiteLabel">): Auth {
  const external = (provider: "google" | "apple", idToken: string) =>
    http.post(`/api/v1/sign/in/${provider}`, undefined, tokenSetSchema, { headers: { "x-external-id-token": idToken } });

  return {
    async requestPhoneCode({ phone, captchaToken }) {
      await http.post("/api/v1/sign/in/phone/code", { apiKey, captchaToken, mode: "WEB", phone, whiteLabel }, ignoredAnswer);
    },
    signInPhone: ({ phone, code, captchaToken }) =>
      http.post("/api/v1/sign/in/phone", { apiKey, captchaToken, code, phone }, tokenSetSchema),
    signInGoogle: (idToken) => external("google", idToken),
    signInApple: (idToken) => external("apple", idToken),
    signInVk: ({ code, codeVerifier, deviceId, redirectUri, state }) =>
      http.post("/1/sign/in/vk-id", { apiKey, code, codeVerifier, deviceId, redirectUri, state }, tokenSetSchema),
    refresh: (refreshToken) => http.post("/api/v1/sign/refresh", undefined, tokenSetSchema, { token: refreshToken }),
  };
}
