/**
 * The honeypot of the public forms that cost something when abused (issue 8 §2; ADR 044): the SMS code
 * request and check, and the order. The form carries a field hidden from people (`name__confirm`, which
 * must come back empty) and the moment it was rendered, sealed with the session secrets (`from__confirm`),
 * the field names and props remix-utils' `HoneypotInputs` renders. A submission without both, with the
 * trap filled, or with a seal that does not open, lies in the future or is older than 12 hours is refused.
 *
 * remix-utils' own server `Honeypot` class is not used: it needs crypto-js (unmaintained) and seals with a
 * per-process random seed, which fails as soon as a second container answers the POST.
 */
import { seal, unseal } from "./crypto";
import type { Logger } from "./log";

export const HONEYPOT_FIELD = "name__confirm";
export const HONEYPOT_FROM_FIELD = "from__confirm";
const PURPOSE = "honeypot";
/** clock skew tolerated between containers */
const FUTURE_SKEW_MS = 60_000;
/**
 * How long a rendered form stays valid (issue 14 §3, ADR 044): long enough for a tab left open over a
 * working day, short enough that a seal scraped once does not serve a script for ever.
 */
export const HONEYPOT_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export interface HoneypotProps {
  nameFieldName: string;
  validFromFieldName: string;
  encryptedValidFrom: string;
}

export function honeypotProps(secrets: readonly string[], now = Date.now()): HoneypotProps {
  return { nameFieldName: HONEYPOT_FIELD, validFromFieldName: HONEYPOT_FROM_FIELD, encryptedValidFrom: seal(String(now), secrets, PURPOSE) };
}

export type HoneypotVerdict = { ok: true } | { ok: false; reason: "missing" | "filled" | "bad-seal" | "future" | "expired" };

export function checkHoneypot(form: FormData, secrets: readonly string[], now = Date.now()): HoneypotVerdict {
  const trap = form.get(HONEYPOT_FIELD);
  const from = form.get(HONEYPOT_FROM_FIELD);
  if (trap === null || typeof from !== "string" || !from) return { ok: false, reason: "missing" };
  if (trap !== "") return { ok: false, reason: "filled" };
  const opened = unseal(from.slice(0, 500), secrets, PURPOSE);
  const at = opened === null ? NaN : Number(opened);
  if (!Number.isSafeInteger(at) || at <= 0) return { ok: false, reason: "bad-seal" };
  if (at > now + FUTURE_SKEW_MS) return { ok: false, reason: "future" };
  if (now - at > HONEYPOT_MAX_AGE_MS) return { ok: false, reason: "expired" };
  return { ok: true };
}

export interface Honeypot {
  /** the props of a form's hidden fields, sealed now */
  props(): HoneypotProps;
  /** false (and a warn line naming the form, never its values) when the submission fell into the trap */
  isHuman(form: FormData, formName: string): boolean;
}

export function createHoneypot(secrets: readonly string[], log: Logger): Honeypot {
  return {
    props: () => honeypotProps(secrets),
    isHuman(form, formName) {
      const verdict = checkHoneypot(form, secrets);
      if (!verdict.ok) log("warn", "honeypot refused a submission", { form: formName, reason: verdict.reason });
      return verdict.ok;
    },
  };
}
