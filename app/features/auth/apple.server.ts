/**
 * Sign in with Apple by full-page redirect (issue 6 §3). Apple answers with `response_mode=form_post`: a
 * cross-site POST to /auth/apple, which does not carry our SameSite=Lax cookies — so the state and the way back
 * travel in their own short-lived `SameSite=None; Secure` cookie (ADR 034). The identity token goes to
 * `POST /api/v1/sign/in/apple` in `x-external-id-token`, never to the browser.
 */
import { createCookie, data, redirect } from "@remix-run/node";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { z } from "zod";
import { parseWithZod } from "@conform-to/zod";
import { generateState } from "~/lib/pkce";
import { getLocale, messagesFor } from "~/i18n/locale.server";
import { commitHeaders } from "~server/session";
import { getContext } from "~server/context";
import { isApiError } from "~server/upstream/errors";
import { completeSignIn } from "./auth.server";

export const APPLE_AUTHORIZE_URL = "https://appleid.apple.com/auth/authorize";
const STATE_TTL_SECONDS = 600;

let stateCookie: ReturnType<typeof createCookie> | undefined;
function appleStateCookie() {
  stateCookie ??= createCookie("sf_apple_state", {
    httpOnly: true,
    secure: true,
    sameSite: "none",
    path: "/auth/apple",
    maxAge: STATE_TTL_SECONDS,
    secrets: getContext().config.sessionSecrets,
  });
  return stateCookie;
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

function origin(request: Request) {
  return getContext().config.env.PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? new URL(request.url).origin;
}

/** POST /auth/apple: either our own "start" form, or Apple's form_post callback. */
export async function appleAction(request: Request) {
  const form = await readForm(request);
  const locale = await getLocale(request);
  const t = messagesFor(locale).auth;
  const clientId = getContext().config.brand.keys.appleClientId;
  const methodOn = getContext().config.brand.authMethods.includes("APPLE");

  if (form.get("intent") === "start") {
    const start = parseWithZod(form, { schema: startSchema });
    if (!clientId || !methodOn) return data({ error: t.errors.methodUnavailable }, { status: 400 });
    const redirectTo = redirectTarget(start.status === "success" ? start.value.redirectTo : "/", "/");
    const state = generateState();
    const url = `${APPLE_AUTHORIZE_URL}?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${origin(request)}/auth/apple`,
      response_type: "code id_token",
      response_mode: "form_post",
      scope: "name email",
      state,
    }).toString()}`;
    const headers = new Headers({ "Set-Cookie": await appleStateCookie().serialize({ state, redirectTo, at: Date.now() }) });
    return redirect(url, { status: 303, headers });
  }

  const callback = parseWithZod(form, { schema: callbackSchema });
  const saved = stateValue.safeParse(await appleStateCookie().parse(request.headers.get("Cookie")));
  const clear = await appleStateCookie().serialize("", { maxAge: 0 });
  const back = (target: string, status = 303) => {
    const headers = new Headers({ Location: target });
    headers.append("Set-Cookie", clear);
    return new Response(null, { status, headers });
  };
  if (callback.status !== "success") return data({ error: t.errors.externalFailed }, { status: 400, headers: { "Set-Cookie": clear } });
  if (!saved.success || saved.data.state !== callback.value.state || Date.now() - saved.data.at > STATE_TTL_SECONDS * 1000) {
    return data({ error: t.errors.externalFailed }, { status: 400, headers: { "Set-Cookie": clear } });
  }
  try {
    const tokens = await getContext().upstream.auth.signInApple(callback.value.id_token);
    await completeSignIn(request, tokens, "APPLE");
  } catch (error) {
    if (isApiError(error)) return data({ error: t.errors.externalFailed }, { status: 400, headers: { "Set-Cookie": clear } });
    throw error;
  }
  const response = back(redirectTarget(saved.data.redirectTo, "/"));
  for (const cookie of (await commitHeaders(request)).getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
}
