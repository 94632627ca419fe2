/**
 * The signed-in person as screens use it. The person itself is resolved once per request by the request's
 * context (`rc.person`, server/auth/person.ts): tokens stay in the encrypted auth cookie, an expired access token
 * is refreshed, a revoked or expired session is signed out.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { PersonProfile } from "~server/auth/person";

export type { Person, PersonProfile, SignInSource } from "~server/auth/person";

/** A phone number as people read it ("+7 900 123-45-67"); the input when it is not a number. */
export function formatPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/** What the header shows: the name, else the phone, else the email (no tokens). */
export function personDisplayName(profile: PersonProfile): string {
  return profile.firstName?.trim() || (profile.phone ? formatPhone(profile.phone) : "") || profile.email || "";
}
