/**
 * The one door from routes to server-only code. The `.server` suffix makes Remix's Vite plugin fail
 * the client build if any browser module ever imports it, so tokens and keys cannot leak into bundles.
 */
export { getContext } from "~server/context";
export { getState, setState, destroyState, commitHeaders, CookieTooLargeError, wasReset } from "~server/session";
export type { StorefrontState, AuthState, PrefsState, CartLineState } from "~server/session";
export { log } from "~server/log";
export { checkSignInLimit, getClientAddress, getRateLimitStore, vkAuthorizeBase, vkClientId, vkLogout, vkOneTapBase } from "~server/auth";
export { honeypotFor, isHumanSubmission } from "~server/honeypot-context";
export { redisStatus } from "~server/redis/shared";
