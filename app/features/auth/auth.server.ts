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

/**
 * How the header names a signed-in customer (issue 36 §4): their first name, else nothing (the header then says
 * 'Профиль': a phone number cut to '+7 900…' names no one), and the phone or e-mail they signed in with, shown in
 * the account menu.
 */
export function personLabel(profile: PersonProfile): { name: string; contact: string } {
  return { name: profile.firstName?.trim() ?? "", contact: personContact(profile) };
}

function personContact(profile: PersonProfile): string {
  return (profile.phone ? formatPhone(profile.phone) : "") || profile.email || "";
}
