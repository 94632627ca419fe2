/**
 * Sign in with Apple by full-page redirect (issue 6 §3). Our "start" form posts to /auth/apple (a page route);
 * Apple answers with `response_mode=form_post`: a cross-site POST to /auth/apple/callback, a resource route
 * (issue 14 §7) — React Router refuses a cross-origin POST to a route with UI (its CSRF check answers 500), and
 * server.mjs lets cross-site POSTs through to that one path only. The POST does not carry our SameSite=Lax
 * cookies, so the state and the way back travel in their own short-lived `SameSite=None; Secure` cookie
 * (ADR 034). The identity token goes to `POST /api/v1/sign/in/apple` in `x-external-id-token`, never to the
 * browser.
 */
import { createCookie, data, redirect } from "react-router";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { z } from "zod";
import { parseTranslated } from "~/features/forms/parse-translated";
import { generateState } from "~/lib/pkce";
import { messagesFor } from "~/i18n/locale.server";
import { isApiError } from "~server/upstream/errors";
import type { RequestContext } from "~server/context";

export const APPLE_AUTHORIZE_URL = "https://appleid.apple.com/auth/authorize";
const STATE_TTL_SECONDS = 600;

/** the state of one sign-in, sealed with the session secrets; SameSite=None: Apple's callback is a cross-site POST */
function appleStateCookie(rc: RequestContext) {
  return createCookie("sf_apple_state", {
    httpOnly: true,
    secure: true,
    sameSite: "none",
    path: "/auth/apple",
    maxAge: STATE_TTL_SECONDS,
    secrets: rc.config.sessionSecrets,
  });
}

const stateValue = z.object({ state: z.string(), redirectTo: z.string(), at: z.number() });

const callbackSchema = z.object({
  intent: z.undefined().optional(),
  id_token: z.string().min(1).max(8000),
  state: z.string().min(1).max(200),
  code: z.string().max(2000).optional(),
  user: z.string().max(4000).optional(),
});
const startSchema = z.object({ intent: z.literal("start"), redirectTo: z.string().max(2000).optional() });

function origin(rc: RequestContext) {
  return rc.config.env.PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? rc.url.origin;
}

export const APPLE_CALLBACK_PATH = "/auth/apple/callback";
/** where a failed callback sends the customer: the /auth/apple page says so and offers another way */
export const APPLE_FAILED_PATH = "/auth/apple?failed";

/** POST /auth/apple: our own "start" form (same-site). */
export async function appleAction(rc: RequestContext) {
  const form = await readForm(rc);
  const locale = rc.locale;
  const t = messagesFor(locale).auth;
  const clientId = rc.config.brand.keys.appleClientId;
  const methodOn = rc.config.brand.authMethods.includes("APPLE");

  const start = parseTranslated(form, startSchema, rc.t);
  if (start.status !== "success") return data({ error: t.errors.externalFailed }, { status: 400 });
  if (!clientId || !methodOn) return data({ error: t.errors.methodUnavailable }, { status: 400 });
  const redirectTo = redirectTarget(start.value.redirectTo, "/");
  const state = generateState();
  const url = `${APPLE_AUTHORIZE_URL}?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin(rc)}${APPLE_CALLBACK_PATH}`,
    response_type: "code id_token",
    response_mode: "form_post",
    scope: "name email",
    state,
  }).toString()}`;
  const headers = new Headers({ "Set-Cookie": await appleStateCookie(rc).serialize({ state, redirectTo, at: Date.now() }) });
  return redirect(url, { status: 303, headers });
}

/**
 * POST /auth/apple/callback: Apple's form_post (cross-site; only the SameSite=None state cookie comes with
 * it). Accepted only when `state` equals the cookie's and is less than ten minutes old; the answer sets the
 * auth cookie (the cart cookie, which did not come with the POST, is left alone), clears the state cookie
 * and 303s back — or, on any failure, to the /auth/apple page that says sign-in failed.
 */
export async function appleCallbackAction(rc: RequestContext) {
  const clear = await appleStateCookie(rc).serialize("", { maxAge: 0 });
  const back = (target: string) => {
    const headers = new Headers({ Location: target });
    headers.append("Set-Cookie", clear);
    return new Response(null, { status: 303, headers });
  };
  const methodOn = rc.config.brand.authMethods.includes("APPLE") && Boolean(rc.config.brand.keys.appleClientId);
  let form: FormData;
  try {
    form = await readForm(rc); // a body that is not a form, or past the size limit, is a failed sign-in too
  } catch {
    return back(APPLE_FAILED_PATH);
  }
  const callback = parseTranslated(form, callbackSchema, rc.t);
  const saved = stateValue.safeParse(await appleStateCookie(rc).parse(rc.request.headers.get("Cookie")));
  if (!methodOn || callback.status !== "success") return back(APPLE_FAILED_PATH);
  if (!saved.success || saved.data.state !== callback.value.state || Date.now() - saved.data.at > STATE_TTL_SECONDS * 1000) {
    return back(APPLE_FAILED_PATH);
  }
  try {
    const tokens = await rc.services.upstream.auth.signInApple(callback.value.id_token);
    await rc.person.signIn(tokens, "APPLE");
  } catch (error) {
    if (isApiError(error)) return back(APPLE_FAILED_PATH);
    throw error;
  }
  const response = back(redirectTarget(saved.data.redirectTo, "/"));
  for (const cookie of (await rc.session.commitHeaders()).getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
}
