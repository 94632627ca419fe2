/**
 * What any preflight answer can do to the cart page (issue 38 §3; the upstream drifts): the cart's own preflight is
 * answered with generated positions — any number, amounts from small to past JavaScript's safe integers, negative,
 * with and without the delivery line, discounts and promo codes — for a takeaway and a delivery cart. Whatever it
 * says, the cart page renders (never a 5xx or a thrown error), keeps the customer's lines, and shows totals that are
 * exact amounts (safe integers) and never below zero; an answer it cannot use becomes the preflight's message.
 * fast-check prints the seed and the shrunk answer.
 */
import fc from "fast-check";
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/cart";
import { DELIVERY_PRICE_SPECIAL } from "~/lib/constants";
import { settleAnswer } from "../answer";
import { routeArgs } from "../context";
import { DELIVERY_173, TAKEAWAY_173, UPSTREAM, cookieWith, demoPersonAuth, get, server, withUpstream } from "../checkout/helpers";

withUpstream();

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
beforeAll(async () => {
  person = await demoPersonAuth();
});

const CART = [{ positionId: 10056, menuId: 501, count: 2, modifiers: [] }];

const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 500_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: -500_000, max: -1 }) },
  { weight: 2, arbitrary: fc.constantFrom(2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1e21, -1e21, 2 ** 51, 1e15, 4.5e15) },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
);
const position = fc.record({
  id: fc.integer({ min: 1, max: 20_000 }),
  sum: amount,
  payableAmount: amount,
  specials: fc.oneof(fc.constant([]), fc.constant([DELIVERY_PRICE_SPECIAL]), fc.constant(["GIFT"])),
  discounts: fc.array(fc.record({ amount, name: fc.constant("Скидка") }), { maxLength: 2 }),
  promoCodes: fc.array(fc.record({ code: fc.constant("PROMO"), amount }), { maxLength: 1 }),
});
const answerArb = fc.record({
  positions: fc.array(position, { maxLength: 60 }),
  promoCode: fc.option(fc.constant("PROMO")),
  promoCodeMaxDiscountAmount: fc.option(amount),
  promoCodeMinOrderAmount: fc.option(amount),
});

interface CartTotals {
  items: number;
  discount: number;
  delivery: number | null;
  total: number;
}

describe("the cart page under any preflight answer", () => {
  for (const [where, location] of [
    ["takeaway", TAKEAWAY_173],
    ["delivery", DELIVERY_173],
  ] as const) {
    it(`${where}: renders, keeps the lines, shows exact totals never below zero`, async () => {
      const cookie = await cookieWith({ ...location, cart_positions: CART }, person);
      await fc.assert(
        fc.asyncProperty(answerArb, async (answer) => {
          server.use(http.post(`${UPSTREAM}/1/persons/:id/orders/preflight`, () => HttpResponse.json(answer)));
          const page = await settleAnswer(async () => loader(await routeArgs(get("/cart", cookie))));
          expect(page.status).toBe(200);
          const view = page.body as { lines: { positionId: number; count: number }[]; totals: CartTotals; preflight: { message: string | null; failed: boolean } };
          expect(view.lines.map((l) => [l.positionId, l.count])).toEqual([[10056, 2]]);
          const { items, discount, delivery, total } = view.totals;
          for (const figure of [items, discount, delivery ?? 0, total]) expect(Number.isSafeInteger(figure), JSON.stringify(view.totals)).toBe(true);
          expect(total, JSON.stringify(view.totals)).toBeGreaterThanOrEqual(0);
          // an answer the page did not use says so
          if (view.preflight.failed) expect(view.preflight.message).toBeTruthy();
          server.resetHandlers();
        }),
        {
          numRuns: 150,
          // found by this test (ADR 215): a position of 2⁵³ answered a negative total; a delivery line of 2⁵³ threw on the
          // cart page; a delivery line of −1 made the total −1
          examples: [
            [{ positions: [{ id: 1, sum: 2 ** 53, payableAmount: 0, specials: [], discounts: [], promoCodes: [] }], promoCode: null, promoCodeMaxDiscountAmount: null, promoCodeMinOrderAmount: null }],
            [{ positions: [{ id: 1, sum: 0, payableAmount: 2 ** 53, specials: [DELIVERY_PRICE_SPECIAL], discounts: [], promoCodes: [] }], promoCode: null, promoCodeMaxDiscountAmount: null, promoCodeMinOrderAmount: null }],
            [{ positions: [{ id: 1, sum: 0, payableAmount: -1, specials: [DELIVERY_PRICE_SPECIAL], discounts: [], promoCodes: [] }, { id: 1, sum: 78000, payableAmount: 0, specials: ["GIFT"], discounts: [], promoCodes: [] }], promoCode: null, promoCodeMaxDiscountAmount: null, promoCodeMinOrderAmount: null }],
          ],
        },
      );
    }, 60_000);
  }
});
