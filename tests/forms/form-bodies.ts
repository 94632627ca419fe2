/**
 * Request bodies for the form reader's tests (ADR 142): forms inside the reader's bounds, forms past each bound,
 * and hostile bodies of every content type, encoded as a browser (or an attacker) sends them. Shared by
 * tests/forms/read-form-bounds.test.ts (the reader alone) and tests/fuzz/input-cost.test.ts (every action).
 */
import fc from "fast-check";
import {
  CONFORM_RESERVED_NAMES,
  FORM_BODY_LIMIT_BYTES,
  FORM_FIELD_LIMIT,
  FORM_NAME_DEPTH_LIMIT,
  FORM_NAME_LIMIT_BYTES,
} from "~/features/forms/read-form.server";

export type Entry = readonly [name: string, value: string];
export type Encoding = "urlencoded" | "multipart";
export interface EncodedBody {
  /** what the body is, for a failure's message */
  what: string;
  body: Uint8Array<ArrayBuffer> | null;
  /** the Content-Type header, or null for none */
  type: string | null;
}

/** the customer's "reload and try again" text (errors.formRejected, Russian: the tests' requests name no language) */
export const FORM_REJECTED = "Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.";

/** the names our forms send (app/**: `name="…"`, conform's fields, fetchers' objects, the honeypot's) */
export const REAL_FIELDS = [
  "intent", "redirectTo", "key", "count", "modifier", "positionId", "menuId", "personCount", "paymentMethod", "js", "code",
  "phone", "email", "receiptEmail", "name", "comment", "preOrderAt", "promoCode", "locale", "storage", "city", "resto",
  "method", "street", "house", "houseConfirmed", "lat", "lng", "addr", "token", "state", "deviceId", "outcome", "q",
  "name__confirm", "from__confirm",
];
/** the intents our actions know (tests/fuzz/actions.test.ts has the same list) */
export const INTENTS = [
  "add", "adult", "checkout", "clear", "consent", "external", "locale", "migrate", "payment", "person-count", "promo",
  "promo-remove", "remove", "remove-unavailable", "request-code", "resend", "restart", "save", "set-count", "sign-out",
  "verify", "vk-exchange", "vk-start", "city", "method", "address", "confirm-house", "point", "start",
];

const utf8 = new TextEncoder();
export const BOUNDARY = "----a35FormBoundary7MA4YWxkTrZu0gW";

/** the entries as application/x-www-form-urlencoded (what a browser's URLSearchParams makes) */
export function urlEncoded(entries: readonly Entry[]): Uint8Array<ArrayBuffer> {
  return utf8.encode(new URLSearchParams(entries as [string, string][]).toString());
}

/** a name as a browser writes it into a multipart part's Content-Disposition */
function multipartName(name: string): string {
  return name.replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/"/g, "%22");
}

/** the entries as multipart/form-data, written part by part as browsers write them */
export function multipart(entries: readonly Entry[], boundary = BOUNDARY): Uint8Array<ArrayBuffer> {
  const parts = entries.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${multipartName(name)}"\r\n\r\n${value}\r\n`);
  return utf8.encode(`${parts.join("")}--${boundary}--\r\n`);
}

export function encode(entries: readonly Entry[], encoding: Encoding): EncodedBody {
  const what = `${encoding}, ${entries.length} fields`;
  return encoding === "urlencoded"
    ? { what, body: urlEncoded(entries), type: "application/x-www-form-urlencoded" }
    : { what, body: multipart(entries), type: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** how many bytes a name takes in a body of this encoding (what the reader's name bound counts) */
export function rawNameBytes(name: string, encoding: Encoding): number {
  return encoding === "urlencoded" ? urlEncoded([[name, ""]]).byteLength - 1 : utf8.encode(multipartName(name)).byteLength;
}

/** a POST of this body to `path` */
export function postOf(path: string, { body, type }: EncodedBody, headers: Record<string, string> = {}): Request {
  const all = new Headers(headers);
  if (type) all.set("Content-Type", type);
  return new Request(`http://localhost${path}`, { method: "POST", body, headers: all });
}

/** a body that arrives in chunks with no Content-Length (Transfer-Encoding: chunked), and whether it was cancelled */
export function streamed(bytes: Uint8Array, chunkBytes: number): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let offset = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

// ── names ────────────────────────────────────────────────────────────────────────────────────────

const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/);
const index = fc.nat(FORM_FIELD_LIMIT - 1).map((i) => `[${i}]`);
/** a conform path (`a.b[0].c`) of at most FORM_NAME_DEPTH_LIMIT parts */
const path = fc
  .tuple(identifier, fc.array(fc.oneof(identifier.map((s) => `.${s}`), index), { maxLength: FORM_NAME_DEPTH_LIMIT - 1 }))
  .map(([head, rest]) => head + rest.join(""));
/** any text without the path characters: unicode, spaces, quotes, `&`, `=`, `%`, `+`, CR and LF */
const text = fc.string({ unit: "grapheme", maxLength: 12 }).map((s) => s.replace(/[.[\]]/g, "_"));

/** a name inside every bound: size, depth, list index, not one conform reserves */
export const validName = fc
  .oneof(fc.constantFrom(...REAL_FIELDS, ""), path, text)
  .filter((name) => !CONFORM_RESERVED_NAMES.includes(name) && rawNameBytes(name, "urlencoded") <= FORM_NAME_LIMIT_BYTES);

/** a name past one bound, and which */
export const badName: fc.Arbitrary<{ bound: string; name: string }> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...REAL_FIELDS, "a"), fc.integer({ min: FORM_NAME_LIMIT_BYTES + 1, max: 4 * FORM_NAME_LIMIT_BYTES }))
    .map(([field, size]) => ({ bound: "size", name: field.padEnd(size, "x") })),
  fc
    .array(fc.oneof(fc.stringMatching(/^[a-z]{1,3}$/).map((s) => `.${s}`), fc.nat(9).map((i) => `[${i}]`)), { minLength: FORM_NAME_DEPTH_LIMIT, maxLength: 20 })
    .map((rest) => ({ bound: "depth", name: `m${rest.join("")}` })),
  fc
    .tuple(fc.constantFrom("modifier", "a", "a.b"), fc.oneof(fc.integer({ min: FORM_FIELD_LIMIT, max: 2 ** 31 }), fc.constantFrom(1e6, 1e7, 1e12, 1e21)))
    .map(([field, i]) => ({ bound: "index", name: `${field}[${BigInt(i)}]` })),
  fc.constantFrom(...CONFORM_RESERVED_NAMES).map((name) => ({ bound: "reserved", name })),
);

// ── values and forms ─────────────────────────────────────────────────────────────────────────────

export const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.constantFrom("", "add", "1:101:1", "10001", "501", "/menus/501", "{}", "null", "x".repeat(2000)),
);

/** a form inside the reader's bounds: up to FORM_FIELD_LIMIT fields (often exactly), repeated names, one big value */
export const formWithinBounds: fc.Arbitrary<{ entries: Entry[]; encoding: Encoding }> = fc
  .record({
    pool: fc.array(validName, { minLength: 1, maxLength: 10 }),
    count: fc.oneof(fc.nat(FORM_FIELD_LIMIT), fc.integer({ min: FORM_FIELD_LIMIT - 3, max: FORM_FIELD_LIMIT })),
    big: fc.option(fc.nat(FORM_BODY_LIMIT_BYTES / 2), { nil: undefined }),
    encoding: fc.constantFrom<Encoding>("urlencoded", "multipart"),
  })
  .chain(({ pool, count, big, encoding }) =>
    fc.array(fc.tuple(fc.constantFrom(...pool), value), { minLength: count, maxLength: count }).map((entries) => {
      if (big !== undefined && entries.length > 0) entries[0] = [entries[0]![0], "x".repeat(big)];
      return { entries: entries as Entry[], encoding };
    }),
  )
  .filter(({ entries, encoding }) => encode(entries, encoding).body!.byteLength <= FORM_BODY_LIMIT_BYTES);

/** more fields than the bound: just past it, a few times it, or the attack's 40,000 */
export const formOverFieldLimit: fc.Arbitrary<{ entries: Entry[]; encoding: Encoding }> = fc
  .record({
    pool: fc.array(fc.constantFrom(...REAL_FIELDS, "a", "m"), { minLength: 1, maxLength: 5 }),
    count: fc.oneof(fc.constant(FORM_FIELD_LIMIT + 1), fc.integer({ min: FORM_FIELD_LIMIT + 1, max: 3 * FORM_FIELD_LIMIT }), fc.constant(40_000)),
    encoding: fc.constantFrom<Encoding>("urlencoded", "multipart"),
  })
  .chain(({ pool, count, encoding }) =>
    fc.array(fc.constantFrom(...pool), { minLength: Math.min(count, 50), maxLength: Math.min(count, 50) }).map((names) => ({
      // the names cycle, so a big count costs no generation time
      entries: Array.from({ length: count }, (_, i): Entry => [names[i % names.length]!, i % 7 === 0 ? "1:101:1" : ""]),
      encoding,
      // a failure prints this, not thousands of entries
      [fc.toStringMethod]: () => `${count} fields named ${[...new Set(names)].join(", ")}, ${encoding}`,
    })),
  );

/** a form inside the bounds but for one name past one of them, anywhere in the form */
export const formWithBadName: fc.Arbitrary<{ entries: Entry[]; encoding: Encoding; bound: string }> = fc
  .record({
    entries: fc.array(fc.tuple(validName, value), { maxLength: 20 }),
    bad: badName,
    at: fc.nat(),
    encoding: fc.constantFrom<Encoding>("urlencoded", "multipart"),
  })
  .map(({ entries, bad, at, encoding }) => {
    const all: Entry[] = [...entries];
    all.splice(at % (all.length + 1), 0, [bad.name, "x"]);
    return { entries: all, encoding, bound: bad.bound };
  });

/**
 * Anything an anonymous client can POST to an action: forms of every size and shape up to and past the bounds
 * (field counts, names, nesting, repeated names, one huge field), and every other content type.
 */
export const hostileBody: fc.Arbitrary<EncodedBody> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        intent: fc.option(fc.constantFrom(...INTENTS), { nil: undefined }),
        names: fc.array(fc.oneof(validName, validName, badName.map((b) => b.name)), { minLength: 1, maxLength: 8 }),
        count: fc.oneof(fc.nat(FORM_FIELD_LIMIT), fc.integer({ min: FORM_FIELD_LIMIT - 2, max: 2 * FORM_FIELD_LIMIT })),
        big: fc.option(fc.integer({ min: 1, max: FORM_BODY_LIMIT_BYTES + 64 * 1024 }), { nil: undefined }),
        encoding: fc.constantFrom<Encoding>("urlencoded", "multipart"),
        values: fc.array(value, { minLength: 1, maxLength: 8 }),
      })
      .map(({ intent, names, count, big, encoding, values }) => {
        const entries: Entry[] = Array.from({ length: count }, (_, i): Entry => [names[i % names.length]!, values[i % values.length]!]);
        if (intent) entries.unshift(["intent", intent]);
        if (big !== undefined) entries.push(["storage", "x".repeat(big)]);
        return encode(entries, encoding);
      }),
  },
  fc.string({ maxLength: 2000 }).map((s): EncodedBody => ({ what: "JSON", body: utf8.encode(JSON.stringify({ intent: "add", s })), type: "application/json" })),
  fc.string({ maxLength: 2000 }).map((s): EncodedBody => ({ what: "text", body: utf8.encode(s), type: "text/plain;charset=UTF-8" })),
  fc.constant<EncodedBody>({ what: "no body", body: null, type: null }),
  fc.constant<EncodedBody>({ what: "empty form", body: new Uint8Array(), type: "application/x-www-form-urlencoded" }),
  fc.uint8Array({ maxLength: 4000 }).map((bytes): EncodedBody => ({ what: "octets", body: new Uint8Array(bytes), type: "application/octet-stream" })),
  fc.uint8Array({ maxLength: 4000 }).map((bytes): EncodedBody => ({ what: "broken multipart", body: new Uint8Array(bytes), type: `multipart/form-data; boundary=${BOUNDARY}` })),
);

/** the bodies every action gets besides the generated ones: the findings of the attack test and the bounds' edges */
export function listedBodies(): EncodedBody[] {
  const repeat = (count: number, entry: Entry): Entry[] => Array.from({ length: count }, () => entry);
  const huge = "y".repeat(FORM_BODY_LIMIT_BYTES - 64);
  return [
    { ...encode(repeat(40_000, ["a", ""]), "urlencoded"), what: "the attack: 120 KB of 40,000 repeated fields" },
    { ...encode(repeat(20_000, ["modifier", "1:101:1"]), "urlencoded"), what: "20,000 repeated modifiers" },
    { ...encode(repeat(10_000, ["a", ""]), "multipart"), what: "10,000 multipart parts" },
    { ...encode([["intent", "add"], ...repeat(FORM_FIELD_LIMIT - 1, ["modifier", "1:101:1"])], "urlencoded"), what: "exactly the field bound" },
    { ...encode([["intent", "add"], ...repeat(FORM_FIELD_LIMIT - 1, ["modifier", "1:101:1"])], "multipart"), what: "exactly the field bound, multipart" },
    { ...encode([["intent", "add"], ["storage", huge]], "urlencoded"), what: "one field as large as the body bound" },
    { ...encode([["intent", "add"], ["storage", huge]], "multipart"), what: "one multipart field as large as the body bound" },
    { ...encode([["intent", "add"], ["modifier[1000000]", "1:101:1"]], "urlencoded"), what: "a list index of a million" },
    { ...encode([["intent", "add"], ["modifier[10000000]", "1:101:1"]], "multipart"), what: "a list index of ten million" },
    { ...encode([["intent", "add"], [`a${".b".repeat(40)}`, "x"]], "urlencoded"), what: "a name 41 parts deep" },
    { ...encode([["intent", "add"], ["__intent__", "x"]], "urlencoded"), what: "__intent__=x" },
    { ...encode([["intent", "add"], ["__state__", "x"]], "urlencoded"), what: "__state__=x" },
    { ...encode([["intent", "add"], ["__intent__", "x"]], "multipart"), what: "__intent__=x, multipart" },
    { ...encode(largestMigration(), "urlencoded"), what: "the largest legacy-storage migration the schema takes" },
    { what: "JSON as large as the body bound", body: utf8.encode(JSON.stringify({ x: huge })), type: "application/json" },
    { what: "text as large as the body bound", body: utf8.encode(huge), type: "text/plain" },
    { what: "a form past the body bound", body: utf8.encode(`intent=add&x=${huge}${huge}`), type: "application/x-www-form-urlencoded" },
  ];
}

/**
 * The preferences action's largest form (app/shell/preferences.server.ts): a legacy storage of 32,000 characters, its
 * cart (16,000 characters: ~370 lines) checked against the demo brand's catalog, merged and fitted into the cookie.
 */
export function largestMigration(): Entry[] {
  const lines: string[] = [];
  for (let i = 0; JSON.stringify(lines).length < 15_800; i++) lines.push(JSON.stringify({ id: i % 3 ? 10031 : 10001, menu: { id: 501 }, count: (i % 5) + 1 }));
  const raw: Record<string, string> = {
    app_white_label: JSON.stringify("demo-pizza"),
    app_version: JSON.stringify("1"),
    city_id: "115",
    resto_id: "173",
    order_delivery_method: JSON.stringify("TAKE_AWAY"),
    order_comment: JSON.stringify("к".repeat(100)),
    cart_positions: `[${lines.join(",")}]`,
  };
  // the rest of the 32,000 characters in keys the migration does not read (a value is at most 16,000)
  const rest = 31_900 - JSON.stringify(raw).length - 40;
  raw.padding_a = "p".repeat(Math.ceil(rest / 2));
  raw.padding_b = "p".repeat(Math.floor(rest / 2));
  const storage = JSON.stringify(raw);
  if (storage.length > 32_000) throw new Error(`the migration's storage is ${storage.length} characters`);
  return [["intent", "migrate"], ["storage", storage]];
}
