/**
 * The signed-in customer as the cart and checkout need it: the upstream `PersonAuth` (profile id + access
 * token, server-side only) and the profile fields that prefill the contact form. Built on the sign-in
 * feature's `getPerson`, which refreshes an expired access token (callers commit the cookie headers).
 */
import { getPerson } from "~/features/auth/auth.server";
import type { PersonAuth } from "~server/upstream";

export interface CheckoutPerson {
  auth: PersonAuth;
  profile: { firstName: string | null; phone: string | null; email: string | null };
}

export async function checkoutPerson(request: Request): Promise<CheckoutPerson | null> {
  const person = await getPerson(request);
  if (!person) return null;
  return { auth: { personId: person.personId, accessToken: person.accessToken }, profile: person.profile };
}
