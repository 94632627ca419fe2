/**
 * The form reader's bounds (ADR 142): before any parser runs, a body may carry at most FORM_FIELD_LIMIT fields
 * (url-encoded pairs or multipart parts), names of at most FORM_NAME_LIMIT_BYTES, FORM_NAME_DEPTH_LIMIT parts deep
 * (conform reads `a.b[0].c` as a path) with list indices below the field bound, and none of the names conform
 * reserves. Past a bound: 413 (too many fields, too large) or 400 (a bad name) with the customer's message. Inside
 * them the form reads as `request.formData()` would. Generated with fast-check (a failure prints its seed).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONFORM_RESERVED_NAMES,
  FORM_BODY_LIMIT_BYTES,
  FORM_FIELD_LIMIT,
  FORM_NAME_DEPTH_LIMIT,
  FORM_NAME_LIMIT_BYTES,
  readForm,
  refuseBeforeReading,
} from "~/features/forms/read-form.server";
import { setLogLevel } from "~server/log";
import { contextOf } from "../context";
import {
  BOUNDARY,
  encode,
  FORM_REJECTED,
  formOverFieldLimit,
  formWithBadName,
  formWithinBounds,
  multipart,
  postOf,
  streamed,
  urlEncoded,
  type EncodedBody,
  type Entry,
} from "./form-bodies";

setLogLevel("silent");

type Outcome = { form: [string, string][] } | { status: number; text: string };

/** what readForm made of the request: the form's entries, or the refusal the customer reads */
async function outcome(request: Request): Promise<Outcome> {
  try {
    const form = await readForm(await contextOf(request));
    return { form: [...form].map(([name, value]) => [name, typeof value === "string" ? value : `file:${value.name}`]) };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, text: await thrown.text() };
  }
}

/** what the platform's own parser makes of the same body (request.formData(), which actions may not call) */
async function platformForm({ body, type }: EncodedBody): Promise<[string, string][]> {
  const form = await new Response(body, { headers: { "Content-Type": type! } }).formData();
  return [...form].map(([name, value]) => [name, typeof value === "string" ? value : `file:${value.name}`]);
}

const refused = (status: number) => ({ status, text: FORM_REJECTED });

/** the refusal the customer reads, or how many fields were accepted (a short failure message, not 40,000 entries) */
async function refusal(request: Request): Promise<{ status: number; text: string } | { accepted: string }> {
  const read = await outcome(request);
  return "form" in read ? { accepted: `${read.form.length} fields` } : read;
}

describe("any Content-Type and any body (hostile input, generated)", () => {
  // what clients and scanners send: the two form types written every way a header allows, other types, and noise
  const param = fc.constantFrom("; charset=utf-8", "; charset=koi8-r", "; charset=", ";", "; boundary=", '; boundary="', `; boundary=${BOUNDARY}`, `; boundary="${BOUNDARY}"`, "; boundary=a; boundary=b", `; boundary=${"b".repeat(71)}`, "; x=\u0000");
  const contentType = fc.oneof(
    fc.tuple(fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data", "MULTIPART/FORM-DATA", " application/x-www-form-urlencoded "), fc.array(param, { maxLength: 3 })).map(([type, params]) => type + params.join("")),
    fc.constantFrom("application/json", "text/plain", "text/plain;charset=UTF-8", "application/xml", "application/octet-stream", "multipart/mixed; boundary=x", "application/csp-report", "*/*", ""),
    fc.string({ maxLength: 200 }),
  );
  const body = fc.oneof(
    fc.uint8Array({ maxLength: 4_096 }),
    fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 })), { maxLength: 20 }).map((entries) => urlEncoded(entries)),
    fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 })), { maxLength: 20 }).map((entries) => multipart(entries)),
    fc.constant(new TextEncoder().encode('{"intent":"add","positionId":10031}')),
  );

  it("is read as a form or refused with 400, 413 or 415 and the customer's message — never a thrown error", async () => {
    await fc.assert(
      fc.asyncProperty(contentType, body, async (type, bytes) => {
        let request: Request;
        try {
          request = postOf("/cart", { what: "generated", body: bytes, type });
        } catch {
          return; // a header the platform itself will not send (fetch refuses it before any server could see it)
        }
        const read = await outcome(request);
        if ("status" in read) expect([400, 413, 415]).toContain(read.status);
        if ("status" in read) expect(read.text).toBe(FORM_REJECTED);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the form reader's bounds (ADR 142)", () => {
  it("reads every form inside the bounds as request.formData() would", async () => {
    await fc.assert(
      fc.asyncProperty(formWithinBounds, async ({ entries, encoding }) => {
        const encoded = encode(entries, encoding);
        expect(await outcome(postOf("/cart", encoded))).toEqual({ form: await platformForm(encoded) });
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("refuses more fields than the bound with 413 and the customer's message, url-encoded or multipart", async () => {
    await fc.assert(
      fc.asyncProperty(formOverFieldLimit, async ({ entries, encoding }) => {
        expect(await refusal(postOf("/cart", encode(entries, encoding)))).toEqual(refused(413));
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it("refuses a name past a bound (size, depth, list index, conform's own) with 400, wherever it is in the form", async () => {
    await fc.assert(
      fc.asyncProperty(formWithBadName, async ({ entries, encoding }) => {
        expect(await refusal(postOf("/cart", encode(entries, encoding)))).toEqual(refused(400));
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("refuses a body past the size bound that arrives in chunks of any size with 413, leaving the rest unread for the server", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 256 * 1024 }), fc.integer({ min: 512, max: 64 * 1024 }), async (over, chunk) => {
        const body = urlEncoded([["intent", "add"], ["x", "y".repeat(FORM_BODY_LIMIT_BYTES + over)]]);
        const { stream, cancelled } = streamed(body, chunk);
        const request = new Request("http://localhost/cart", {
          method: "POST",
          body: stream,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          duplex: "half",
        } as RequestInit);
        expect(await refusal(request)).toEqual(refused(413));
        // cancelling the request's body destroyed the connection under server.mjs: the client got no answer at all
        expect(cancelled(), "the request's body stream was cancelled").toBe(false);
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it("reads a form that arrives in chunks of any size, inside the bounds", async () => {
    await fc.assert(
      fc.asyncProperty(formWithinBounds, fc.integer({ min: 1, max: 64 * 1024 }), async ({ entries, encoding }, chunk) => {
        const encoded = encode(entries, encoding);
        const { stream } = streamed(encoded.body!, chunk);
        const request = new Request("http://localhost/cart", { method: "POST", body: stream, headers: { "Content-Type": encoded.type! }, duplex: "half" } as RequestInit);
        expect(await outcome(request)).toEqual({ form: await platformForm(encoded) });
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  describe("listed cases", () => {
    const fields = (count: number, entry: Entry): Entry[] => Array.from({ length: count }, () => entry);
    const form = (body: string) => postOf("/cart", { what: body.slice(0, 40), body: new TextEncoder().encode(body), type: "application/x-www-form-urlencoded" });

    it.each([
      ["the attack: 120 KB of 40,000 repeated fields", "urlencoded", fields(40_000, ["a", ""])],
      ["one field past the bound", "urlencoded", fields(FORM_FIELD_LIMIT + 1, ["modifier", "1:101:1"])],
      ["one part past the bound", "multipart", fields(FORM_FIELD_LIMIT + 1, ["modifier", "1:101:1"])],
      ["10,000 multipart parts", "multipart", fields(10_000, ["a", ""])],
    ] as const)("413 for %s", async (_, encoding, entries) => {
      expect(await refusal(postOf("/cart", encode(entries, encoding)))).toEqual(refused(413));
    });

    it("reads exactly the field bound: an add with every modifier a form may carry and more", async () => {
      const entries: Entry[] = [["intent", "add"], ["positionId", "10001"], ["menuId", "501"], ...fields(FORM_FIELD_LIMIT - 3, ["modifier", "1:101:1"])];
      for (const encoding of ["urlencoded", "multipart"] as const) {
        const read = await outcome(postOf("/cart", encode(entries, encoding)));
        expect("form" in read && read.form.length).toBe(FORM_FIELD_LIMIT);
      }
    });

    it("counts only the fields a parser would make: empty pairs (`&&`) are none", async () => {
      const body = `intent=add${"&".repeat(5000)}&count=2`;
      expect(await outcome(form(body))).toEqual({ form: [["intent", "add"], ["count", "2"]] });
    });

    it("reads names at the bounds and refuses one byte or one part past them", async () => {
      const atSize = "n".repeat(FORM_NAME_LIMIT_BYTES);
      const atDepth = ["a", ...Array.from({ length: FORM_NAME_DEPTH_LIMIT - 1 }, (_, i) => (i % 2 ? ".b" : "[0]"))].join("");
      const lastIndex = `modifier[${FORM_FIELD_LIMIT - 1}]`;
      for (const encoding of ["urlencoded", "multipart"] as const) {
        expect(await outcome(postOf("/cart", encode([[atSize, "x"], [atDepth, "y"], [lastIndex, "z"]], encoding)))).toEqual({
          form: [[atSize, "x"], [atDepth, "y"], [lastIndex, "z"]],
        });
        expect(await refusal(postOf("/cart", encode([[`${atSize}n`, "x"]], encoding)))).toEqual(refused(400));
        expect(await refusal(postOf("/cart", encode([[`${atDepth}.c`, "x"]], encoding)))).toEqual(refused(400));
        expect(await refusal(postOf("/cart", encode([[`modifier[${FORM_FIELD_LIMIT}]`, "x"]], encoding)))).toEqual(refused(400));
      }
    });

    it("refuses the names conform reserves, however they are written, with 400 (conform threw: a 500 with a stack)", async () => {
      expect(CONFORM_RESERVED_NAMES).toEqual(["__intent__", "__state__"]);
      for (const body of ["__intent__=x", "__state__=x", "intent=add&__intent__=%7B%7D", "%5F%5Fintent%5F%5F=x", "__state__", "intent=add&__state__=%7B%22validated%22%3A%7B%7D%7D"]) {
        expect(await refusal(form(body)), body).toEqual(refused(400));
      }
      for (const name of CONFORM_RESERVED_NAMES) {
        expect(await refusal(postOf("/cart", encode([["intent", "add"], [name, "x"]], "multipart")))).toEqual(refused(400));
      }
    });

    it("reads the largest form any action accepts: the legacy-storage migration of 32,000 three-byte characters", async () => {
      // app/shell/preferences.server.ts: `storage` is at most 32,000 characters; a fetcher sends it url-encoded, so
      // each character of U+0800–U+FFFF is 9 bytes (%E4%B8%AD): the body is 288 KB
      const storage = "中".repeat(32_000);
      const body = urlEncoded([["intent", "migrate"], ["storage", storage], ["redirectTo", "/menus/501"]]);
      expect(body.byteLength).toBeGreaterThan(288_000);
      expect(body.byteLength).toBeLessThanOrEqual(FORM_BODY_LIMIT_BYTES);
      const read = await outcome(postOf("/preferences", { what: "migration", body, type: "application/x-www-form-urlencoded" }));
      expect(read).toEqual({ form: [["intent", "migrate"], ["storage", storage], ["redirectTo", "/menus/501"]] });
    });

    it("refuses a multipart boundary longer than RFC 2046's 70 characters, or empty, with 400", async () => {
      const long = "b".repeat(71);
      const body = multipart([["intent", "add"]], long);
      expect(await refusal(postOf("/cart", { what: "long boundary", body, type: `multipart/form-data; boundary=${long}` }))).toEqual(refused(400));
      expect(refuseBeforeReading(`multipart/form-data; boundary=${long}`, null)).toMatchObject({ status: 400 });
      expect(refuseBeforeReading("multipart/form-data; boundary=", null)).toMatchObject({ status: 400 });
      expect(refuseBeforeReading(`multipart/form-data; boundary="${BOUNDARY}"`, null)).toBeNull();
    });

    it("counts parts by their boundary: a part that hides more fields in its headers is still one", async () => {
      const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const bytes = new TextEncoder().encode(`${part("intent", "add")}${part("note", "a=1&b=2&".repeat(5000))}--${BOUNDARY}--\r\n`);
      expect(await outcome(postOf("/cart", { what: "one big part", body: bytes, type: `multipart/form-data; boundary=${BOUNDARY}` }))).toEqual({
        form: [["intent", "add"], ["note", "a=1&b=2&".repeat(5000)]],
      });
    });

    it("refuses a streamed body of 1.1 MB (Transfer-Encoding: chunked) with 413 and leaves it to the server to drain", async () => {
      const { stream, cancelled } = streamed(urlEncoded([["intent", "add"], ["x", "y".repeat(1_100_000)]]), 16 * 1024);
      const request = new Request("http://localhost/cart", { method: "POST", body: stream, headers: { "Content-Type": "application/x-www-form-urlencoded" }, duplex: "half" } as RequestInit);
      expect(await refusal(request)).toEqual(refused(413));
      expect(cancelled()).toBe(false);
    });

    it("answers in the customer's language", async () => {
      const request = postOf("/cart", encode(fields(40_000, ["a", ""]), "urlencoded"), { "Accept-Language": "en-US,en;q=0.9" });
      expect(await refusal(request)).toEqual({ status: 413, text: "The form could not be sent. Reload the page and try again." });
    });
  });
});
