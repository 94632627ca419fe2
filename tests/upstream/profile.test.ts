import { http as mock, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { effectiveProfile } from "~server/upstream/profile";
import { profileSchema } from "~/lib/model";
import * as f from "./fixtures";
import { BASE } from "./fixtures";
import { makeUpstream, setupMswServer } from "./helpers";

const server = setupMswServer();

describe("profile (spec §3, §7)", () => {
  it("GET /api/v1/me with the bearer access token → profile", async () => {
    let auth: string | null = null;
    server.use(
      mock.get(`${BASE}/api/v1/me`, ({ request }) => {
        auth = request.headers.get("authorization");
        return HttpResponse.json(f.profile);
      }),
    );
    expect(await makeUpstream().profile.me("access-1")).toEqual(f.profile);
    expect(auth).toBe("Bearer access-1");
  });

  it("an expired token: 401 with the server's message", async () => {
    server.use(
      mock.get(`${BASE}/api/v1/me`, () =>
        HttpResponse.json({ errors: [{ code: "auth.expired", message: "Token expired" }] }, { status: 401 }),
      ),
    );
    await expect(makeUpstream().profile.me("old")).rejects.toMatchObject({
      status: 401,
      code: "auth.expired",
      message: "Token expired",
    });
  });
});

describe("effectiveProfile (spec §3: the first delivery entry overrides email, firstName, phone)", () => {
  const base = profileSchema.parse(f.profile);

  it("no delivery entries: unchanged", () => {
    expect(effectiveProfile(base)).toEqual(base);
  });

  it("the first entry's email, personName and phone override", () => {
    const dto = {
      ...base,
      deliveries: [
        { email: "d@example.com", personName: "Дима", phone: "+71112223344" },
        { email: "x@x", personName: "X", phone: "+7" },
      ],
    };
    expect(effectiveProfile(dto)).toMatchObject({
      email: "d@example.com",
      firstName: "Дима",
      phone: "+71112223344",
      lastName: "Петров",
    });
  });

  it("each field on its own: null or empty fields of the entry do not override", () => {
    const dto = { ...base, deliveries: [{ email: null, personName: "Дима", phone: "" }] };
    expect(effectiveProfile(dto)).toMatchObject({ email: "ivan@example.com", firstName: "Дима", phone: "+79990000000" });
  });

  it("only the first entry counts", () => {
    const dto = {
      ...base,
      deliveries: [
        { email: null, personName: null, phone: null },
        { email: "second@x", personName: "Second", phone: "+7000" },
      ],
    };
    expect(effectiveProfile(dto)).toMatchObject({ email: "ivan@example.com", firstName: "Иван", phone: "+79990000000" });
  });
});
