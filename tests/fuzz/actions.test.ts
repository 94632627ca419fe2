/**
 * Fuzzing every action's form fields (issue 9): random unicode, huge values, missing and repeated
 * fields, known and unknown intents. Whatever arrives, an action answers 2xx, 3xx or 400 — never a
 * 500 — and the customer's session stays readable with the cart intact when the input was refused.
 */
import type { ActionFunctionArgs } from "react-router";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { unseal } from "~server/crypto";
import { honeypotFields } from "../answer";
import { storefrontStateSchema, cookiePurpose } from "~server/session";
import { setLogLevel } from "~server/log";
import { createLoadContext, requestMiddleware } from "~server/context";
import { contextOf, services } from "../context";

/** a route module's action (a method, so that a route's own typed params are accepted) */
interface ActionModule {
  action(args: ActionFunctionArgs): unknown;
}

const ROUTES: Record<string, { module: () => Promise<ActionModule>; params: () => fc.Arbitrary<Record<string, string>>; url: string }> = {
  preferences: { module: () => import("~/routes/preferences"), params: () => fc.constant({}), url: "/preferences" },
  cart: { module: () => import("~/routes/cart"), params: () => fc.constant({}), url: "/cart" },
  location: { module: () => import("~/routes/location"), params: () => fc.constant({}), url: "/location" },
  auth: { module: () => import("~/routes/auth"), params: () => fc.constant({}), url: "/auth" },
  "auth sign-out": { module: () => import("~/routes/auth_.sign-out"), params: () => fc.constant({}), url: "/auth/sign-out" },
  "shared cart": { module: () => import("~/routes/shared-cart.$code"), params: () => fc.record({ code: fc.string({ maxLength: 12 }) }), url: "/shared-cart/ABC" },
  "repeat order": { module: () => import("~/routes/orders.$orderId.repeat"), params: () => fc.record({ orderId: fc.string({ maxLength: 12 }) }), url: "/orders/1/repeat" },
  "position layer": {
    module: () => import("~/routes/menus.$menuId.positions.$positionId"),
    // the form fields are what is fuzzed; the URL names real positions (one with modifiers, one without)
    params: () => fc.record({ menuId: fc.constant("501"), positionId: fc.constantFrom("10001", "10031") }),
    url: "/menus/501/positions/10001",
  },
};

const INTENTS = [
  "add", "adult", "checkout", "clear", "consent", "external", "locale", "migrate", "payment", "person-count", "promo",
  "promo-remove", "remove", "remove-unavailable", "request-code", "resend", "restart", "save", "set-count", "sign-out",
  "verify", "vk-exchange", "vk-start", "city", "method", "address", "confirm-house", "point",
];
const FIELDS = [
  "positionId", "menuId", "count", "modifier", "redirectTo", "locale", "storage", "key", "line", "code", "phone", "promoCode",
  "personCount", "payment", "comment", "name", "email", "receiptEmail", "preOrderAt", "cityId", "method", "address", "apartment",
  "entrance", "floor", "intercom", "restoId", "lat", "lng", "placeId", "state", "provider", "token", "idempotencyKey", "step",
  "name__confirm", "from__confirm",
];

const value = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom("", "0", "-1", "1e309", "NaN", "10001", "501", "1:101:1", "/\\evil.example", "//evil.example", "{}", "[]", "null"),
  fc.nat(200_000).map((n) => "x".repeat(n)),
);
const formEntries = fc.tuple(
  fc.option(fc.oneof(fc.constantFrom(...INTENTS), fc.string({ maxLength: 20 })), { nil: undefined }),
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), value), { maxLength: 12 }),
  // most runs carry a rendered form's honeypot fields, so the fuzzing reaches past the honeypot (ADR 044)
  fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
);

let seededCookie = "";
let honeypot: Record<string, string> = {};
const seededCart = [{ positionId: 10031, menuId: 501, count: 2, modifiers: [] }];

beforeAll(async () => {
  setLogLevel("silent");
  honeypot = honeypotFields();
  const { session } = await contextOf(new Request("http://localhost/"));
  const state = await session.get("storefront");
  state.cart_positions.push(...seededCart);
  seededCookie = (await session.commitHeaders())
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

function storefrontCartFrom(response: Response): unknown[] | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sf_state="));
  if (!cookie) return null;
  const raw = decodeURIComponent(cookie.slice("sf_state=".length).split(";")[0]!);
  if (!raw) return [];
  const sealed = JSON.parse(Buffer.from(raw, "base64").toString("utf8")) as string;
  const plain = unseal(sealed, services().config.sessionSecrets, cookiePurpose("sf_state", services().config.brand.whiteLabel));
  expect(plain, "the storefront cookie must stay readable").not.toBeNull();
  const parsed = storefrontStateSchema.safeParse(JSON.parse(plain!));
  expect(parsed.success, "the storefront cookie must stay valid").toBe(true);
  return parsed.success ? parsed.data.cart_positions : null;
}

/** a same-origin POST of a generated form, with the seeded customer's cookie */
function generatedPost(url: string, intent: string | undefined, fields: [string, string][], human: boolean, language = "ru"): Request {
  const form = new FormData();
  if (intent !== undefined) form.append("intent", intent);
  if (human) for (const [k, v] of Object.entries(honeypot)) form.append(k, v);
  for (const [k, v] of fields) form.append(k, v);
  return new Request(`http://localhost${url}`, {
    method: "POST",
    body: form,
    headers: { Cookie: seededCookie, Origin: "http://localhost", "Sec-Fetch-Site": "same-origin", "Accept-Language": language },
  });
}

async function toResponse(result: unknown): Promise<Response> {
  if (result instanceof Response) return result;
  // single fetch: `data()` results carry init; plain objects are 200
  const init = (result as { init?: ResponseInit | null } | null)?.init;
  if (init && typeof init === "object" && "status" in init) return new Response(null, init);
  return new Response(null, { status: 200 });
}

/**
 * The action's answer as the browser gets it: through the root route's middleware, which builds the request's
 * context and commits the cookies the action changed and did not commit itself (ADR 137). A thrown Response or
 * `data()` is the answer; anything else thrown is a 500, and fails the test.
 */
async function answer(action: ActionModule["action"], request: Request, params: Record<string, string>): Promise<Response> {
  const url = new URL(request.url);
  const args = { request, params, context: createLoadContext(services()), url, pattern: url.pathname };
  const response = await requestMiddleware(args, async () => {
    try {
      return await toResponse(await action(args));
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      if (thrown && typeof thrown === "object" && "init" in thrown) return toResponse(thrown);
      throw thrown;
    }
  });
  return response as Response;
}

describe.each(Object.entries(ROUTES))("fuzzing the %s action", (_name, route) => {
  it("answers only 2xx, 3xx or 400, and a refused input keeps the cart", async () => {
    const { action } = await route.module();
    await fc.assert(
      fc.asyncProperty(formEntries, route.params(), async ([intent, fields, human], params) => {
        const request = generatedPost(route.url, intent, fields, human);
        const response = await answer(action, request, params);
        const status = response.status;
        // 413: a body past the form reader's limit (ADR 076), refused like a 400
        const refused = status === 400 || status === 413;
        expect(refused || (status >= 200 && status < 400), `status ${status} for intent ${String(intent)}`).toBe(true);
        const cart = storefrontCartFrom(response);
        if (refused && cart !== null) expect(cart).toEqual(seededCart);
      }),
      { numRuns: 1000 },
    );
  }, 180_000);
});

/** what an action answered with: the `data()`'s value or the plain object (a Response's body is not read) */
function answeredData(result: unknown): unknown {
  if (result instanceof Response) return null;
  if (result && typeof result === "object" && "init" in result && "data" in result) return (result as { data: unknown }).data;
  return result;
}

/** every text under a key that holds messages for the customer (conform's `error` tree, an `error` or `message` text) */
function messagesIn(value: unknown, underMessageKey = false, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (underMessageKey) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) messagesIn(item, underMessageKey, out);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      // `initialValue` echoes what was typed; its strings are the customer's own
      if (key === "initialValue") continue;
      messagesIn(item, underMessageKey || MESSAGE_KEYS.has(key), out);
    }
  }
  return out;
}
const MESSAGE_KEYS = new Set(["error", "errors", "formErrors", "fieldErrors", "message"]);
const CYRILLIC = /[А-Яа-яЁё]/;

/** a message key rather than a text ("cart.errors.unknown") */
const MESSAGE_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;
/** the catalog's own names, quoted in a message («Морс клюквенный»), are the restaurant's words in every language */
const withoutQuotedNames = (message: string) => message.replace(/«[^»]*»/g, "");

const LANGUAGES = [
  { language: "ru", inLanguage: (message: string) => CYRILLIC.test(message) },
  // an English customer's messages: English words, nothing Russian but the catalog's quoted names
  { language: "en", inLanguage: (message: string) => /[A-Za-z]{2}/.test(message) && !CYRILLIC.test(withoutQuotedNames(message)) },
];

describe.each(Object.entries(ROUTES))("the %s action's messages", (_name, route) => {
  it.each(LANGUAGES)("are in the customer's language ($language) whatever the form carries: never a parser's words or a message key", async ({ language, inLanguage }) => {
    const { action } = await route.module();
    await fc.assert(
      fc.asyncProperty(formEntries, route.params(), async ([intent, fields, human], params) => {
        const request = generatedPost(route.url, intent, fields, human, language);
        let result: unknown;
        const url = new URL(request.url);
        const args = { request, params, context: createLoadContext(services()), url, pattern: url.pathname };
        await requestMiddleware(args, async () => {
          try {
            result = await action(args);
          } catch (thrown) {
            result = thrown;
          }
          return new Response(null);
        });
        for (const message of messagesIn(answeredData(result))) {
          expect(message, `a message of the answer to intent ${String(intent)}`).not.toMatch(MESSAGE_KEY);
          expect(inLanguage(message), `a message of the answer to intent ${String(intent)} in ${language}: ${JSON.stringify(message)}`).toBe(true);
        }
      }),
      { numRuns: language === "ru" ? 300 : 150 },
    );
  }, 120_000);
});

describe("fuzzing the position layer's URL", () => {
  it("answers an unknown position with a redirect home (issue 15 §2) or 404, and anything else without a 500", async () => {
    const { action } = await ROUTES["position layer"]!.module();
    await fc.assert(
      fc.asyncProperty(fc.record({ menuId: fc.string({ maxLength: 12 }), positionId: fc.string({ maxLength: 12 }) }), async (params) => {
        const form = new FormData();
        form.append("intent", "add");
        const request = new Request("http://localhost/menus/x/positions/y", { method: "POST", body: form, headers: { Cookie: seededCookie } });
        const { status } = await answer(action, request, params);
        expect([200, 302, 303, 400, 404]).toContain(status);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
