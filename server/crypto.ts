/**
 * Authenticated encryption for cookie payloads: AES-256-GCM with a key derived per purpose by HKDF
 * from each session secret. Payloads are deflated first (cookies are small; carts compress well).
 * Format: "v1." + base64url(iv ‖ ciphertext ‖ tag). The first secret encrypts; every secret decrypts,
 * so secrets can be rotated by prepending a new one.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const keyCache = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keyCache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "storefront-cookie-v1", purpose, 32));
    keyCache.set(id, key);
  }
  return key;
}

export function seal(plain: string, secrets: readonly string[], purpose: string): string {
  const secret = secrets[0];
  if (!secret) throw new Error("seal: no secret");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(deflateRawSync(Buffer.from(plain, "utf8"))), cipher.final()]);
  return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** Returns null for anything that is not a payload sealed with one of the secrets. */
export function unseal(sealed: string, secrets: readonly string[], purpose: string): string | null {
  if (!sealed.startsWith("v1.")) return null;
  const raw = Buffer.from(sealed.slice(3), "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES + 1) return null;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
      decipher.setAuthTag(tag);
      const deflated = Buffer.concat([decipher.update(body), decipher.final()]);
      return inflateRawSync(deflated, { maxOutputLength: 64 * 1024 }).toString("utf8");
    } catch {
      // wrong secret or tampered payload: try the next secret
    }
  }
  return null;
}
