/**
 * The signed-in person (spec §4 "Signed in only when profile, access token and refresh token are all present.
 * … If the access token is expired and the refresh token is not, refresh; if the refresh token is expired,
 * sign out (VK sign-out for VK source)").
 *
 * Tokens live only in the encrypted auth cookie (server/session.ts `auth`). Loaders and actions ask
 * `getPerson(request)`; when it refreshed or signed out it changed the auth state, so the caller MUST return
 * `commitHeaders(request)` with its answer (or the browser keeps the old cookie and refreshes again).
 * One call per request: the answer is memoised per Request, so parallel loaders refresh once.
 */
import { redirect } from "@remix-run/node";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { redirectTarget } from "~/lib/redirect-target";
import { tokenDecision } from "~/lib/tokens";
import { getContext } from "~server/context";
import { getState, setState, type AuthState } from "~server/session";
import { vkLogout } from "~server/auth";
import { getRevocationStore, newSessionId } from "~server/auth/revocation";
import { effectiveProfile } from "~server/upstream/profile";
import { isApiError } from "~server/upstream/errors";
import type { TokenSetDto } from "~/lib/model";

export type SignInSource = NonNullable<AuthState["person_token_set"]>["source"];

export interface PersonProfile {
  firstName: string | null;
  phone: string | null;
  email: string | null;
}

export interface Person {
  personId: number;
  /** server-side only: never put it in loader data */
  accessToken: string;
  source: SignInSource;
  profile: PersonProfile;
}

const perRequest = new WeakMap<Request, Promise<Person | null>>();

/** The signed-in person of this request, refreshing the access token when needed; null when signed out. */
export function getPerson(request: Request): Promise<Person | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = resolvePerson(request);
    perRequest.set(request, pending);
  }
  return pending;
}

/** The signed-in person, or a 303 to `/auth?redirectTo=…` (same-origin paths only). */
export async function requirePerson(request: Request, redirectTo?: string): Promise<Person> {
  const person = await getPerson(request);
  if (person) return person;
  const url = new URL(request.url);
  const back = redirectTarget(redirectTo ?? `${url.pathname}${url.search}`, "/");
  throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`, { status: 303 });
}

async function resolvePerson(request: Request): Promise<Person | null> {
  const auth = await getState(request, "auth");
  const tokens = auth.person_token_set;
  const profile = auth.person_profile;
  if (!tokens || !profile || !tokens.accessToken || !tokens.refreshToken) {
    // half a sign-in is no sign-in (spec §4): drop the leftovers, keep a running sign-in flow
    if (tokens || profile) await clearPerson(request);
    return null;
  }
  // a signed-out session's cookie, copied before the sign-out, signs no one in (issue 14 §10, ADR 073)
  if (auth.session_id && (await getRevocationStore().isRevoked(auth.session_id))) {
    await clearPerson(request);
    return null;
  }
  const { upstream } = getContext();
  const decision = tokenDecision(tokens, upstream.clock.now());
  if (decision === "sign-out") {
    await signOut(request);
    return null;
  }
  let current = tokens;
  if (decision === "refresh") {
    try {
      const fresh = await upstream.auth.refresh(tokens.refreshToken);
      current = {
        accessToken: fresh.accessToken,
        refreshToken: fresh.refreshToken,
        vkAccessToken: fresh.vkAccessToken ?? tokens.vkAccessToken ?? null,
        source: tokens.source,
      };
      auth.person_token_set = current;
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        await signOut(request);
        return null;
      }
      // the upstream is failing: keep the customer signed in with the tokens they have
      throw error;
    }
  }
  return {
    personId: profile.id,
    accessToken: current.accessToken,
    source: current.source,
    profile: { firstName: profile.firstName, phone: profile.phone, email: profile.email },
  };
}

async function clearPerson(request: Request) {
  const auth = await getState(request, "auth");
  await setState(request, "auth", auth.flow ? { flow: auth.flow } : {});
}

/**
 * Sign-out (spec §4): clears tokens and stored person data — the cart lives in the storefront cookie and is
 * kept — and signs out of VK for the VK source.
 */
export async function signOut(request: Request): Promise<void> {
  const auth = await getState(request, "auth");
  const tokens = auth.person_token_set;
  perRequest.set(request, Promise.resolve(null));
  await setState(request, "auth", {});
  const storefront = await getState(request, "storefront");
  // stored person data of the order draft goes too (spec §4 "sign-out clears both and stored person data")
  if (storefront.order_person) delete storefront.order_person;
  if (tokens?.source === "VK" && tokens.vkAccessToken) await vkLogout(tokens.vkAccessToken);
}

/**
 * Sign-in (spec §4 "Sign-in stores tokens then loads the profile"): GET /api/v1/me with the new access token,
 * the first delivery entry's email, personName and phone override the profile's (spec §3). The auth state is
 * replaced whole (a new cookie; the finished flow state goes).
 */
export async function completeSignIn(request: Request, tokens: TokenSetDto, source: SignInSource): Promise<Person> {
  const { upstream } = getContext();
  const profile = effectiveProfile(await upstream.profile.me(tokens.accessToken));
  const person_token_set = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    vkAccessToken: tokens.vkAccessToken ?? null,
    source,
  };
  const person_profile = { id: profile.id, firstName: profile.firstName, phone: profile.phone, email: profile.email };
  await setState(request, "auth", { person_token_set, person_profile, session_id: newSessionId() });
  const person: Person = { personId: profile.id, accessToken: tokens.accessToken, source, profile: person_profile };
  perRequest.set(request, Promise.resolve(person));
  return person;
}

/** A phone number as people read it ("+7 900 123-45-67"); the input when it is not a number. */
export function formatPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/** What the header shows: the name, else the phone, else the email (no tokens). */
export function personDisplayName(profile: PersonProfile): string {
  return profile.firstName?.trim() || (profile.phone ? formatPhone(profile.phone) : "") || profile.email || "";
}
