import { describe, expect, it } from "vitest";
import {
  base64UrlEncode,
  codeChallenge,
  generateCodeVerifier,
  generateState,
  isValidState,
  isValidVerifier,
  PKCE_ALPHABET,
  randomUrlSafeString,
} from "~/lib/pkce";

describe("codeChallenge (spec §5, RFC 7636)", () => {
  // RFC 7636 Appendix B: verifier, the SHA-256 octets it lists, and the challenge ("…URWbuGJS…" — with a G).
  const RFC_VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  const RFC_OCTETS = [
    19, 211, 30, 150, 26, 26, 216, 236, 47, 22, 177, 12, 76, 152, 46, 8, 118, 168, 120, 173, 109, 241, 68, 86, 110, 225, 137, 74,
    203, 112, 249, 195,
  ];
  const RFC_CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

  it("matches RFC 7636 Appendix B", async () => {
    expect(base64UrlEncode(new Uint8Array(RFC_OCTETS))).toBe(RFC_CHALLENGE);
    expect(await codeChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
  });

  it("agrees with Node's own SHA-256 for random verifiers", async () => {
    const { createHash } = await import("node:crypto");
    for (let i = 0; i < 20; i++) {
      const verifier = generateCodeVerifier(43 + i * 4);
      expect(await codeChallenge(verifier)).toBe(createHash("sha256").update(verifier).digest("base64url"));
    }
  });

  it("is URL-safe base64 without padding (43 chars for SHA-256)", async () => {
    const challenge = await codeChallenge(generateCodeVerifier());
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("base64url maps + and / and drops padding", () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff]))).toBe("-_8");
    expect(base64UrlEncode(new Uint8Array([]))).toBe("");
    expect(base64UrlEncode(new Uint8Array([0x66, 0x6f, 0x6f, 0x62]))).toBe("Zm9vYg");
  });
});

describe("generateCodeVerifier / generateState", () => {
  it("uses the spec's charset and the requested length", () => {
    for (const length of [43, 64, 128]) {
      const v = generateCodeVerifier(length);
      expect(v).toHaveLength(length);
      expect(isValidVerifier(v)).toBe(true);
    }
    expect(generateCodeVerifier()).toHaveLength(64);
  });

  it("refuses lengths outside 43–128", () => {
    expect(() => generateCodeVerifier(42)).toThrow(RangeError);
    expect(() => generateCodeVerifier(129)).toThrow(RangeError);
    expect(() => generateCodeVerifier(50.5)).toThrow(RangeError);
  });

  it("state is 64 such chars and values differ", () => {
    const a = generateState();
    const b = generateState();
    expect(isValidState(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it("draws every symbol of the 64-symbol alphabet about equally (no modulo bias)", () => {
    expect(new Set(PKCE_ALPHABET).size).toBe(64);
    const sample = randomUrlSafeString(64 * 1000);
    const counts = new Map<string, number>();
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(64);
    // expected 1000 each; σ ≈ 31 — 800..1200 is > 6σ
    for (const n of counts.values()) expect(n > 800 && n < 1200).toBe(true);
  });
});

describe("isValidVerifier / isValidState", () => {
  it("checks charset and length", () => {
    expect(isValidVerifier("a".repeat(43))).toBe(true);
    expect(isValidVerifier("a".repeat(42))).toBe(false);
    expect(isValidVerifier("a".repeat(129))).toBe(false);
    expect(isValidVerifier(`${"a".repeat(42)}.`)).toBe(false);
    expect(isValidVerifier(`${"a".repeat(42)}=`)).toBe(false);
    expect(isValidVerifier(null)).toBe(false);
    expect(isValidState("a".repeat(63))).toBe(false);
    expect(isValidState("-_".repeat(32))).toBe(true);
  });
});
