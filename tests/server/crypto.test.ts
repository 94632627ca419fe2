import { describe, expect, it } from "vitest";
import { seal, unseal } from "~server/crypto";

const s1 = "first-secret-first-secret-first-secret";
const s2 = "second-secret-second-secret-second-sec";

describe("cookie sealing", () => {
  it("round-trips and hides the payload", () => {
    const sealed = seal(JSON.stringify({ accessToken: "abc.def.ghi" }), [s1], "sf_auth");
    expect(sealed).not.toContain("abc");
    expect(Buffer.from(sealed.slice(3), "base64url").toString("latin1")).not.toContain("accessToken");
    expect(unseal(sealed, [s1], "sf_auth")).toBe('{"accessToken":"abc.def.ghi"}');
  });

  it("decrypts with a rotated-out secret and refuses a wrong purpose, secret or tampering", () => {
    const sealed = seal("hello", [s2], "sf_state");
    expect(unseal(sealed, [s1, s2], "sf_state")).toBe("hello");
    expect(unseal(sealed, [s1], "sf_state")).toBeNull();
    expect(unseal(sealed, [s2], "sf_auth")).toBeNull();
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[raw.length - 20] = raw[raw.length - 20]! ^ 1;
    expect(unseal(`v1.${raw.toString("base64url")}`, [s2], "sf_state")).toBeNull();
    expect(unseal("garbage", [s2], "sf_state")).toBeNull();
  });
});
