/**
 * Generated hostile page requests against the production server (issue 38 §3): what request-hygiene.ops.spec.ts
 * lists for the actions' bodies, Origins and redirect targets, here for everything else a request carries — its
 * path, its query and its headers — drawn by fast-check over every page, resource and single-fetch route.
 *
 * Each request is sent raw (node:http: the path exactly as drawn, malformed escapes included; any Host; GET or HEAD)
 * with a customer's cookies (signed in or not), or those cookies tampered with, mixed with junk, or none. Whatever arrives:
 * - an answer comes, within 10 s, and it is never a 5xx;
 * - a customer's untouched cookie never comes back deleted or emptied (nothing is lost for junk beside it);
 * - a redirect stays on the site the request named;
 * - afterwards the server still answers, a plain customer's pages carry nothing a hostile request sent (no cache
 *   poisoned by a Host, X-Forwarded-Host or header), and every log line is one JSON object, none at level error.
 * The real forms get the same cookies and headers: never a 5xx, and an accepted write keeps the cart the customer had.
 * A failure prints fast-check's seed and the shrunk request.
 */
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { expect, test } from "./helpers/load-gate";
import { startServer, type ServerProcess } from "./helpers/server-process";

/** generated requests per run */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 400);
/** the marker every hostile host and header value carries, looked for in plain customers' pages afterwards */
const MARK = "evil-mark.example";

/** every route of the app with a GET, at real ids of the demo catalog */
const PAGES = [
  "/",
  "/assets/missing.js",
  "/robots.txt",
  "/favicon.ico",
  "/menus/501",
  "/menus/501/positions/10001",
  "/menus/501/age",
  "/location",
  "/restos",
  "/restos/173",
  "/search",
  "/promotions",
  "/promotions/301",
  "/auth",
  "/auth/apple",
  "/auth/apple/callback",
  "/auth/sign-out",
  "/cart",
  "/cart/share",
  "/checkout/abc",
  "/orders/repeat",
  "/orders/1/repeat",
  "/shared-cart/ABC",
  "/terms-of-sale",
  "/preferences",
  "/api/address/suggest",
  "/manifest.webmanifest",
  "/sw.js",
  "/offline",
  "/offline/menu",
  "/icons/any.svg",
  "/icons/maskable.svg",
  "/vitals",
  "/healthz",
  "/_demo/idp/google",
  "/_demo/pay/1",
  "/_demo/vk/authorize",
  "/no-such-page",
];
const QUERY_KEYS = [
  "redirectTo", "from", "q", "page", "section", "city", "cityId", "method", "resto", "step", "address", "lat", "lng",
  "code", "state", "token", "added", "failed", "error", "positionGroupId", "_routes", "_data", "index", "lng", "size",
];

/** a string's UTF-8 bytes, every one outside the unreserved set percent-encoded (lone surrogates included) */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, "utf8")].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`)).join("");
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
/** what a header value may carry on the wire: printable ASCII and Latin-1 */
const latin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength: 60 });

/** a path segment or query value as it is written in the request line */
const rawPiece = fc.oneof(
  fc.constantFrom("%", "%G1", "%E0%A4", "%00", "%2F", "%2e%2e", "..", ".", "%C0%AF", "%FF", "%uFFFF", "~", "null", "undefined", "-1", "0",
    "1e309", "NaN", "__proto__", "constructor", "501", "10001", "173", "%0D%0ASet-Cookie:%20x=1", "%3Cscript%3E", `//${MARK}`, `https:%2F%2F${MARK}`),
  fc.string({ unit: "binary", maxLength: 30 }).map(percentEncoded),
  fc.string({ unit: "grapheme", maxLength: 30 }).map(percentEncoded),
  printable.map((s) => s.replace(/[^!$&'()*+,;=:@A-Za-z0-9\-._~%/]/g, (c) => percentEncoded(c))),
  fc.nat(4000).map((n) => "a".repeat(n)),
);

const path = fc
  .record({
    page: fc.constantFrom(...PAGES),
    // replace one segment, add some, or keep the route as it is
    change: fc.oneof(
      { weight: 3, arbitrary: fc.constant({ kind: "keep" as const }) },
      fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), with: rawPiece }),
      fc.record({ kind: fc.constant("append" as const), with: fc.array(rawPiece, { minLength: 1, maxLength: 3 }) }),
    ),
    data: fc.boolean(),
    trailingSlash: fc.constantFrom(false, false, false, true),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), rawPiece), rawPiece), { maxLength: 6 }),
  })
  .map(({ page, change, data, trailingSlash, query }) => {
    let segments = page.split("/").slice(1);
    if (change.kind === "replace" && segments.length > 0) segments[change.at % segments.length] = change.with;
    if (change.kind === "append") segments = [...segments, ...change.with];
    let pathname = `/${segments.join("/")}`;
    // single fetch: the index's data is /_root.data
    if (data) pathname = pathname === "/" ? "/_root.data" : `${pathname.replace(/\/+$/, "")}.data`;
    if (trailingSlash && !pathname.endsWith("/")) pathname += "/";
    const search = query.map(([k, v]) => `${k}=${v}`).join("&");
    return search ? `${pathname}?${search}` : pathname;
  });
/** the request target: mostly a path, sometimes one of the forms HTTP allows that are not (absolute, asterisk) */
const target = fc.oneof(
  { weight: 12, arbitrary: path },
  fc.constantFrom("*", `http://${MARK}/menus/501`, `http://${MARK}`, `//${MARK}/menus/501`, "///menus/501", "/\\evil", "http://localhost/"),
);

type CookieKind = "customer" | "customer and junk" | "tampered" | "junk" | "huge" | "none" | "signed in" | "sign-in tampered";
const cookieKind = fc.constantFrom<CookieKind>("customer", "customer", "customer and junk", "tampered", "junk", "huge", "none", "signed in", "sign-in tampered");
/** the kinds that carry the customer's storefront cookie untouched: it must never come back cleared */
const INTACT: readonly CookieKind[] = ["customer", "customer and junk", "huge", "signed in", "sign-in tampered"];
const junkPairs = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom("sf_prefs", "sf_history", "sf_places", "__Host-sf_state", "sf", "", "=", "a b"), printable.map((s) => s.replace(/[;=]/g, ""))), latin1.map((s) => s.replace(/;/g, ""))),
  { minLength: 1, maxLength: 5 },
);

const headerValue = fc.oneof(
  latin1,
  fc.constantFrom("", " ", "*", "null", "ru", "en", "zz-ZZ", "en;q=abc", ";;;", "ru-RU,ru;q=0.9,en;q=0.8", "x".repeat(4000), MARK, `https://${MARK}`),
);
const headers = fc.record(
  {
    "accept-language": headerValue,
    accept: fc.oneof(headerValue, fc.constantFrom("text/html", "application/json", "*/*", "text/x-script", "image/webp")),
    "if-none-match": fc.oneof(headerValue, fc.constantFrom('"abc"', 'W/"x"', "*")),
    "if-modified-since": fc.oneof(headerValue, fc.constantFrom("Thu, 01 Jan 1970 00:00:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT")),
    range: fc.oneof(headerValue, fc.constantFrom("bytes=0-10", "bytes=-1", "bytes=999999999-", "bytes=x", "bytes=0-0,0-0,0-0")),
    host: fc.constantFrom(MARK, `${MARK}:1`, "[::1]", "a".repeat(300), ""),
    "x-forwarded-host": fc.constantFrom(MARK, `${MARK}, ${MARK}`),
    "x-forwarded-proto": fc.constantFrom("https", "javascript", "https, http", MARK),
    "x-forwarded-for": fc.constantFrom("1.2.3.4", "not an address", `1.2.3.4, ${MARK}`),
    forwarded: fc.constantFrom(`host=${MARK};proto=https`, "for=unknown"),
    referer: fc.oneof(headerValue, fc.constant(`https://${MARK}/`)),
    "user-agent": headerValue,
    "sec-fetch-site": fc.constantFrom("cross-site", "same-origin", "none", MARK),
    "sec-fetch-mode": fc.constantFrom("navigate", "cors", "no-cors", MARK),
    "sec-fetch-dest": fc.constantFrom("document", "empty", "iframe", MARK),
    "save-data": fc.constantFrom("on", MARK),
    "content-type": fc.constantFrom("application/json", "multipart/form-data; boundary=x", "text/plain"),
  },
  { requiredKeys: [] },
);

const hostileRequest = fc.record({
  method: fc.constantFrom("GET", "GET", "GET", "HEAD"),
  path: target,
  cookie: cookieKind,
  junk: junkPairs,
  headers,
  // a body on a GET (a client may send one; nothing may read it), framed by its Content-Length
  body: fc.option(fc.constantFrom("form", "json", "70 KB"), { nil: undefined }),
});
const BODIES = { form: "intent=clear", json: '{"intent":"clear"}', "70 KB": "x".repeat(70_000) };
type HostileRequest = typeof hostileRequest extends fc.Arbitrary<infer T> ? T : never;

/** Node's default bound of a request's head (its line and headers): past it, a 431 and a closed connection */
const MAX_HEAD_BYTES = 16 * 1024;

/** fast-check's report with runs of one character written as a count (a 4,000-character segment is one line) */
function compactReport<T>(details: fc.RunDetails<T>) {
  if (!details.failed) return;
  const report = `${fc.defaultReportMessage(details) ?? ""}\n${String(details.errorInstance)}`;
  throw new Error(report.replace(/(.)\1{40,}/g, (run, c: string) => `${c}…(${run.length} times)`));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** one raw request; rejects on a connection error or after 10 s */
function send(base: string, method: string, target: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path: target, headers, timeout: 10_000, setHost: !("host" in headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("no answer within 10 s")));
    req.on("error", reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

function cookiePairs(header: string): Map<string, string> {
  return new Map(header.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const));
}

/** the cookies of a Cookie header after an answer's Set-Cookie lines (later values win) */
function afterSetCookies(header: string, setCookies: readonly string[]): Map<string, string> {
  const jar = cookiePairs(header);
  for (const set of setCookies) {
    const pair = set.split(";")[0]!;
    jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

test.describe("generated hostile requests against the production server (issue 38 §3)", () => {
  // one server for the three tests: in order, in one worker (each still runs when another fails)
  test.describe.configure({ mode: "default", timeout: 180_000 });
  let server: ServerProcess;
  let customer = "";
  /** the same customer signed in (the demo identity provider) */
  let signedIn = "";

  test.beforeAll(async () => {
    server = await startServer();
    // a customer with a place and a cart line
    const placed = await fetch(`${server.base}/location`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
      body: new URLSearchParams({ intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" }).toString(),
    });
    const first = placed.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
    const added = await fetch(`${server.base}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: first },
      body: new URLSearchParams({ intent: "add", positionId: "10031", menuId: "501" }).toString(),
    });
    expect(added.status).toBe(303);
    customer = cookieHeader(afterSetCookies(first, added.headers.getSetCookie()));
    expect(customer).toMatch(/sf_state=/);
    const idp = await fetch(`${server.base}/_demo/idp/google`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: customer },
      body: new URLSearchParams({ email: "hostile@example.com", redirectTo: "/" }).toString(),
    });
    expect(idp.status).toBe(303);
    signedIn = cookieHeader(afterSetCookies(customer, idp.headers.getSetCookie()));
    expect(signedIn).toMatch(/sf_auth=/);
  });

  test.afterAll(async () => server?.stop());

  function cookieOf(request: HostileRequest): string | undefined {
    const junk = request.junk.map(([k, v]) => `${k}=${v}`).join("; ");
    switch (request.cookie) {
      case "customer":
        return customer;
      case "customer and junk":
        return `${customer}; ${junk}`;
      case "tampered":
        // one character of the sealed cart changed
        return customer.replace(/(sf_state=[^;]{20})(.)/, (_m, head: string, c: string) => `${head}${c === "A" ? "B" : "A"}`);
      case "junk":
        return junk;
      case "huge":
        return `${customer}; pad=${"p".repeat(7000)}`;
      case "none":
        return undefined;
      case "signed in":
        return signedIn;
      case "sign-in tampered":
        // one character of the sealed sign-in changed: a signed-out customer, the cart kept
        return signedIn.replace(/(sf_auth=[^;]{20})(.)/, (_m, head: string, c: string) => `${head}${c === "A" ? "B" : "A"}`);
    }
  }

  test("a file's Range past its end, a malformed one, or a failed precondition is the client's 4xx, never a 500", async () => {
    // found by the generated test below: serve-static's 416 and 412 reached the last error handler, which answered 500
    const home = await (await fetch(`${server.base}/`, { headers: { Cookie: customer } })).text();
    const asset = /\/assets\/[^"'\s]+\.js/.exec(home)?.[0];
    expect(asset, "a hashed script of the page").toBeTruthy();
    const cases: [string, Record<string, string>, number][] = [];
    for (const file of ["/robots.txt", asset!]) {
      cases.push([file, { range: "bytes=0-10" }, 206]);
      for (const range of ["bytes=999999-", "bytes=5-2", "bytes=-0", "bytes=x"]) cases.push([file, { range }, 416]);
      cases.push([file, { "if-match": '"no such tag"' }, 412]);
      cases.push([file, { "if-unmodified-since": "Thu, 01 Jan 1970 00:00:00 GMT" }, 412]);
    }
    const before = server.logs().length;
    for (const [file, headers, status] of cases) {
      const answer = await send(server.base, "GET", file, headers);
      expect(answer.status, `${file} ${JSON.stringify(headers)}`).toBe(status);
      if (status === 416) expect(answer.headers["content-range"], `${file} ${JSON.stringify(headers)}`).toMatch(/^bytes \*\/\d+$/);
    }
    expect(server.logs().slice(before), "a client's error is not logged as the server's").not.toContain('"level":"error"');
  });

  test("any path, query and headers: an answer within 10 s, never a 5xx, no cookie of the customer's lost, redirects on the site", async () => {
    const stateName = [...cookiePairs(customer).keys()].find((k) => /sf_state$/.test(k))!;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (request) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = value;
        const cookie = cookieOf(request);
        if (cookie !== undefined) headers.cookie = cookie;
        const body = request.method === "GET" && request.body ? BODIES[request.body] : undefined;
        if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
        const head = Buffer.byteLength(`${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}`, "latin1");
        let answer: Answer;
        try {
          answer = await send(server.base, request.method, request.path, headers, body);
        } catch (error) {
          // a head past Node's bound is answered 431 and its connection closed, which the client may read as a reset
          if (head > MAX_HEAD_BYTES && (error as NodeJS.ErrnoException).code === "ECONNRESET") return;
          throw error;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const where = `${request.method} ${request.path.slice(0, 200)} → ${answer.status}`;
        expect(answer.status, where).toBeGreaterThanOrEqual(200);
        expect(answer.status, where).toBeLessThan(500);
        // the customer's own cookie sent untouched is never cleared by what came beside it
        if (INTACT.includes(request.cookie)) {
          const setCookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
          const cleared = setCookies.filter((c) => c.startsWith(`${stateName}=;`) || (c.startsWith(`${stateName}=`) && /max-age=0/i.test(c)));
          expect(cleared, `${where}: the customer's cart cookie was cleared`).toEqual([]);
        }
        const location = answer.headers.location;
        if (typeof location === "string") {
          // a path on this site, or an absolute URL of the host the request named
          const named = headers.host || new URL(server.base).host;
          const onSite = /^\/(?![/\\])/.test(location) || (URL.canParse(location) && new URL(location).host === named);
          expect(onSite, `${where}: Location ${location}`).toBe(true);
          // eslint-disable-next-line no-control-regex -- the test looks for control characters on purpose
          expect(location, `${where}: Location with control characters`).not.toMatch(/[\u0000-\u001f\u007f]/);
        }
      }),
      // a failure is shrunk against the live server: bounded, so a stalled request still reports its seed
      { numRuns: RUNS, interruptAfterTimeLimit: 150_000, markInterruptAsFailure: true, asyncReporter: async (details) => compactReport(details) },
    );
    // what the generated requests met, so that a run that only ever reached the refusals shows
    console.log(`hostile requests by status: ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status} × ${n}`).join(", ")}`);
    // still serving; a plain customer's pages carry nothing a hostile request sent (no cache poisoned)
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    for (const page of ["/", "/menus/501", "/restos/173", "/promotions/301", "/search", "/terms-of-sale", "/location", "/cart", "/manifest.webmanifest"]) {
      for (const withCookie of [true, false]) {
        const response = await fetch(`${server.base}${page}`, { headers: withCookie ? { Cookie: customer } : {} });
        const text = await response.text();
        expect(response.status, page).toBe(200);
        expect(text, `${page}: a plain customer's page carries a hostile request's value`).not.toContain(MARK);
        expect(JSON.stringify([...response.headers]), `${page}: headers`).not.toContain(MARK);
      }
    }
    const lines = server.logs().split("\n").filter((line) => line.trim());
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson, "log lines that are not JSON").toEqual([]);
    const errors = lines.map((line) => JSON.parse(line) as { level?: string | number; msg?: string }).filter((l) => l.level === "error" || l.level === 50);
    expect(errors, "log lines at level error").toEqual([]);
  });
  test("the real forms with any cookies and headers: never a 5xx, and an accepted write keeps the customer's cart", async () => {
    const forms: [string, Record<string, string>][] = [
      ["/cart", { intent: "add", positionId: "10074", menuId: "501" }],
      ["/cart.data", { intent: "add", positionId: "10074", menuId: "501" }],
      ["/menus/501/positions/10031", { intent: "add", count: "1" }],
      ["/location", { intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" }],
      ["/preferences", { intent: "locale", locale: "en" }],
      ["/preferences", { intent: "consent", consent: "accept" }],
    ];
    const write = fc.record({
      form: fc.constantFrom(...forms),
      multipart: fc.boolean(),
      cookie: cookieKind,
      junk: junkPairs,
      headers,
      origin: fc.constantFrom("site", "site", "site", "absent", "null", `https://${MARK}`),
      // most writes come from the site's own page (its Host, same-origin): those are the ones that reach the action
      fromPage: fc.constantFrom(true, true, true, false),
    });
    const statuses = new Map<number, number>();
    let kept = 0;
    await fc.assert(
      fc.asyncProperty(write, async ({ form: [path, fields], multipart, cookie: kind, junk, headers: drawn, origin, fromPage }) => {
        const { "content-type": _type, ...rest } = drawn;
        if (fromPage) {
          delete rest.host;
          delete rest["sec-fetch-site"];
        }
        const sent: Record<string, string> = {};
        for (const [name, value] of Object.entries(rest)) if (value !== undefined) sent[name] = value;
        const cookie = cookieOf({ cookie: kind, junk } as HostileRequest);
        if (cookie !== undefined) sent.cookie = cookie;
        if (origin === "site") sent.origin = server.base;
        else if (origin !== "absent") sent.origin = origin;
        let body: string;
        if (multipart) {
          const boundary = "hostileboundary";
          body = `${Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("")}--${boundary}--\r\n`;
          sent["content-type"] = `multipart/form-data; boundary=${boundary}`;
        } else {
          body = new URLSearchParams(fields).toString();
          sent["content-type"] = "application/x-www-form-urlencoded";
        }
        sent["content-length"] = String(Buffer.byteLength(body));
        let answer: Answer;
        try {
          answer = await send(server.base, "POST", path, sent, body);
        } catch (error) {
          const head = Object.entries(sent).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
          if (head > MAX_HEAD_BYTES && (error as NodeJS.ErrnoException).code === "ECONNRESET") return;
          throw error;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const where = `POST ${path} ${kind} Origin:${origin} → ${answer.status}`;
        expect(answer.status, where).toBeLessThan(500);
        // accepted with the customer's cookie intact: the cart it held is still there, whatever came beside it
        const intact = INTACT.includes(kind);
        if (intact && answer.status < 400) {
          const jar = afterSetCookies(cookie!, ([] as string[]).concat(answer.headers["set-cookie"] ?? []));
          const after = cookieHeader(new Map([...jar].filter(([k]) => !k.startsWith("pad") && !/^j/.test(k))));
          const cart = await send(server.base, "GET", "/cart.data", { cookie: after });
          expect(cart.body, `${where}: the customer's cart line after the write`).toContain("10031");
          kept++;
        }
      }),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 150), interruptAfterTimeLimit: 150_000, markInterruptAsFailure: true, asyncReporter: async (details) => compactReport(details) },
    );
    console.log(`hostile writes by status: ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status} × ${n}`).join(", ")}; the cart checked after ${kept} accepted`);
  });
});
