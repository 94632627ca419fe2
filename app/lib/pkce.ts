/**
 * PKCE and state for VK ID sign-in (spec §5 "Code verifier: random 43–128 chars of letters, digits, _ and -;
 * state: 64 such chars; challenge: SHA-256 of the verifier, URL-safe base64 without padding"; RFC 7636).
 *
 * Web Crypto only (`crypto.getRandomValues`, `crypto.subtle`): the same code runs in browsers and Node 20.
 * The alphabet has exactly 64 symbols, so a random byte masked to 6 bits picks each symbol with probability
 * 4/256 — uniform, no modulo bias.
 */

/** spec §5 charset: A–Z, a–z, 0–9, "-" and "_" (64 symbols). */
export const PKCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
export const VERIFIER_MIN_LENGTH = 43;
export const VERIFIER_MAX_LENGTH = 128;
export const STATE_LENGTH = 64;

/** `length` uniformly random symbols of PKCE_ALPHABET. */
export function randomUrlSafeString(length: number): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`invalid length ${String(length)}`);
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let out = "";
  for (const byte of bytes) out += PKCE_ALPHABET[byte & 63];
  return out;
}

/** spec §5: a code verifier of 43–128 symbols (default 64); RangeError outside that range. */
export function generateCodeVerifier(length = 64): string {
  if (!Number.isInteger(length) || length < VERIFIER_MIN_LENGTH || length > VERIFIER_MAX_LENGTH) {
    throw new RangeError(`a code verifier has ${VERIFIER_MIN_LENGTH}–${VERIFIER_MAX_LENGTH} characters, not ${String(length)}`);
  }
  return randomUrlSafeString(length);
}

/** spec §5: the OAuth state, 64 symbols. */
export function generateState(): string {
  return randomUrlSafeString(STATE_LENGTH);
}

/** Is this a verifier in the spec's format (43–128 of [A-Za-z0-9_-])? */
export function isValidVerifier(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43,128}$/.test(value);
}

/** Is this a state in the spec's format (exactly 64 of [A-Za-z0-9_-])? */
export function isValidState(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{64}$/.test(value);
}

/** Bytes → base64url without padding (RFC 4648 §5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** spec §5 / RFC 7636 S256: BASE64URL(SHA-256(ASCII(verifier))), no padding. */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}
