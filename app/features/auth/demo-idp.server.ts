import { interpolate } from "~/i18n/translator";
import { translateValidation } from "~/i18n/validation";
/** Demo-mode stand-ins for the identity providers' pages (ADR 032). Every function answers null/404 outside demo mode. */
import { data } from "react-router";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { z } from "zod";
import { parseTranslated } from "~/features/forms/parse-translated";
import { emailSchema } from "~/lib/validation";
import { messagesFor } from "~/i18n/locale.server";
export { createNonce, framedStandInHeaders } from "~server/security";
import { authAction } from "./sign-in.server";
import { ONE_TAP_SCENARIOS, oneTapMessage, VK_ONE_TAP_HANDLERS, type OneTapScenario } from "./vk-one-tap-protocol";
import type { RequestContext } from "~server/context";

const PROVIDERS = { google: "Google", apple: "Apple" } as const;
type Provider = keyof typeof PROVIDERS;

function demoOnly(rc: RequestContext) {
  return rc.config.demo;
}

export async function demoVkAuthorize(rc: RequestContext) {
  if (!demoOnly(rc)) return null;
  const url = rc.url;
  const p = url.searchParams;
  const redirectUri = p.get("redirect_uri") ?? "";
  const state = p.get("state") ?? "";
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return { error: "redirect_uri is required" };
  }
  const origin = rc.config.env.PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? url.origin;
  if (target.origin !== origin || target.pathname !== "/auth") return { error: "redirect_uri must be this site's /auth" };
  if (!/^\d+$/.test(p.get("client_id") ?? "")) return { error: "client_id must be numeric" };
  if (p.get("response_type") !== "code" || p.get("code_challenge_method") !== "S256" || !p.get("code_challenge") || !state) {
    return { error: "response_type=code, code_challenge (S256) and state are required" };
  }
  const allow = new URL(target);
  allow.search = new URLSearchParams({
    code: `demo-vk-code:${(p.get("code_challenge") ?? "").slice(0, 16)}`,
    state,
    device_id: "demo-device",
    type: "code_v2",
    expires_in: "600",
  }).toString();
  const deny = new URL(target);
  deny.search = new URLSearchParams({ error: "access_denied", error_description: "User denied access", state }).toString();
  return { allowUrl: `${allow.pathname}${allow.search}`, denyUrl: `${deny.pathname}${deny.search}` };
}

/**
 * The One Tap stand-in (ADR 045): checks what VK's frame would (numeric app id, a redirect to this site's /auth,
 * the embedding origin is this site) and says what the frame page posts to its parent for the `scenario`.
 */
export async function demoVkOneTap(rc: RequestContext) {
  if (!demoOnly(rc)) return null;
  const url = rc.url;
  const p = url.searchParams;
  const site = rc.config.env.PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? url.origin;
  if (!/^\d+$/.test(p.get("app_id") ?? "")) return { error: "app_id must be numeric" };
  if (p.get("redirect_uri") !== `${site}/auth`) return { error: "redirect_uri must be this site's /auth" };
  if (p.get("origin") !== site) return { error: "origin must be this site" };
  const scenario = z.enum(ONE_TAP_SCENARIOS).catch("ok").parse(p.get("scenario") ?? "ok") satisfies OneTapScenario;
  const locale = p.get("lang_id") === "3" ? "en" : "ru";
  const t = messagesFor(locale).auth.vkWidget;
  return {
    origin: site,
    scenario,
    locale,
    scheme: p.get("scheme") === "light" ? ("light" as const) : ("dark" as const),
    title: t.title,
    person: t.demoPerson,
    continueAs: interpolate(t.demoContinueAs, { name: t.demoPerson }),
    messages: {
      load: oneTapMessage(VK_ONE_TAP_HANDLERS.load),
      error: oneTapMessage(VK_ONE_TAP_HANDLERS.error, { code: 0, text: "demo internal error" }),
      fastAuthDisabled: oneTapMessage(VK_ONE_TAP_HANDLERS.fastAuthDisabled),
      showFullAuth: oneTapMessage(VK_ONE_TAP_HANDLERS.showFullAuth, {}),
    },
  };
}

function provider(value: string): Provider | null {
  return value in PROVIDERS ? (value as Provider) : null;
}

export function demoIdpLoader(rc: RequestContext, raw: string) {
  const p = provider(raw);
  if (!demoOnly(rc) || !p) throw new Response("Not found", { status: 404 });
  const redirectTo = redirectTarget(rc.url.searchParams.get("redirectTo"), "/");
  return { provider: p, providerName: PROVIDERS[p], redirectTo };
}

export async function demoIdpAction(rc: RequestContext, raw: string) {
  const p = provider(raw);
  if (!demoOnly(rc) || !p) throw new Response("Not found", { status: 404 });
  const submission = parseTranslated(await readForm(rc), z.object({ email: emailSchema, redirectTo: z.string().max(2000).optional() }), rc.t);
  if (submission.status !== "success") {
    return data({ error: submission.error?.email?.[0] ?? translateValidation("validation.email.invalid", rc.t) }, { status: 400 });
  }
  // the identity token the provider's script would give, posted the way the real button posts it
  const body = new URLSearchParams({
    intent: "external",
    provider: p,
    idToken: `demo-${p}:${submission.value.email}`,
    redirectTo: redirectTarget(submission.value.redirectTo, "/"),
  });
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  for (const name of ["cookie", "accept-language", "x-forwarded-for"]) {
    const value = rc.request.headers.get(name);
    if (value) headers.set(name, value);
  }
  // the same request's context (its cookies, locale, client) with the posted form in place of this page's
  return authAction({ ...rc, request: new Request(new URL("/auth", rc.url), { method: "POST", headers, body }) });
}
