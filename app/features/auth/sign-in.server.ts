/**
 * The /auth page's loader data and its one action per intent (issue 6). Everything works as plain form posts
 * answered with 303 redirects (JavaScript off); with JavaScript the same posts run through React Router's fetch
 * navigation. Bad input answers 400 with a message in the customer's language; upstream failures too.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { readForm } from "~/features/forms/read-form.server";
import { type FormResult } from "~/features/forms/form-result";
import { parseTranslated } from "~/features/forms/parse-translated";
import { SMS_RESEND_SECONDS } from "~/lib/constants";
import { redirectTarget as sameOriginTarget } from "~/lib/redirect-target";
import { codeChallenge, generateCodeVerifier, generateState, isValidState } from "~/lib/pkce";
import { messagesFor } from "~/i18n/locale.server";
import { checkSignInLimit } from "~server/auth";
import { isApiError, type ApiError } from "~server/upstream/errors";
import { formatPhone } from "./auth.server";
import { oneTapFrameUrl } from "./vk-one-tap-protocol";
import { captchaConfig } from "./captcha";
import { codeFormSchema, phoneFormSchema } from "./forms";
import type { RequestContext } from "~server/context";

type AuthMessages = ReturnType<typeof messagesFor>["auth"];
type AuthMethod = "PHONE" | "GOOGLE" | "APPLE" | "VK";

/** Short-lived flow state kept in the auth cookie's `flow` record. */
const flowSchema = z
  .object({
    phone: z.string().optional(),
    sentAt: z.number().optional(),
    redirectTo: z.string().optional(),
    vk: z.object({ verifier: z.string(), state: z.string(), mode: z.enum(["redirect", "popup"]), startedAt: z.number() }).optional(),
  })
  .catch({});
type Flow = z.infer<typeof flowSchema>;

async function readFlow(rc: RequestContext): Promise<Flow> {
  return flowSchema.parse((await rc.session.get("auth")).flow ?? {});
}
async function writeFlow(rc: RequestContext, flow: Flow) {
  const auth = await rc.session.get("auth");
  auth.flow = Object.keys(flow).length ? (flow as Record<string, unknown>) : undefined;
  if (!auth.flow) delete auth.flow;
}

function fill(template: string, values: Record<string, string | number>) {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

const VK_FLOW_TTL_MS = 10 * 60 * 1000;
const CODE_STEP_TTL_MS = 30 * 60 * 1000;

// ── which methods ─────────────────────────────────────────────────────────────────────────────────

/** The methods the brand enables and this server can run (ADR 032: demo stand-ins when no client id). */
export function availableMethods(rc: RequestContext): { phone: boolean; google: boolean; apple: boolean; vk: boolean } {
  const { config, vk } = rc.services;
  const enabled = (m: AuthMethod) => config.brand.authMethods.includes(m);
  const keys = config.brand.keys;
  return {
    phone: enabled("PHONE"),
    google: enabled("GOOGLE") && (Boolean(keys.googleClientId) || config.demo),
    apple: enabled("APPLE") && (Boolean(keys.appleClientId) || config.demo),
    vk: enabled("VK") && vk.clientId !== null,
  };
}

function redirectTarget(value: string | null | undefined) {
  const target = sameOriginTarget(value, "/");
  return target.startsWith("/auth") ? "/" : target;
}

function siteOrigin(rc: RequestContext) {
  return rc.config.env.PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? rc.url.origin;
}

// ── loader ────────────────────────────────────────────────────────────────────────────────────────

export async function authLoader(rc: RequestContext) {
  const url = rc.url;
  if (url.searchParams.has("state") && (url.searchParams.has("code") || url.searchParams.has("error"))) {
    return vkCallback(rc, url);
  }
  const redirectTo = redirectTarget(url.searchParams.get("redirectTo"));
  if (await rc.person.get()) {
    throw redirect(redirectTo, { status: 303, headers: await rc.session.commitHeaders() });
  }
  return data(await pageData(rc, redirectTo), { headers: await rc.session.commitHeaders() });
}

export async function pageData(rc: RequestContext, redirectTo: string) {
  const { config, demo } = rc.services;
  const flow = await readFlow(rc);
  // a code step left long ago starts over (a code lives minutes, not days)
  const fresh = Boolean(flow.phone && flow.sentAt && Date.now() - flow.sentAt < CODE_STEP_TTL_MS);
  const step: "phone" | "code" = fresh ? "code" : "phone";
  const methods = availableMethods(rc);
  const clientId = rc.services.vk.clientId;
  const resendInSeconds = flow.sentAt ? Math.max(0, Math.ceil((flow.sentAt + SMS_RESEND_SECONDS * 1000 - Date.now()) / 1000)) : 0;
  return {
    redirectTo,
    methods,
    step,
    phone: fresh ? (flow.phone ?? null) : null,
    phoneDisplay: fresh && flow.phone ? formatPhone(flow.phone) : null,
    resendInSeconds,
    // the SMS code on the page only in demo mode (never against a real upstream)
    demoCode: config.demo && demo && fresh && flow.phone ? demo.smsCode(flow.phone) : null,
    demo: config.demo,
    /** the captcha widget of the forms that request an SMS code (ADR 095); null when the brand has none */
    captcha: captchaConfig(config.brand.keys.captchaSiteKey, config.demo),
    googleClientId: config.brand.keys.googleClientId,
    appleClientId: config.brand.keys.appleClientId,
    /** the VK One Tap frame's address (ADR 045): with JavaScript the frame shows above the VK button */
    vkOneTapUrl:
      methods.vk && clientId
        ? oneTapFrameUrl({
            base: rc.services.vk.oneTapBase,
            clientId,
            redirectUri: `${siteOrigin(rc)}/auth`,
            origin: siteOrigin(rc),
            locale: rc.locale,
            scheme: config.brand.theme.mode,
          })
        : null,
    /** the VK popup's hand-over (ADR 033), set only on the popup's callback page */
    vkPopup: null as { code: string; state: string; deviceId: string } | null,
    /** an error of the VK redirect callback */
    error: null as string | null,
    honeypot: rc.services.honeypot.props(),
  };
}
export type AuthPageData = Awaited<ReturnType<typeof pageData>>;

// ── action ────────────────────────────────────────────────────────────────────────────────────────

const redirectField = z.string().max(2000).optional();
/** the bot-protection token (issue 6 §2), required only when the brand configures a captcha */
const captchaField = z.string().max(4000).optional();
const actionSchema = z.discriminatedUnion("intent", [
  phoneFormSchema.extend({ intent: z.literal("request-code"), redirectTo: redirectField, captchaToken: captchaField }),
  z.object({ intent: z.literal("resend"), redirectTo: redirectField, captchaToken: captchaField }),
  codeFormSchema.extend({ intent: z.literal("verify"), redirectTo: redirectField, captchaToken: captchaField }),
  z.object({ intent: z.literal("restart"), redirectTo: redirectField }),
  z.object({
    intent: z.literal("external"),
    provider: z.enum(["google", "apple"]),
    idToken: z.string().min(1).max(8000),
    redirectTo: redirectField,
  }),
  z.object({ intent: z.literal("vk-start"), mode: z.enum(["redirect", "popup"]).default("redirect"), redirectTo: redirectField }),
  z.object({
    intent: z.literal("vk-exchange"),
    code: z.string().min(1).max(2000),
    state: z.string().min(1).max(200),
    deviceId: z.string().min(1).max(400),
    redirectTo: redirectField,
  }),
]);

/**
 * The action's answer: conform's submission result (ADR 103) — validation messages under `phone`/`code`, an
 * upstream refusal under the field it is about (`phone` for a code request, `code` for a code check or a
 * too-early request) or form-level; the sent `intent` comes back in `initialValue`. Plus two facts that are
 * not about a field: the seconds until a new code may be requested, and the VK popup's authorize address.
 */
export type AuthActionData = FormResult & {
  resendInSeconds?: number;
  authorizeUrl?: string;
  vkState?: string;
};

export async function authAction(rc: RequestContext) {
  const locale = rc.locale;
  const t = messagesFor(locale).auth;
  const formData = await readForm(rc);
  const submission = parseTranslated(formData, actionSchema, rc.t);
  const intent = String(formData.get("intent") ?? "");
  const answer = async (result: AuthActionData, status = 400) => data(result, { status, headers: await rc.session.commitHeaders() });
  /** a refusal: beside `field` when it names one, else about the whole form */
  const fail = async (message: string, extra: { field?: "phone" | "code"; resendInSeconds?: number } = {}, status = 400) =>
    answer(
      {
        ...submission.reply(extra.field ? { fieldErrors: { [extra.field]: [message] } } : { formErrors: [message] }),
        ...(extra.resendInSeconds === undefined ? {} : { resendInSeconds: extra.resendInSeconds }),
      },
      status,
    );

  // the forms that send an SMS or check a code carry a honeypot (issue 8 §2); the rest are harmless
  if ((intent === "request-code" || intent === "verify") && !rc.services.honeypot.isHuman(formData, `auth:${intent}`)) {
    return fail(messagesFor(locale).errors.formRejected);
  }

  if (submission.status !== "success") {
    // the typed fields' messages (translated); anything else (a forged intent, a huge token) is the form's
    const issues = submission.error ?? {};
    if (issues.phone?.[0] || issues.code?.[0]) return answer(submission.reply());
    // only the form's message: the parser's own words about a forged field are not the customer's language
    const message = messagesFor(locale).errors.requestFailed;
    return answer({ ...submission.reply({ formErrors: [message] }), error: { "": [message] } });
  }
  const value = submission.value;
  const flow = await readFlow(rc);
  const redirectTo = redirectTarget(value.redirectTo ?? flow.redirectTo);
  const back = async (to = `/auth?redirectTo=${encodeURIComponent(redirectTo)}`) =>
    redirect(to, { status: 303, headers: await rc.session.commitHeaders() });
  const methods = availableMethods(rc);
  const { upstream } = rc.services;

  try {
    switch (value.intent) {
      case "request-code":
      case "resend": {
        if (!methods.phone) return fail(t.errors.methodUnavailable);
        const phone = value.intent === "request-code" ? value.phone : flow.phone;
        if (!phone) return fail(t.errors.noCodeRequested);
        // the upstream judges the token (ADR 095): without JavaScript there is none, and its refusal is shown
        const captchaToken = value.captchaToken || null;
        // spec §9: one code per 90 s — without JavaScript the server refuses and says how long to wait
        if (flow.phone === phone && flow.sentAt) {
          const left = Math.ceil((flow.sentAt + SMS_RESEND_SECONDS * 1000 - Date.now()) / 1000);
          if (left > 0) {
            if (value.intent === "request-code") return back();
            return fail(fill(t.errors.tooFrequent, { seconds: left }), { resendInSeconds: left }, 429);
          }
        }
        const limit = await checkSignInLimit(rc.services.rateLimits, "code-request", phone, rc.clientAddress);
        if (!limit.ok) return fail(fill(t.errors.rateLimited, { seconds: limit.retryAfterSeconds }), {}, 429);
        try {
          await upstream.auth.requestPhoneCode({ phone, captchaToken });
        } catch (error) {
          if (isApiError(error) && error.code === "sign.sms.too-frequent") {
            // the upstream's timer wins: show the code step with its countdown
            const seconds = secondsIn(error) ?? SMS_RESEND_SECONDS;
            await writeFlow(rc, { phone, sentAt: Date.now() - (SMS_RESEND_SECONDS - seconds) * 1000, redirectTo });
            return fail(smsErrorText(error, t), { resendInSeconds: seconds, field: "code" }, 429);
          }
          throw error;
        }
        await writeFlow(rc, { phone, sentAt: Date.now(), redirectTo });
        return back();
      }
      case "verify": {
        if (!methods.phone) return fail(t.errors.methodUnavailable);
        if (!flow.phone) return fail(t.errors.noCodeRequested);
        const limit = await checkSignInLimit(rc.services.rateLimits, "code-check", flow.phone, rc.clientAddress);
        if (!limit.ok) return fail(fill(t.errors.rateLimited, { seconds: limit.retryAfterSeconds }), { field: "code" }, 429);
        const tokens = await upstream.auth.signInPhone({ phone: flow.phone, code: value.code, captchaToken: value.captchaToken || null });
        await rc.person.signIn(tokens, "PHONE");
        return back(redirectTo);
      }
      case "restart":
        await writeFlow(rc, { redirectTo });
        return back();
      case "external": {
        const provider = value.provider;
        if (!methods[provider]) return fail(t.errors.methodUnavailable);
        const tokens = provider === "google" ? await upstream.auth.signInGoogle(value.idToken) : await upstream.auth.signInApple(value.idToken);
        await rc.person.signIn(tokens, provider === "google" ? "GOOGLE" : "APPLE");
        return back(redirectTo);
      }
      case "vk-start": {
        const clientId = rc.services.vk.clientId;
        if (!methods.vk || !clientId) return fail(t.errors.methodUnavailable);
        const redirectUri = `${siteOrigin(rc)}/auth`;
        const verifier = generateCodeVerifier();
        const state = generateState();
        await writeFlow(rc, { ...flow, redirectTo, vk: { verifier, state, mode: value.mode, startedAt: Date.now() } });
        const authorizeUrl = `${rc.services.vk.authorizeBase}?${new URLSearchParams({
          response_type: "code",
          client_id: clientId,
          redirect_uri: redirectUri,
          state,
          code_challenge: await codeChallenge(verifier),
          code_challenge_method: "S256",
          scope: "vkid.personal_info phone email",
          prompt: "login",
        }).toString()}`;
        if (value.mode === "popup") {
          return answer({ ...submission.reply(), authorizeUrl, vkState: state }, 200);
        }
        return redirect(authorizeUrl, { status: 303, headers: await rc.session.commitHeaders() });
      }
      case "vk-exchange": {
        const result = await exchangeVk(rc, flow, value.code, value.state, value.deviceId);
        if (result !== "ok") return fail(result === "state" ? t.errors.vkStateMismatch : t.errors.vkFailed);
        return back(redirectTo);
      }
    }
  } catch (error) {
    if (isApiError(error)) {
      // a refused code check is about the code; a refused code request about the whole phone form
      const field = value.intent === "verify" ? ("code" as const) : undefined;
      const text = value.intent === "external" ? t.errors.externalFailed : value.intent.startsWith("vk") ? t.errors.vkFailed : smsErrorText(error, t);
      // the upstream's own refusal keeps its 4xx; the upstream away (5xx, network, timeout) is 422 with the message,
      // as the checkout answers it (ADR 146): an action's failure is the customer's to read, never a 5xx
      const status = error.kind === "http" && error.status >= 400 && error.status < 500 ? error.status : 422;
      return fail(isNetwork(error) ? t.errors.network : text, { field }, status === 401 || status === 403 ? 400 : status);
    }
    throw error;
  }
}


function isNetwork(error: ApiError) {
  return error.kind === "network" || error.kind === "timeout";
}

function secondsIn(error: ApiError): number | null {
  const match = /(\d+)\s*(с|s|сек)/i.exec(error.serverMessage ?? "");
  return match ? Number(match[1]) : null;
}

/** spec §8 SMS errors in the customer's language (the upstream's codes; its Russian text is not shown in English). */
export function smsErrorText(error: ApiError, t: AuthMessages): string {
  switch (error.code) {
    case "sign.sms.too-frequent":
      return fill(t.errors.tooFrequent, { seconds: secondsIn(error) ?? SMS_RESEND_SECONDS });
    case "sign.sms.code-invalid": {
      const left = /(\d+)\s*$/.exec(error.serverMessage ?? "");
      return left ? fill(t.errors.codeInvalidLeft, { count: Number(left[1]) }) : t.errors.codeInvalid;
    }
    case "sign.sms.attempts-exhausted":
      return t.errors.attemptsExhausted;
    case "sign.sms.code-not-found":
      return t.errors.codeNotFound;
    case "sign.sms.send-failed":
      return t.errors.sendFailed;
    case "sign.sms.send-failed.phone-unreachable":
      return t.errors.phoneUnreachable;
    case "sign.phone-invalid":
      return t.validation.phoneInvalid;
    default:
      // the captcha's refusal (a missing, expired or forged token), whatever the upstream names it
      if (error.code?.includes("captcha")) return t.errors.captchaRequired;
      return isNetwork(error) ? t.errors.network : t.errors.failed;
  }
}

// ── VK ID ─────────────────────────────────────────────────────────────────────────────────────────

async function exchangeVk(rc: RequestContext, flow: Flow, code: string, state: string, deviceId: string): Promise<"ok" | "state" | "failed"> {
  const vk = flow.vk;
  // spec §5/§8 (104): a state that is not the one this browser started with is refused
  if (!vk || !isValidState(state) || state !== vk.state || Date.now() - vk.startedAt > VK_FLOW_TTL_MS) {
    await writeFlow(rc, { ...flow, vk: undefined });
    return "state";
  }
  await writeFlow(rc, { ...flow, vk: undefined });
  const { upstream } = rc.services;
  try {
    const tokens = await upstream.auth.signInVk({ code, codeVerifier: vk.verifier, deviceId, redirectUri: `${siteOrigin(rc)}/auth`, state });
    await rc.person.signIn(tokens, "VK");
    return "ok";
  } catch (error) {
    if (isApiError(error)) return "failed";
    throw error;
  }
}

/** GET /auth?code=…&state=…&device_id=… — VK ID's redirect back (the no-JavaScript flow). */
async function vkCallback(rc: RequestContext, url: URL) {
  const locale = rc.locale;
  const t = messagesFor(locale).auth;
  const flow = await readFlow(rc);
  const redirectTo = redirectTarget(flow.redirectTo);
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code");
  const deviceId = url.searchParams.get("device_id") ?? "web";
  if (flow.vk?.mode === "popup" && state === flow.vk.state && code) {
    // the popup flow: this page only hands code and state to the window that opened it (ADR 033)
    return data({ ...(await pageData(rc, redirectTo)), vkPopup: { code, state, deviceId } }, { headers: await rc.session.commitHeaders() });
  }
  let error: string;
  if (!code) {
    await writeFlow(rc, { ...flow, vk: undefined });
    error = t.errors.vk103;
  } else {
    const result = await exchangeVk(rc, flow, code, state, deviceId);
    if (result === "ok") throw redirect(redirectTo, { status: 303, headers: await rc.session.commitHeaders() });
    error = result === "state" ? t.errors.vkStateMismatch : t.errors.vkFailed;
  }
  return data({ ...(await pageData(rc, redirectTo)), error }, { status: 400, headers: await rc.session.commitHeaders() });
}
