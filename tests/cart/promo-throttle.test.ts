/**
 * Promo-code guessing is throttled (ADR 143): every check of a code counts before the upstream is asked, per
 * signed-in person and per client address (an IPv6 client by its /64), so a guesser is stopped long before 60
 * guesses, a throttled guess costs no upstream call, and a person typing a code or two never meets the limit.
 * Preflights are counted where the upstream twin answers them (msw).
 */
import { TAKEAWAY_173, cookieWith, demoPersonAuth, post, server, withUpstream } from "../checkout/helpers";
import { beforeEach, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { answerOf, fieldMessages } from "../answer";
import { routeArgs, services } from "../context";

withUpstream();

let preflights = 0;
server.events.on("request:start", ({ request }) => {
  if (new URL(request.url).pathname.endsWith("/orders/preflight")) preflights += 1;
});
beforeEach(async () => {
  preflights = 0;
  await services().rateLimits.reset();
});

const cart = { ...TAKEAWAY_173, cart_positions: [{ positionId: 10056, menuId: 501, count: 4, modifiers: [] }] };

/** one press of 'Применить' with this code, from this client address (what Express saw) */
async function tryCode(cookie: string, code: string, clientAddress: string, headers: Record<string, string> = {}) {
  const request = post("/cart", cookie, { intent: "promo", code, js: "1" });
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return answerOf(await action(await routeArgs(request, {}, { clientAddress })));
}
const messageOf = (answer: { body: Record<string, unknown> }) => fieldMessages(answer.body, "code")?.[0] ?? null;
const THROTTLED = /^Слишком много попыток ввести промокод\. Повторите через \d+ (с|мин|ч)$/;

describe("a promo-code guesser", () => {
  it("from one address: stopped long before 60 guesses; what is throttled asks the upstream nothing, and the valid code is refused too", async () => {
    const cookie = await cookieWith(cart);
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await tryCode(cookie, `GUESS${i}`, "203.0.113.50"));
    const firstThrottled = answers.findIndex((a) => a.status === 429);
    expect(firstThrottled).toBeGreaterThan(0);
    expect(firstThrottled).toBeLessThanOrEqual(20);
    // every guess before the first refusal was a wrong code, told as such; every one after it is refused
    expect(answers.slice(0, firstThrottled).every((a) => a.status === 400 && messageOf(a) === "Промокод не найден")).toBe(true);
    expect(answers.slice(firstThrottled).every((a) => a.status === 429 && THROTTLED.test(messageOf(a) ?? ""))).toBe(true);
    expect(preflights).toBe(firstThrottled);

    const valid = await tryCode(cookie, "WELCOME", "203.0.113.50");
    expect(valid.status).toBe(429);
    expect(messageOf(valid)).toMatch(THROTTLED);
    expect(Number(valid.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(preflights).toBe(firstThrottled);

    // another customer, elsewhere, applies the code as before
    const other = await tryCode(await cookieWith(cart), "WELCOME", "198.51.100.7");
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ ok: true });
  });

  it("signed in, changing address with every guess: stopped by the person's own limit", async () => {
    const cookie = await cookieWith(cart, await demoPersonAuth());
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await tryCode(cookie, `GUESS${i}`, `198.51.100.${i + 1}`)).status);
    expect(preflights).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - preflights);
  });

  it("anonymous on IPv6, with a new address of its /64 for every guess: one customer", async () => {
    const cookie = await cookieWith(cart);
    for (let i = 0; i < 60; i++) await tryCode(cookie, `GUESS${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(preflights).toBeLessThanOrEqual(20);
    // another network is another customer
    expect((await tryCode(cookie, "WELCOME", "2001:db8:1:3::1")).status).toBe(200);
  });

  it("sending 60 guesses at once gets no more through than one at a time", async () => {
    const cookie = await cookieWith(cart);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => tryCode(cookie, `GUESS${i}`, "203.0.113.51")));
    expect(preflights).toBeLessThanOrEqual(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - preflights);
  });

  it("is told when to try again in the customer's language", async () => {
    const cookie = await cookieWith(cart);
    let last;
    for (let i = 0; i < 30; i++) last = await tryCode(cookie, `GUESS${i}`, "203.0.113.52", { "Accept-Language": "en" });
    expect(last!.status).toBe(429);
    expect(messageOf(last!)).toMatch(/^Too many promo code attempts\. Try again in \d+ (s|min|h)$/);
  });
});

describe("people typing a code or two", () => {
  it("are never throttled: typos, a wrong code, the right one, a second code — several customers behind one address", async () => {
    for (let customer = 0; customer < 4; customer++) {
      const cookie = await cookieWith(cart);
      const tries: [string, number][] = [
        ["welcom", 400],
        ["welcome", 200],
        ["soldout", 400],
        ["welcome", 200],
      ];
      for (const [code, status] of tries)
        expect(`${code} → ${(await tryCode(cookie, code, "203.0.113.60")).status}`).toBe(`${code} → ${status}`);
    }
    // and the same person signed in, on a phone that changes networks
    const signedIn = await cookieWith(cart, await demoPersonAuth());
    for (const [i, code] of ["welcom", "welcome", "welcome"].entries())
      expect((await tryCode(signedIn, code, `198.51.100.${200 + i}`)).status).not.toBe(429);
  });

  it("clearing the code is not an attempt", async () => {
    const cookie = await cookieWith(cart);
    for (let i = 0; i < 40; i++) expect((await tryCode(cookie, "", "203.0.113.61")).status).toBe(200);
    expect(preflights).toBe(0);
  });
});
