/**
 * JWT-shaped tokens of the twin: base64url(header).base64url(payload).signature, HS256 with a fixed demo
 * secret. The payload carries sub (person id), exp (seconds since epoch), typ and a unique jti, so the BFF
 * can read the expiry the way it would from the real upstream's tokens.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type TokenType = "access" | "refresh";

export interface TokenPayload {
  sub: number;
  exp: number;
  iat: number;
  typ: TokenType;
  jti: string;
}

const SECRET = "demo-upstream-twin-not-a-secret";
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

function sign(data: string): string {
  return createHmac("sha256", SECRET).update(data).digest("base64url");
}

export function encodeToken(payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${HEADER}.${body}.${sign(`${HEADER}.${body}`)}`;
}

/** The payload of a well-formed token signed by the twin, or null (the expiry is not checked here). */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${header}.${body}`));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<TokenPayload>;
    if (
      typeof payload.sub !== "number" ||
      typeof payload.exp !== "number" ||
      typeof payload.jti !== "string" ||
      (payload.typ !== "access" && payload.typ !== "refresh")
    ) {
      return null;
    }
    return { sub: payload.sub, exp: payload.exp, iat: payload.iat ?? 0, typ: payload.typ, jti: payload.jti };
  } catch {
    return null;
  }
}
