import { describe, expect, it } from "vitest";
import { checkHoneypot, HONEYPOT_FIELD, HONEYPOT_FROM_FIELD, HONEYPOT_MAX_AGE_MS, honeypotProps } from "~server/honeypot";

const secrets = ["a".repeat(32)];
function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}
const props = honeypotProps(secrets, 1_700_000_000_000);
const human = () => form({ phone: "+79991234567", [HONEYPOT_FIELD]: "", [HONEYPOT_FROM_FIELD]: props.encryptedValidFrom });

describe("honeypot of the public forms", () => {
  it("lets a person's submission through", () => {
    expect(checkHoneypot(human(), secrets, 1_700_000_005_000)).toEqual({ ok: true });
  });

  it("accepts a seal made with an older secret after rotation", () => {
    expect(checkHoneypot(human(), ["b".repeat(32), ...secrets], 1_700_000_005_000)).toEqual({ ok: true });
  });

  it("refuses a filled trap, missing fields, a forged or foreign seal, and a time in the future", () => {
    const filled = human();
    filled.set(HONEYPOT_FIELD, "Bob");
    expect(checkHoneypot(filled, secrets)).toEqual({ ok: false, reason: "filled" });
    expect(checkHoneypot(form({ phone: "+79991234567" }), secrets)).toEqual({ ok: false, reason: "missing" });
    expect(checkHoneypot(form({ [HONEYPOT_FIELD]: "" }), secrets)).toEqual({ ok: false, reason: "missing" });
    expect(checkHoneypot(form({ [HONEYPOT_FIELD]: "", [HONEYPOT_FROM_FIELD]: "1700000000000" }), secrets)).toEqual({ ok: false, reason: "bad-seal" });
    expect(checkHoneypot(human(), ["c".repeat(32)])).toEqual({ ok: false, reason: "bad-seal" });
    const later = honeypotProps(secrets, 1_700_000_600_000);
    expect(checkHoneypot(form({ [HONEYPOT_FIELD]: "", [HONEYPOT_FROM_FIELD]: later.encryptedValidFrom }), secrets, 1_700_000_000_000)).toEqual({
      ok: false,
      reason: "future",
    });
  });

  it("refuses a seal older than its maximum age, so a scraped one does not work for ever (issue 14 §3)", () => {
    const rendered = 1_700_000_000_000;
    expect(checkHoneypot(human(), secrets, rendered + HONEYPOT_MAX_AGE_MS)).toEqual({ ok: true });
    expect(checkHoneypot(human(), secrets, rendered + HONEYPOT_MAX_AGE_MS + 1)).toEqual({ ok: false, reason: "expired" });
    expect(HONEYPOT_MAX_AGE_MS).toBe(12 * 60 * 60 * 1000);
  });

  it("renders the field names remix-utils' HoneypotInputs expects", () => {
    expect(props).toMatchObject({ nameFieldName: "name__confirm", validFromFieldName: "from__confirm" });
    expect(props.encryptedValidFrom).not.toContain("1700000000000");
  });
});
