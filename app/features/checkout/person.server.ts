/**
 * The signed-in customer as the cart and checkout need it: the upstream `PersonAuth` (profile id + access
 * token, server-side only) and the profile fields that prefill the contact form. Built on the
 * request's person (`rc.person`), which refreshes an expired access token.
 */
import type { PersonAuth } from "~server/upstream";
import type { RequestContext } from "~server/context";

export interface CheckoutPerson {
  auth: PersonAuth;
  profile: { firstName: string | null; phone: string | null; email: string | null };
}

export async function checkoutPerson(rc: RequestContext): Promise<CheckoutPerson | null> {
  const person = await rc.person.get();
  if (!person) return null;
  return { auth: { personId: person.personId, accessToken: person.accessToken }, profile: person.profile };
}
