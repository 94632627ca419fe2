/**
 * The signed-in person of one request (spec §4 "Signed in only when profile, access token and refresh token are
 * all present. … If the access token is expired and the refresh token is not, refresh; if the refresh token is
 * expired, sign out (VK sign-out for VK source)").
 *
 * Tokens live only in the encrypted auth cookie (server/session.ts `auth`). The request middleware gives each
 * request one `PersonSlot` (server/context.ts): the person is resolved at most once per request, so the
 * loaders of one page refresh once; sign-in and sign-out go through the slot so that the rest of the request sees
 * them. A refresh or a sign-out changes the auth state: the action's `commitHeaders`, or the middleware after it,
 * sends the cookie.
 */
import { tokenDecision } from "~/lib/tokens";
import type { TokenSetDto } from "~/lib/model";
import type { RequestSession, AuthState } from "../session";
import type { Upstream } from "../upstream";
import { effectiveProfile } from "../upstream/profile";
import { isApiError } from "../upstream/errors";
import { newSessionId, type RevocationStore } from "./revocation";
import type { Vk } from "./vk";

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

export interface PersonSlot {
  /** The signed-in person, refreshing the access token when needed; null when signed out. Resolved once. */
  get(): Promise<Person | null>;
  /**
   * Sign-in (spec §4 "Sign-in stores tokens then loads the profile"): GET /api/v1/me with the new access token;
   * the first delivery entry's email, personName and phone override the profile's (spec §3). The auth state is
   * replaced whole (a new cookie; the finished flow state goes).
   */
  signIn(tokens: TokenSetDto, source: SignInSource): Promise<Person>;
  /**
   * Sign-out (spec §4): clears tokens and stored person data — the cart lives in the storefront cookie and is
   * kept — and signs out of VK for the VK source. `revoke` also lists the session as revoked, so that a copy of
   * the cookie signs no one in (ADR 073).
   */
  signOut(options?: { revoke?: boolean }): Promise<void>;
}

export interface PersonDeps {
  session: RequestSession;
  upstream: Pick<Upstream, "auth" | "profile" | "clock">;
  revocations: RevocationStore;
  vk: Pick<Vk, "logout">;
}

export function createPersonSlot({ session, upstream, revocations, vk }: PersonDeps): PersonSlot {
  let pending: Promise<Person | null> | null = null;

  async function clearPerson() {
    const auth = await session.get("auth");
    await session.set("auth", auth.flow ? { flow: auth.flow } : {});
  }

  async function signOut({ revoke = false } = {}) {
    const auth = await session.get("auth");
    const tokens = auth.person_token_set;
    pending = Promise.resolve(null);
    if (revoke && auth.session_id) await revocations.revoke(auth.session_id);
    await session.set("auth", {});
    const storefront = await session.get("storefront");
    // stored person data of the order draft goes too (spec §4 "sign-out clears both and stored person data")
    if (storefront.order_person) delete storefront.order_person;
    if (tokens?.source === "VK" && tokens.vkAccessToken) await vk.logout(tokens.vkAccessToken);
  }

  async function resolve(): Promise<Person | null> {
    const auth = await session.get("auth");
    const tokens = auth.person_token_set;
    const profile = auth.person_profile;
    if (!tokens || !profile || !tokens.accessToken || !tokens.refreshToken) {
      // half a sign-in is no sign-in (spec §4): drop the leftovers, keep a running sign-in flow
      if (tokens || profile) await clearPerson();
      return null;
    }
    // a signed-out session's cookie, copied before the sign-out, signs no one in (issue 14 §10, ADR 073)
    if (auth.session_id && (await revocations.isRevoked(auth.session_id))) {
      await clearPerson();
      return null;
    }
    const decision = tokenDecision(tokens, upstream.clock.now());
    if (decision === "sign-out") {
      await signOut();
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
          await signOut();
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

  return {
    get: () => (pending ??= resolve()),
    async signIn(tokens, source) {
      const profile = effectiveProfile(await upstream.profile.me(tokens.accessToken));
      const person_token_set = {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        vkAccessToken: tokens.vkAccessToken ?? null,
        source,
      };
      const person_profile = { id: profile.id, firstName: profile.firstName, phone: profile.phone, email: profile.email };
      await session.set("auth", { person_token_set, person_profile, session_id: newSessionId() });
      const person: Person = { personId: profile.id, accessToken: tokens.accessToken, source, profile: person_profile };
      pending = Promise.resolve(person);
      return person;
    },
    signOut,
  };
}
