/**
 * Address suggestions are throttled (ADR 143): each one is a paid Google Places call with the server key, so they
 * are counted per signed-in person and per client address (an IPv6 client by its /64) before Google is asked; past
 * the limit the answer is a 429 with no suggestions, a message in the customer's language and Retry-After, and
 * Google is not called. Places calls are counted where the twin answers them (msw).
 */
import { cookieWith, demoPersonAuth, server, withUpstream } from "../checkout/helpers";
import { beforeEach, describe, expect, it } from "vitest";
import { loader as suggest } from "~/routes/api.address.suggest";
import { routeArgs, services } from "../context";

withUpstream();

let placesCalls = 0;
server.events.on("request:start", ({ request }) => {
  if (request.url.startsWith("https://places.googleapis.com/")) placesCalls += 1;
});
beforeEach(async () => {
  placesCalls = 0;
  await services().rateLimits.reset();
});

/** one suggestion request, as the address field's fetcher sends it, from this client address */
async function ask(clientAddress: string, options: { cookie?: string; language?: string; q?: string } = {}) {
  const query = new URLSearchParams({ q: options.q ?? "Тверская", city: "115", token: "t-1" });
  const request = new Request(`http://localhost/api/address/suggest?${query}`, {
    headers: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.language ? { "Accept-Language": options.language } : {}),
    },
  });
  const response = await suggest(await routeArgs(request, {}, { clientAddress }));
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    body: (await response.json()) as { suggestions: unknown[]; error: string | null },
  };
}

/** asks until refused (at most `max` times); the answers */
async function askUntilRefused(max: number, from: (i: number) => string, options: { cookie?: string; language?: string } = {}) {
  const answers = [];
  for (let i = 0; i < max; i++) {
    const answer = await ask(from(i), options);
    answers.push(answer);
    if (answer.status === 429) break;
  }
  return answers;
}

describe("address suggestions past the limit", () => {
  it("from one address: 429, no suggestions, the wait, and no Places call", async () => {
    const answers = await askUntilRefused(2000, () => "203.0.113.70");
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(answers.length - 1).toBeGreaterThanOrEqual(100); // people behind one address type in peace first
    expect(answers.slice(0, -1).every((a) => a.status === 200 && a.body.suggestions.length > 0)).toBe(true);
    expect(refused.body).toEqual({
      suggestions: [],
      error: expect.stringMatching(/^Слишком много запросов подсказок адреса\. Повторите через \d+ (с|мин|ч)/),
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const callsSoFar = placesCalls;
    expect(callsSoFar).toBe(answers.length - 1);
    for (let i = 0; i < 20; i++) expect((await ask("203.0.113.70")).status).toBe(429);
    expect(placesCalls).toBe(callsSoFar);
    // another address is another customer
    expect((await ask("203.0.113.71")).status).toBe(200);
  });

  it("signed in, changing address: the person's own limit, lower than an address's", async () => {
    const cookie = await cookieWith({}, await demoPersonAuth());
    const answers = await askUntilRefused(2000, (i) => `198.51.${Math.floor(i / 200)}.${(i % 200) + 1}`, { cookie });
    expect(answers.at(-1)!.status).toBe(429);
    const personLimit = answers.length - 1;
    const anonymous = await askUntilRefused(2000, () => "203.0.113.72");
    expect(personLimit).toBeLessThan(anonymous.length - 1);
    expect(placesCalls).toBe(personLimit + anonymous.length - 1);
  });

  it("an IPv6 client is its /64, in English too", async () => {
    const answers = await askUntilRefused(2000, (i) => `2001:db8:5:6::${(i + 1).toString(16)}`, { language: "en" });
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many address suggestion requests\. Try again in \d+ (s|min|h)/);
    expect((await ask("2001:db8:5:7::1")).status).toBe(200);
  });

  it("a person typing a few addresses is never refused", async () => {
    const typed = [
      "Тве",
      "Твер",
      "Тверс",
      "Тверск",
      "Тверская",
      "Тверская 7",
      "Бау",
      "Баума",
      "Баумана",
      "Арб",
      "Арбат",
      "Арбат 1",
    ];
    for (let round = 0; round < 3; round++) for (const q of typed) expect((await ask("203.0.113.73", { q })).status).toBe(200);
  });
});
