/**
 * A checkout never answers 5xx because a cookie would pass 4 KB (ADR 144). An anonymous checkout with a full cart
 * and long contact fields gave a 500: the draft saved for the round trip through the sign-in did not fit beside the
 * cart. Now the customer is told (4xx, `errors.cookieTooLarge` in their language), the form gets back what was typed
 * and the browser keeps its cart; signed in, the order goes through or is refused with the cart kept. Generated over
 * the fields' lengths up to their maxima and carts up to the 50-line limit (fast-check prints its seed on a failure).
 */
import "../checkout/helpers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { CART_MAX_LINES } from "~/lib/constants";
import type { CartLine, CartModifier } from "~/lib/cart";
import { createLoadContext, requestMiddleware } from "~server/context";
import { cookieBytes, COOKIE_LIMIT_BYTES, createRequestSession, type StorefrontState } from "~server/session";
import type { SubmissionResult } from "@conform-to/react";
import { messagesFor } from "~/i18n/locale.server";
import { DELIVERY_173, TAKEAWAY_173, cookieWith, demoPersonAuth, nextCookie, post, twin, withUpstream } from "../checkout/helpers";
import { services, servicesWith } from "../context";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
const pool: CartLine[] = [];
const TOO_LARGE = messagesFor("ru").errors.cookieTooLarge;

beforeAll(async () => {
  person = await demoPersonAuth();
  const catalog = await services().upstream.boot.loadRestoCatalog(173);
  for (const { menu, positions } of catalog.menus) {
    for (const position of positions) {
      const groups = catalog.modifiersByPosition[position.id] ?? [];
      if (groups.some((g) => g.minCount > 0)) continue;
      pool.push({ positionId: position.id, menuId: menu.id, count: 1, modifiers: [] });
      for (const group of groups)
        for (const item of group.items) {
          const modifiers: CartModifier[] = [{ modifierGroupId: group.id, itemId: item.id, count: 1 }];
          pool.push({ positionId: position.id, menuId: menu.id, count: 1, modifiers });
        }
    }
  }
  expect(pool.length).toBeGreaterThan(CART_MAX_LINES);
});

/** The /cart action as the browser reaches it: through the root middleware; a throw is the 500 a customer sees. */
async function checkout(cookie: string, fields: Record<string, string>, s = services()) {
  const request = post("/cart", cookie, fields);
  const url = new URL(request.url);
  const args = { request, params: {}, context: createLoadContext(s), url, pattern: url.pathname };
  let body: Record<string, unknown> = {};
  const response = (await requestMiddleware(args, async () => {
    try {
      const result = await action(args as never);
      if (result instanceof Response) return result;
      const wrapped = result as { data: Record<string, unknown>; init: ResponseInit | null };
      body = wrapped.data;
      return new Response(null, { status: wrapped.init?.status ?? 200, headers: wrapped.init?.headers });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      body = { thrown: thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown) };
      return new Response(null, { status: 500 });
    }
  })) as Response;
  return { status: response.status, location: response.headers.get("Location"), headers: response.headers, body };
}

async function storefrontOf(cookie: string): Promise<StorefrontState> {
  return createRequestSession(services().sessions, services().config.brand, cookie).get("storefront");
}

/** `n` letters and digits in a scattered order (they do not compress) */
function scattered(n: number, seed: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length: n }, (_, i) => alphabet[(i * 7919 + seed * 104_729 + ((i * i) % 31)) % alphabet.length]).join("");
}

/** an e-mail address of exactly `n` characters (empty under 6: the field is optional) */
function emailOf(n: number, seed = 0): string {
  if (n < 6) return "";
  const local = scattered(Math.min(64, n - 5), seed);
  const labels = Array.from({ length: 4 }, (_, i) => scattered(60, seed + i + 1)).join(".");
  const body = labels.slice(0, n - local.length - 4).replace(/\.$/, "d");
  return `${local}@${body}.ru`;
}

const PHONES = ["+7 999 000-11-22", "8 (999) 000 - 11 - 22", "+7 - - - ( 9 9 9 ) 0 0 0 - 1 1 - 2 2", "+7 - - - - ( 9 9 9 ) 0 0 0 - 1 1 - 2 2 -"];
const letters = fc.constantFrom("а", "b", "字", "😀", "7", " ", "ё");
/** a field's text up to `max` UTF-16 units: often at the maximum, generated characters or ones that do not compress */
const text = (min: number, max: number) =>
  fc
    .oneof(
      fc.string({ unit: letters, minLength: min, maxLength: max }),
      fc.record({ length: fc.oneof(fc.constant(max), fc.integer({ min, max })), seed: fc.nat() }).map(({ length, seed }) => wide(length, seed)),
    )
    .filter((s) => s.trim().length >= min);
const length = (max: number) => fc.oneof(fc.constant(max), fc.integer({ min: 0, max }));

/** text that does not compress: CJK characters in a scattered order */
function wide(n: number, seed: number): string {
  return Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919 + seed * 104_729) % 20_000))).join("");
}

/** a delivery place of the demo zone with every text at its maximum length */
function longPlace(seed: number, length = 1): NonNullable<StorefrontState["order_delivery_place"]> {
  const at = (max: number, k: number) => wide(Math.round(max * length), seed * 10 + k);
  return {
    ...DELIVERY_173.order_delivery_place!,
    address: at(300, 1) || "Тверская улица, 7",
    apartment: at(40, 2),
    entrance: at(40, 3),
    floor: at(40, 4),
    intercom: at(40, 5),
    comment: at(300, 6),
  };
}

/** the largest start of `lines` whose cart cookie (with `base`) still fits in `bytes` */
async function cartUpTo(base: Partial<StorefrontState>, lines: CartLine[], bytes: number): Promise<CartLine[]> {
  let cart = lines;
  const fits = async (c: CartLine[]) => (await cookieBytes(services().sessions, "storefront", { ...base, cart_positions: c } as StorefrontState)) <= bytes;
  while (cart.length > 1 && !(await fits(cart))) cart = cart.slice(0, -1);
  return cart;
}

function expectNoLargeCookie(headers: Headers) {
  for (const cookie of headers.getSetCookie()) expect(Buffer.byteLength(cookie.split(";")[0]!)).toBeLessThanOrEqual(COOKIE_LIMIT_BYTES);
}

/** a short takeaway order of one line: the base of the property's listed examples */
const EXAMPLE = {
  signedIn: true,
  delivery: false,
  place: 0,
  seed: 1,
  lines: [0],
  counts: Array.from({ length: CART_MAX_LINES }, (_, i) => ((i * 37) % 99) + 1),
  name: "Анна",
  phone: PHONES[0]!,
  email: 0,
  receiptEmail: 0,
  comment: "",
  paymentMethod: "CARD_UPON_RECEIPT" as const,
};
const FULL_CART = Array.from({ length: CART_MAX_LINES }, (_, i) => i);

describe("checkout and the 4 KB cookie", () => {
  it("tells an anonymous customer with a full cart and long contact fields, keeping the cart and what was typed", async () => {
    // a delivery address at its fields' lengths (as the location page stores it) and as many lines as then fit
    const base = { ...DELIVERY_173, order_delivery_place: longPlace(1) };
    const cart = await cartUpTo(base, pool.slice(0, CART_MAX_LINES).map((l, i) => ({ ...l, count: (i * 37) % 99 + 1 })), COOKIE_LIMIT_BYTES - 150);
    const cookie = await cookieWith({ ...base, cart_positions: cart });
    expect(cart).toHaveLength(CART_MAX_LINES);
    expect(Buffer.byteLength(cookie)).toBeGreaterThan(3_500);
    const fields = {
      intent: "checkout",
      key: crypto.randomUUID(),
      paymentMethod: "CARD_ONLINE",
      name: "字".repeat(50),
      phone: PHONES[2]!,
      email: emailOf(200, 1),
      receiptEmail: emailOf(199, 2),
      comment: "😀字".repeat(33) + "字",
      preOrderAt: "",
    };
    const answer = await checkout(cookie, fields);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(TOO_LARGE);
    const reply = answer.body.result as SubmissionResult<string[]>;
    expect(reply.initialValue).toMatchObject({ name: fields.name, email: fields.email, comment: fields.comment });
    expect(reply.error?.[""]).toEqual([TOO_LARGE]);
    expectNoLargeCookie(answer.headers);
    // the browser's cart is the one it had
    expect((await storefrontOf(nextCookie(cookie, answer.headers))).cart_positions).toEqual(cart);
  });

  it("never answers 5xx and keeps the cart, over field lengths and cart sizes up to their limits (generated)", async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          signedIn: fc.boolean(),
          delivery: fc.boolean(),
          // how much of the delivery place's texts is filled (0: the demo address as it is), what else fills the cookie
          place: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
          seed: fc.nat(),
          lines: fc.oneof(
            fc.uniqueArray(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: CART_MAX_LINES, selector: (at) => at % pool.length }),
            // a full cart: 50 distinct lines
            fc.nat({ max: 10_000 }).map((start) => Array.from({ length: CART_MAX_LINES }, (_, i) => start + i)),
          ),
          counts: fc.array(fc.integer({ min: 1, max: 99 }), { minLength: CART_MAX_LINES, maxLength: CART_MAX_LINES }),
          name: text(1, 50),
          phone: fc.constantFrom(...PHONES),
          email: length(200),
          receiptEmail: length(200),
          comment: text(0, 100),
          paymentMethod: fc.constantFrom("CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT", "CARD_ONLINE"),
        }),
        async (c) => {
          await services().rateLimits.reset();
          const base: Partial<StorefrontState> = c.delivery
            ? { ...DELIVERY_173, ...(c.place > 0 ? { order_delivery_place: longPlace(c.seed, c.place) } : {}) }
            : { ...TAKEAWAY_173 };
          const wanted = c.lines.map((at, i) => ({ ...pool[at % pool.length]!, count: c.counts[i]! }));
          // the cart as a browser can hold it: the largest part of it whose cookie was written
          const cart = await cartUpTo(base, wanted, COOKIE_LIMIT_BYTES);
          const cookie = await cookieWith({ ...base, cart_positions: cart }, c.signedIn ? person : undefined);
          const fields = {
            intent: "checkout",
            key: crypto.randomUUID(),
            paymentMethod: c.paymentMethod,
            name: c.name,
            phone: c.phone,
            email: emailOf(c.email, c.seed),
            receiptEmail: emailOf(c.paymentMethod === "CARD_ONLINE" ? Math.max(6, c.receiptEmail) : c.receiptEmail, c.seed + 7),
            comment: c.comment,
            preOrderAt: "",
          };
          const answer = await checkout(cookie, fields);
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
          expectNoLargeCookie(answer.headers);
          const after = await storefrontOf(nextCookie(cookie, answer.headers));
          const placed = answer.status === 303 && answer.location !== null && !answer.location.startsWith("/auth");
          const outcome = placed ? "placed" : answer.status === 303 ? "sign-in" : answer.body.error === TOO_LARGE ? "too-large" : `refused ${answer.status}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          if (placed) {
            expect(c.signedIn).toBe(true);
            // placed: the cart goes (else the browser offers it again); an outcome not known yet (ADR 145, the success
            // screen checks): the cart stays, with the attempt beside it (ADR 214)
            if (after.order_attempt) expect(after.cart_positions).toEqual(cart);
            else expect(after.cart_positions).toEqual([]);
            return;
          }
          // not ordered: the cart is the one the browser had
          expect(after.cart_positions).toEqual(cart);
          if (answer.status === 303) {
            // off to the sign-in, with what was typed kept for the way back
            expect(c.signedIn).toBe(false);
            expect(after.order_person?.name).toBe(c.name.trim());
            expect(after.order_comment ?? "").toBe(c.comment.trim());
          } else {
            const reply = answer.body.result as SubmissionResult<string[]> | undefined;
            // what was typed comes back for the form (conform leaves empty fields out)
            expect(reply?.initialValue).toMatchObject({ name: c.name, ...(c.comment ? { comment: c.comment } : {}) });
          }
        },
      ),
      {
        numRuns: 80,
        // one case of each outcome comes first, so that every run reaches all three (random cases reach the refusal
        // for size in a few per cent of runs only: an 80-run property missed it on a clean-clone CI run)
        examples: [
          [{ ...EXAMPLE, signedIn: false, delivery: true, place: 1, lines: FULL_CART, name: "字".repeat(50), email: 200, receiptEmail: 199, comment: "😀字".repeat(33) + "字", paymentMethod: "CARD_ONLINE" }],
          [{ ...EXAMPLE, signedIn: false }],
          [{ ...EXAMPLE, signedIn: true }],
        ],
      },
    );
    // the cases reach the sign-in, the refusal for size and the order itself
    expect([...outcomes.keys()]).toEqual(expect.arrayContaining(["sign-in", "too-large", "placed"]));
  }, 180_000);

  it("an order whose answer was lost keeps its attempt in the cookie, however full the cookie (generated)", async () => {
    // the attempt is what makes the next form that order's form (ADR 214): without it in the browser, a reload of the
    // cart gave a new form, and sending it could place a second order
    twin.store.setScenario({ afterCommit: { delayMs: 0, status: 502, drop: false } });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ delivery: fc.boolean(), place: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })), seed: fc.nat(), start: fc.nat({ max: 10_000 }), name: text(1, 50), comment: text(0, 100), email: length(200) }),
          async (c) => {
            // a container of its own per case: each lost answer counts against the upstream's circuit breaker
            const container = servicesWith({});
            // takeaway (a delivery this large passes the zone's highest order sum), with or without a long saved address
            const base: Partial<StorefrontState> = { ...TAKEAWAY_173, ...(c.delivery ? { order_delivery_place: longPlace(c.seed, c.place) } : {}) };
            const wanted = Array.from({ length: CART_MAX_LINES }, (_, i) => ({ ...pool[(c.start + i) % pool.length]!, count: ((i * 37) % 99) + 1 }));
            const cart = await cartUpTo(base, wanted, COOKIE_LIMIT_BYTES);
            const cookie = await cookieWith({ ...base, cart_positions: cart }, person);
            const key = crypto.randomUUID();
            const fields = { intent: "checkout", key, paymentMethod: "CARD_UPON_RECEIPT", name: c.name, phone: PHONES[0]!, email: emailOf(c.email, c.seed), receiptEmail: "", comment: c.comment, preOrderAt: "" };
            const answer = await checkout(cookie, fields, container);
            expect(answer.status, JSON.stringify(answer.body)).toBe(303);
            expect(answer.location).toBe(`/checkout/${key}`);
            expectNoLargeCookie(answer.headers);
            const after = await storefrontOf(nextCookie(cookie, answer.headers));
            expect(after.order_attempt?.key).toBe(key);
            expect(after.cart_positions).toEqual(cart);
          },
        ),
        { numRuns: 30 },
      );
    } finally {
      twin.store.setScenario({ afterCommit: null });
    }
  }, 180_000);
});
