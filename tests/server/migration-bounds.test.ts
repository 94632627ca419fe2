/**
 * The legacy local-storage migration keeps the cart's rules and the cookie's 4 KB (ADR 144): a storage with 375
 * cart lines gave a 500 (the cookie was too large) and stored 375 lines past the 50-line limit. Now identical lines
 * merge, counts are capped, lines past the limit are dropped, and what does not fit the cookie is dropped in a stated
 * order — and the customer is told how many values were left out. Through the root middleware, as the browser's
 * fetch reaches it: never a 5xx, never a cookie past 4,096 bytes.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/preferences";
import { CART_MAX_COUNT, CART_MAX_LINES } from "~/lib/constants";
import { lineKey, type CartLine, type CartModifier } from "~/lib/cart";
import { createLoadContext, requestMiddleware } from "~server/context";
import { COOKIE_LIMIT_BYTES, createRequestSession } from "~server/session";
import { setLogLevel } from "~server/log";
import { services } from "../context";

const RESTO = 173;
const pool: CartLine[] = [];

beforeAll(async () => {
  setLogLevel("silent");
  // every line the catalog takes: each position bare (when it has no required group) and with each item of each group
  const catalog = await services().upstream.boot.loadRestoCatalog(RESTO);
  for (const { menu, positions } of catalog.menus) {
    for (const position of positions) {
      const groups = catalog.modifiersByPosition[position.id] ?? [];
      // a required group gets its first item as many times as it asks for
      const requiredGroups = groups.filter((g) => g.minCount > 0);
      if (requiredGroups.some((g) => !g.items[0] || (g.maxCount > 0 && g.minCount > g.maxCount))) continue;
      const required: CartModifier[] = requiredGroups.map((g) => ({ modifierGroupId: g.id, itemId: g.items[0]!.id, count: g.minCount }));
      pool.push({ positionId: position.id, menuId: menu.id, count: 1, modifiers: required });
      for (const group of groups.filter((g) => g.minCount === 0)) {
        for (const item of group.items) {
          pool.push({ positionId: position.id, menuId: menu.id, count: 1, modifiers: [...required, { modifierGroupId: group.id, itemId: item.id, count: 1 }] });
        }
      }
    }
  }
  expect(pool.length).toBeGreaterThan(CART_MAX_LINES * 2);
});

/** the previous storefront's cart format */
const legacyLine = (line: CartLine) => ({
  id: line.positionId,
  menu: { id: line.menuId },
  count: line.count,
  ...(line.modifiers.length ? { modifiers: line.modifiers.map((m) => ({ modifierGroupId: m.modifierGroupId, itemId: m.itemId, count: m.count })) } : {}),
});

function storage(lines: CartLine[], extra: Record<string, unknown> = {}): Record<string, string> {
  const raw: Record<string, string> = {
    app_white_label: JSON.stringify(services().config.brand.whiteLabel),
    app_version: JSON.stringify(services().config.brand.version),
    city_id: "115",
    resto_id: String(RESTO),
    cart_positions: JSON.stringify(lines.map(legacyLine)),
  };
  for (const [key, value] of Object.entries(extra)) raw[key] = JSON.stringify(value);
  return raw;
}

/** The migrate intent as the browser's fetch sends it, answered through the root middleware (500 when it throws). */
async function migrate(raw: Record<string, string>) {
  const body = new URLSearchParams({ intent: "migrate", storage: JSON.stringify(raw) });
  const request = new Request("http://localhost/preferences", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
  });
  const url = new URL(request.url);
  const args = { request, params: {}, context: createLoadContext(services()), url, pattern: url.pathname };
  let status = 500;
  let data: Record<string, unknown> = {};
  let headers = new Headers();
  await requestMiddleware(args, async () => {
    try {
      const result = (await action(args as never)) as { data: Record<string, unknown>; init: ResponseInit | null };
      status = result.init?.status ?? 200;
      data = result.data;
      headers = new Headers(result.init?.headers);
    } catch {
      status = 500;
    }
    const response = new Response(null, { status, headers });
    headers = response.headers;
    return response;
  });
  const cookies = headers.getSetCookie();
  const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
  const state = await createRequestSession(services().sessions, services().config.brand, cookie).get("storefront");
  return { status, data, cookies, state };
}

function expectBounded(answer: Awaited<ReturnType<typeof migrate>>) {
  expect(answer.status, JSON.stringify(answer.data)).toBeLessThan(500);
  for (const cookie of answer.cookies) expect(Buffer.byteLength(cookie.split(";")[0]!)).toBeLessThanOrEqual(COOKIE_LIMIT_BYTES);
  const cart = answer.state.cart_positions;
  expect(cart.length).toBeLessThanOrEqual(CART_MAX_LINES);
  expect(new Set(cart.map(lineKey)).size).toBe(cart.length);
  for (const line of cart) expect(line.count).toBeLessThanOrEqual(CART_MAX_COUNT);
}

describe("the legacy-storage migration", () => {
  it("moves a 375-line cart into at most 50 merged lines, says how many values it left out, and never answers 5xx", async () => {
    // the previous storefront's plain lines (the storage's 16,000-character value holds 375 of them)
    const bare = pool.filter((l) => l.modifiers.length === 0);
    const lines = Array.from({ length: 375 }, (_, i) => ({ ...bare[i % bare.length]!, count: (i % 3) + 1 }));
    const answer = await migrate(storage(lines));
    expectBounded(answer);
    expect(answer.status).toBe(200);
    const migration = answer.data.migration as { migrated: boolean; dropped: number };
    expect(migration.migrated).toBe(true);
    expect(answer.state.cart_positions).toHaveLength(CART_MAX_LINES);
    // the first lines as they were, identical ones merged (their counts added)
    const first = bare[0]!;
    const merged = lines.filter((l) => lineKey(l) === lineKey(first)).reduce((n, l) => n + l.count, 0);
    expect(answer.state.cart_positions[0]).toEqual({ ...first, count: Math.min(merged, CART_MAX_COUNT), modifiers: first.modifiers });
    const distinct = new Set(lines.map(lineKey)).size;
    expect(migration.dropped).toBeGreaterThanOrEqual(distinct - CART_MAX_LINES);
  });

  it("fits a full cart, a long address and a long draft into the cookie, dropping the draft first and saying so", async () => {
    const wide = (n: number, seed: number) => Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919 + seed * 104729) % 20000))).join("");
    const lines = pool.slice(0, CART_MAX_LINES).map((l, i) => ({ ...l, count: (i % 99) + 1 }));
    const answer = await migrate(
      storage(lines, {
        order_delivery_method: "DELIVERY",
        order_delivery_place: { address: wide(300, 1), apartment: wide(40, 2), entrance: wide(40, 3), floor: wide(40, 4), intercom: wide(40, 5), comment: wide(300, 6), location: { lat: 55.75, lng: 37.61 } },
        order_comment: wide(100, 7),
        order_person: { name: wide(50, 8), phone: wide(40, 9), email: wide(200, 10) },
        order_promo_code: wide(40, 11),
      }),
    );
    expectBounded(answer);
    expect(answer.status).toBe(200);
    const migration = answer.data.migration as { dropped: number };
    expect(migration.dropped).toBeGreaterThan(0);
    // the draft went before any cart line
    expect(answer.state.order_comment).toBeUndefined();
    expect(answer.state.cart_positions.length).toBeGreaterThan(0);
  });

  it("never answers 5xx nor writes a cookie past 4 KB, whatever the storage holds (generated)", async () => {
    const text = (max: number) => fc.string({ unit: fc.constantFrom("a", "я", "字", "😀", "0", " "), maxLength: max });
    const statuses: number[] = [];
    const lineArb = fc.record({ at: fc.nat(), count: fc.integer({ min: 1, max: 99 }) }).map(({ at, count }) => ({ ...pool[at % pool.length]!, count }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineArb, { maxLength: 120 }),
        fc.record(
          {
            order_comment: text(100),
            order_person: fc.record({ name: text(50), phone: text(40), email: text(200) }),
            order_promo_code: text(40),
            order_delivery_place: fc.record({ address: text(300).filter((a) => a.length > 0), comment: text(300), apartment: text(40), location: fc.constant({ lat: 55.75, lng: 37.61 }) }),
          },
          { requiredKeys: [] },
        ),
        async (lines, extra) => {
          const answer = await migrate(storage(lines, { order_delivery_method: "DELIVERY", ...extra }));
          expectBounded(answer);
          statuses.push(answer.status);
          if (answer.status === 200) {
            const distinct = new Set(lines.map(lineKey)).size;
            const kept = answer.state.cart_positions.length;
            // fewer lines kept than given: the customer is told
            if (kept < distinct) expect((answer.data.migration as { dropped: number }).dropped).toBeGreaterThanOrEqual(distinct - kept);
          }
        },
      ),
      { numRuns: 60 },
    );
    // most runs reach the migration itself (a storage past the form's limits is a 400 before it)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(30);
  }, 120_000);
});
