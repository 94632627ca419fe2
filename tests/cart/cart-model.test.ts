/**
 * The cart through its action, against a model (issue 38 §3: cart merging and limits, generated): sequences of adds
 * (with and without modifiers, modifiers in any order), count changes, removals by key, unknown keys and clearing
 * are sent to the /cart action one after another, each with the cookie the previous answer left; after every step the
 * cart the cookie holds is the model's — a line per position, menu and modifiers, counts capped at CART_MAX_COUNT, no
 * line past CART_MAX_LINES, a refused step changing nothing. fast-check prints the seed and the shortest sequence
 * that breaks it.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/cart";
import { CART_MAX_COUNT, CART_MAX_LINES } from "~/lib/constants";
import { lineKey } from "~/lib/cart";
import { setLogLevel } from "~server/log";
import { routeArgs, services } from "../context";
import { TAKEAWAY_173, cookieWith, nextCookie, post, stateOf, withUpstream } from "../checkout/helpers";

withUpstream();

interface ModelLine {
  positionId: number;
  menuId: number;
  /** the modifier tokens as the form sends them ("group:item:count") */
  tokens: string[];
  count: number;
}

/** Margherita's two sizes, each with its tokens in two orders: one line per size, whatever the order */
const MARGHERITA_CHOICES = [
  ["100011:102:1", "100012:201:2"],
  ["100012:201:2", "100011:102:1"],
  ["100011:103:1"],
];
const modifiersOf = (tokens: string[]) =>
  tokens.map((t) => t.split(":").map(Number)).map(([modifierGroupId, itemId, count]) => ({ modifierGroupId: modifierGroupId!, itemId: itemId!, count: count! }));
const keyOf = (line: Pick<ModelLine, "positionId" | "menuId" | "tokens">) => lineKey({ ...line, modifiers: modifiersOf(line.tokens) });

/** the headers an action's answer carries: a Response's, or a `data()`'s init (its Set-Cookie included) */
function headersOf(answer: unknown): Headers {
  if (answer instanceof Response) return answer.headers;
  return new Headers((answer as { init?: ResponseInit | null } | null)?.init?.headers);
}

/** positions of the demo resto's menus that a returning customer can add without modifiers (found in beforeAll) */
let plain: { positionId: number; menuId: number }[] = [];

beforeAll(async () => {
  setLogLevel("silent");
  const upstream = services().upstream;
  const resto = (await upstream.catalog.resto(173)).value;
  const candidates: { positionId: number; menuId: number }[] = [];
  for (const menu of resto.menus) {
    for (const position of (await upstream.catalog.positions(menu.id)).value) {
      if (!position.hasModifiers) candidates.push({ positionId: position.id, menuId: menu.id });
    }
  }
  // what one add to an empty cart accepts (a position of an 18+ group, say, asks for the age first)
  const empty = await cookieWith(TAKEAWAY_173);
  for (const candidate of candidates) {
    const answer: unknown = await action(await routeArgs(post("/cart", empty, { intent: "add", positionId: String(candidate.positionId), menuId: String(candidate.menuId) })));
    const cart = (await stateOf(nextCookie(empty, headersOf(answer)))).cart_positions;
    if (cart.length === 1) plain.push(candidate);
  }
  plain = plain.slice(0, CART_MAX_LINES + 5);
}, 60_000);

type Step =
  | { kind: "add"; pick: number; count: number }
  | { kind: "add-margherita"; choice: number; count: number }
  | { kind: "set-count"; pick: number; count: number }
  | { kind: "remove"; pick: number }
  | { kind: "unknown-key"; count: number }
  | { kind: "clear" };
/** many distinct positions one after another (one add each), so that sequences reach the line limit */
type Fill = { kind: "fill"; from: number; n: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("add" as const), pick: fc.nat(), count: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: CART_MAX_COUNT })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("add-margherita" as const), choice: fc.nat(MARGHERITA_CHOICES.length - 1), count: fc.integer({ min: 1, max: CART_MAX_COUNT }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("set-count" as const), pick: fc.nat(), count: fc.integer({ min: 0, max: CART_MAX_COUNT }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unknown-key" as const), count: fc.integer({ min: 0, max: CART_MAX_COUNT }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "clear" as const }) },
);
const sequence = fc
  .array(fc.oneof({ weight: 12, arbitrary: step }, { weight: 1, arbitrary: fc.record({ kind: fc.constant("fill" as const), from: fc.nat(), n: fc.integer({ min: 5, max: CART_MAX_LINES + 5 }) }) }), {
    minLength: 1,
    maxLength: 60,
    size: "max",
  })
  .map((steps: (Step | Fill)[]) =>
    steps.flatMap((s): Step[] => (s.kind === "fill" ? Array.from({ length: s.n }, (_, i) => ({ kind: "add", pick: s.from + i, count: 1 })) : [s])),
  );

/** the model's next cart, and the form the step sends (null: nothing to send, e.g. a count change of an empty cart) */
function apply(model: ModelLine[], s: Step): { next: ModelLine[]; fields: Record<string, string | string[]> | null } {
  const merge = (line: Omit<ModelLine, "count">, count: number) => {
    const at = model.findIndex((l) => keyOf(l) === keyOf(line));
    if (at >= 0) return model.map((l, i) => (i === at ? { ...l, count: Math.min(l.count + count, CART_MAX_COUNT) } : l));
    return model.length >= CART_MAX_LINES ? model : [...model, { ...line, count }];
  };
  switch (s.kind) {
    case "add": {
      const { positionId, menuId } = plain[s.pick % plain.length]!;
      return { next: merge({ positionId, menuId, tokens: [] }, s.count), fields: { intent: "add", positionId: String(positionId), menuId: String(menuId), count: String(s.count) } };
    }
    case "add-margherita": {
      const tokens = MARGHERITA_CHOICES[s.choice]!;
      return { next: merge({ positionId: 10001, menuId: 501, tokens }, s.count), fields: { intent: "add", positionId: "10001", menuId: "501", count: String(s.count), modifier: tokens } };
    }
    case "set-count": {
      if (model.length === 0) return { next: model, fields: null };
      const at = s.pick % model.length;
      const next = s.count === 0 ? model.filter((_, i) => i !== at) : model.map((l, i) => (i === at ? { ...l, count: s.count } : l));
      return { next, fields: { intent: "set-count", key: keyOf(model[at]!), count: String(s.count) } };
    }
    case "remove": {
      if (model.length === 0) return { next: model, fields: null };
      const at = s.pick % model.length;
      return { next: model.filter((_, i) => i !== at), fields: { intent: "remove", key: keyOf(model[at]!) } };
    }
    case "unknown-key":
      return { next: model, fields: { intent: "set-count", key: "999999:501", count: String(s.count) } };
    case "clear":
      return { next: [], fields: { intent: "clear" } };
  }
}

describe("the cart through its action, against a model (generated)", () => {
  it("finds enough plain positions to reach the line limit", () => {
    expect(plain.length).toBeGreaterThan(CART_MAX_LINES);
  });

  it("after every step the cookie's cart is the model's: merged by position, menu and modifiers, capped, bounded", async () => {
    await fc.assert(
      fc.asyncProperty(sequence, async (steps) => {
        let cookie = await cookieWith(TAKEAWAY_173);
        let model: ModelLine[] = [];
        for (const [index, s] of steps.entries()) {
          const { next, fields } = apply(model, s);
          if (!fields) continue;
          const answer: unknown = await action(await routeArgs(post("/cart", cookie, fields)));
          const status = answer instanceof Response ? answer.status : ((answer as { init?: ResponseInit | null }).init?.status ?? 200);
          expect(status, `step ${index} (${s.kind})`).toBeLessThan(500);
          cookie = nextCookie(cookie, headersOf(answer));
          model = next;
          const cart = (await stateOf(cookie)).cart_positions;
          expect(
            cart.map((l) => ({ key: lineKey(l), count: l.count })),
            `the cart after step ${index} (${s.kind})`,
          ).toEqual(model.map((l) => ({ key: keyOf(l), count: l.count })));
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
