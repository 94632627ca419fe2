/**
 * Token freshness (spec §4 "If the access token is expired and the refresh token is not, refresh; if the
 * refresh token is expired, sign out").
 *
 * Reads the `exp` claim (seconds since the epoch) of a JWT payload without verifying it — this only decides
 * when to refresh; the upstream verifies tokens. A token that is not a JWT or has no numeric `exp` is treated as
 * not expiring. The access token counts as expired TOKEN_EXPIRY_SKEW_SECONDS early (clock skew, time in flight);
 * the refresh token only at its real expiry, so a refresh is still tried in its last seconds.
 */
import { TOKEN_EXPIRY_SKEW_SECONDS } from "./constants";

function base64UrlDecode(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment) || segment.length % 4 === 1) return null;
  const base64 = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The `exp` claim (seconds) of a JWT, or null when the token is not a JWT or has no finite numeric exp. */
export function decodeJwtExp(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  const json = base64UrlDecode(parts[1]);
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

export type TokenDecision = "valid" | "refresh" | "sign-out";

/**
 * spec §4: 'sign-out' when there is no refresh token or it has expired; 'refresh' when there is no access token
 * or it expires within `skewSeconds`; else 'valid'. `now` is a Date or epoch ms (pass the server-synced clock).
 */
export function tokenDecision(
  tokens: { accessToken?: string | null; refreshToken?: string | null },
  now: Date | number,
  skewSeconds: number = TOKEN_EXPIRY_SKEW_SECONDS,
): TokenDecision {
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (!tokens.refreshToken) return "sign-out";
  const refreshExp = decodeJwtExp(tokens.refreshToken);
  if (refreshExp !== null && refreshExp * 1000 <= nowMs) return "sign-out";
  if (!tokens.accessToken) return "refresh";
  const accessExp = decodeJwtExp(tokens.accessToken);
  if (accessExp !== null && accessExp * 1000 - skewSeconds * 1000 <= nowMs) return "refresh";
  return "valid";
}
