/**
 * Issue 14 §3: the per-address SMS limit counts the address Express computed (req.ip, handed over by
 * server.mjs in the load context), never a header the client sends — so a script cannot escape it by sending
 * a new X-Client-IP each time, nor lock a victim out by sending the victim's address.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { authAction } from "~/features/auth/sign-in.server";
import { SIGN_IN_LIMITS } from "~server/auth";
import { honeypotFields } from "../answer";
import { freshPhone, Jar, request, settle, twin } from "./helpers";
import { contextOf, services } from "../context";

beforeEach(async () => {
  twin().store.reset();
  await services().rateLimits.reset();
});

/** a code request from `clientAddress` (what Express saw) carrying whatever headers the client chose */
function requestCode(clientAddress: string | undefined, phone: string, headers: Record<string, string> = {}) {
  const jar = new Jar();
  const req = request("/auth", jar, { form: { ...honeypotFields(), intent: "request-code", phone } });
  for (const [name, value] of Object.entries(headers)) req.headers.set(name, value);
  return settle(async () => authAction(await contextOf(req, { clientAddress })));
}

describe("per-address SMS limit", () => {
  it("sends 20 codes for 40 phones from one client however it varies its address headers", async () => {
    const limit = SIGN_IN_LIMITS.codeRequestPerAddress.limit;
    const phones = Array.from({ length: 40 }, () => freshPhone());
    const statuses: number[] = [];
    for (const [i, phone] of phones.entries()) {
      const spoofed = `198.51.100.${i + 1}`;
      const answer = await requestCode("203.0.113.77", phone, { "x-client-ip": spoofed, "x-forwarded-for": spoofed, forwarded: `for=${spoofed}` });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 303)).toHaveLength(limit);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    expect(phones.filter((p) => twin().store.peekSmsCode(p) !== null)).toHaveLength(limit);
  });

  it("does not lock out a customer whose address a script puts in its headers", async () => {
    for (let i = 0; i < 30; i++) await requestCode("203.0.113.66", freshPhone(), { "x-client-ip": "192.0.2.10", "x-forwarded-for": "192.0.2.10" });
    const victim = await requestCode("192.0.2.10", freshPhone());
    expect(victim.status).toBe(303);
  });

  it("still limits when no address is known (no load context): one shared bucket, never no limit", async () => {
    const limit = SIGN_IN_LIMITS.codeRequestPerAddress.limit;
    for (let i = 0; i < limit; i++) expect((await requestCode(undefined, freshPhone())).status).toBe(303);
    expect((await requestCode(undefined, freshPhone())).status).toBe(429);
  });
});
