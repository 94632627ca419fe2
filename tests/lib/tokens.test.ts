import { describe, expect, it } from "vitest";
import { decodeJwtExp, tokenDecision } from "~/lib/tokens";

const b64url = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const jwt = (payload: unknown) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.sig`;

const NOW = Date.UTC(2024, 0, 1, 12, 0, 0);
const nowS = NOW / 1000;

describe("decodeJwtExp", () => {
  it("reads exp seconds", () => {
    expect(decodeJwtExp(jwt({ sub: "1", exp: 1700000000 }))).toBe(1700000000);
    expect(decodeJwtExp(jwt({ exp: 1.5, name: "Иван" }))).toBe(1.5); // UTF-8 payload
  });

  it("null when not a JWT or without a numeric exp", () => {
    expect(decodeJwtExp("opaque-token")).toBeNull();
    expect(decodeJwtExp("a.b")).toBeNull();
    expect(decodeJwtExp("a.b.c.d")).toBeNull();
    expect(decodeJwtExp(`x.${b64url("not json")}.y`)).toBeNull();
    expect(decodeJwtExp(`x.${b64url("[1]")}.y`)).toBeNull();
    expect(decodeJwtExp(`x.${b64url("null")}.y`)).toBeNull();
    expect(decodeJwtExp(jwt({ exp: "1700000000" }))).toBeNull();
    expect(decodeJwtExp(jwt({ sub: "1" }))).toBeNull();
    expect(decodeJwtExp("x.!!!.y")).toBeNull();
    expect(decodeJwtExp("x..y")).toBeNull();
    expect(decodeJwtExp("")).toBeNull();
    expect(decodeJwtExp(null)).toBeNull();
  });
});

describe("tokenDecision (spec §4)", () => {
  const valid = jwt({ exp: nowS + 3600 });
  const expired = jwt({ exp: nowS - 1 });

  it("valid when both are fresh", () => {
    expect(tokenDecision({ accessToken: valid, refreshToken: valid }, NOW)).toBe("valid");
    expect(tokenDecision({ accessToken: valid, refreshToken: valid }, new Date(NOW))).toBe("valid");
  });

  it("refresh when the access token expired and the refresh token did not", () => {
    expect(tokenDecision({ accessToken: expired, refreshToken: valid }, NOW)).toBe("refresh");
  });

  it("sign out when the refresh token expired, even with a fresh access token", () => {
    expect(tokenDecision({ accessToken: expired, refreshToken: expired }, NOW)).toBe("sign-out");
    expect(tokenDecision({ accessToken: valid, refreshToken: expired }, NOW)).toBe("sign-out");
  });

  it("refreshes the access token 30 s early (skew boundary)", () => {
    expect(tokenDecision({ accessToken: jwt({ exp: nowS + 31 }), refreshToken: valid }, NOW)).toBe("valid");
    expect(tokenDecision({ accessToken: jwt({ exp: nowS + 30 }), refreshToken: valid }, NOW)).toBe("refresh");
    expect(tokenDecision({ accessToken: jwt({ exp: nowS + 30 }), refreshToken: valid }, NOW, 0)).toBe("valid");
  });

  it("the refresh token is expired exactly at exp, not earlier", () => {
    expect(tokenDecision({ accessToken: expired, refreshToken: jwt({ exp: nowS + 1 }) }, NOW)).toBe("refresh");
    expect(tokenDecision({ accessToken: expired, refreshToken: jwt({ exp: nowS }) }, NOW)).toBe("sign-out");
  });

  it("tokens without exp are treated as valid", () => {
    expect(tokenDecision({ accessToken: "opaque", refreshToken: "opaque" }, NOW)).toBe("valid");
    expect(tokenDecision({ accessToken: expired, refreshToken: "opaque" }, NOW)).toBe("refresh");
  });

  it("missing tokens: no refresh token signs out, no access token refreshes", () => {
    expect(tokenDecision({ accessToken: valid, refreshToken: null }, NOW)).toBe("sign-out");
    expect(tokenDecision({ accessToken: valid, refreshToken: "" }, NOW)).toBe("sign-out");
    expect(tokenDecision({ accessToken: null, refreshToken: valid }, NOW)).toBe("refresh");
  });
});

describe("decodeJwtExp reads only real JWTs", () => {
  /** a payload whose base64url text has both "-" and "_" (the characters standard base64 writes "+" and "/") */
  const urlSafePayload = () => {
    for (let i = 0; ; i += 1) {
      const payload = { exp: 1700000000, n: `${"?>".repeat(i % 7)}~${i}` };
      const text = b64url(JSON.stringify(payload));
      if (text.includes("-") && text.includes("_")) return text;
    }
  };

  it("reads a payload with the URL-safe characters, as every issuer writes them", () => {
    const payload = urlSafePayload();
    expect(decodeJwtExp(`h.${payload}.s`)).toBe(1700000000);
    // the same bytes in standard base64 are not a JWT segment
    const standard = payload.replace(/-/g, "+").replace(/_/g, "/");
    expect(decodeJwtExp(`h.${standard}.s`)).toBeNull();
  });

  it("a readable payload in a token of two or four parts is not a JWT", () => {
    const payload = b64url(JSON.stringify({ exp: 1 }));
    expect(decodeJwtExp(`h.${payload}`)).toBeNull();
    expect(decodeJwtExp(`h.${payload}.s.x`)).toBeNull();
    expect(decodeJwtExp(`h.${payload}.s`)).toBe(1);
  });

  it("a payload that is not UTF-8 or an exp that is not finite is not read", () => {
    const notUtf8 = Buffer.concat([Buffer.from('{"exp":1,"n":"'), Buffer.from([0xff]), Buffer.from('"}')]).toString("base64url");
    expect(decodeJwtExp(`h.${notUtf8}.s`)).toBeNull();
    expect(decodeJwtExp(`h.${b64url('{"exp":1e999}')}.s`)).toBeNull();
  });

  it("a refresh token whose expiry cannot be read does not sign the customer out", () => {
    const twoParts = `h.${b64url(JSON.stringify({ exp: nowS - 10 }))}`;
    expect(tokenDecision({ accessToken: jwt({ exp: nowS + 3600 }), refreshToken: twoParts }, NOW)).toBe("valid");
  });
});
