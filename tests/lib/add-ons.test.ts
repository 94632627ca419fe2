// The cart's add-on suggestions (issue 39, ADR 185): the pure selection and the brand schema of its rules.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ADD_ONS_MAX,
  addOnsSchema,
  pickAddOns,
  type AddOnLine,
  type AddOnMenu,
  type AddOnPosition,
  type AddOnSettings,
} from "~/lib/add-ons";

const DRINKS = 50109;
const DESSERTS = 50108;
const SAUCES = 0;
const SALADS = 50104;
const PIZZA = 50101;

const p = (id: number, extra: Partial<AddOnPosition> = {}): AddOnPosition => ({ id, available: true, needsChoice: false, ...extra });

const MAIN: AddOnMenu = {
  id: 501,
  groups: [
    { id: PIZZA, positions: [p(10001, { needsChoice: true }), p(10002, { needsChoice: true })] },
    { id: SALADS, positions: [p(10037), p(10038)] },
    { id: DESSERTS, positions: [p(10066, { available: false }), p(10067)] },
    { id: DRINKS, positions: [p(10074), p(10075)] },
    { id: SAUCES, positions: [p(10082), p(10083)] },
  ],
};
const BAR: AddOnMenu = { id: 502, groups: [{ id: 50204, positions: [p(20025)] }] };

const settings = (groups: number[][], max = 3): AddOnSettings => ({ rules: groups.map((groupIds) => ({ groupIds })), max });
const ids = (picks: { positionId: number }[]) => picks.map((pick) => pick.positionId);

describe("pickAddOns", () => {
  it("suggests, rule by rule, the first suitable position of the groups the cart has no line from", () => {
    const rules = settings([[DRINKS, 50204], [DESSERTS], [SAUCES], [SALADS]]);
    const soup = [{ positionId: 10031, menuId: 501 }];
    expect(pickAddOns(rules, [MAIN, BAR], soup)).toEqual([
      { positionId: 10074, menuId: 501, groupId: DRINKS, rule: 0 },
      // the first dessert is outside its time slots: the next one
      { positionId: 10067, menuId: 501, groupId: DESSERTS, rule: 1 },
      { positionId: 10082, menuId: 501, groupId: SAUCES, rule: 2 },
    ]);
    // a drink in the cart, from either of the rule's groups: the rule does not apply, the next rules fill the row
    expect(ids(pickAddOns(rules, [MAIN, BAR], [...soup, { positionId: 20025, menuId: 502 }]))).toEqual([10067, 10082, 10037]);
    expect(ids(pickAddOns(rules, [MAIN, BAR], [{ positionId: 10075, menuId: 501 }]))).toEqual([10067, 10082, 10037]);
  });

  it("takes a rule's groups in the rule's order, then the menus' order", () => {
    expect(pickAddOns(settings([[50204, DRINKS]]), [MAIN, BAR], [{ positionId: 10031, menuId: 501 }])).toEqual([
      { positionId: 20025, menuId: 502, groupId: 50204, rule: 0 },
    ]);
  });

  it("skips positions with a required choice, and a rule with nothing one tap can add", () => {
    expect(ids(pickAddOns(settings([[PIZZA], [PIZZA, SALADS]]), [MAIN], [{ positionId: 10031, menuId: 501 }]))).toEqual([10037]);
  });

  it("suggests nothing for an empty rule list, and no position twice when two rules share groups", () => {
    expect(pickAddOns(settings([]), [MAIN], [])).toEqual([]);
    expect(ids(pickAddOns(settings([[DRINKS], [DRINKS]]), [MAIN], []))).toEqual([10074, 10075]);
  });

  it("never offers more than max", () => {
    expect(ids(pickAddOns(settings([[DRINKS], [DESSERTS], [SAUCES], [SALADS]], 2), [MAIN], []))).toEqual([10074, 10067]);
  });

  it("a cart line whose position is no longer in the menus counts for no group", () => {
    expect(ids(pickAddOns(settings([[DRINKS]]), [MAIN], [{ positionId: 99999, menuId: 501 }]))).toEqual([10074]);
  });
});

// ── properties ────────────────────────────────────────────────────────────────────────────────────

const GROUP_IDS = [0, 1, 2, 3, 4, 5, 6];
const positionArb = fc.record({ id: fc.integer({ min: 1, max: 40 }), available: fc.boolean(), needsChoice: fc.boolean() });
// a position is in one group of its menu (the same id may be in another menu)
const menuArb = fc
  .record({
    id: fc.integer({ min: 1, max: 4 }),
    groups: fc.uniqueArray(
      fc.record({ id: fc.constantFrom(...GROUP_IDS), positions: fc.array(positionArb, { maxLength: 6 }) }),
      { selector: (g) => g.id, maxLength: GROUP_IDS.length },
    ),
  })
  .map((menu): AddOnMenu => {
    const seen = new Set<number>();
    const once = (pos: AddOnPosition) => !seen.has(pos.id) && Boolean(seen.add(pos.id));
    return { id: menu.id, groups: menu.groups.map((g) => ({ id: g.id, positions: g.positions.filter(once) })) };
  });
const menusArb = fc.uniqueArray(menuArb, { selector: (m) => m.id, maxLength: 3 });
const settingsArb = fc.record({
  rules: fc.array(fc.record({ groupIds: fc.array(fc.constantFrom(...GROUP_IDS), { minLength: 1, maxLength: 3 }) }), { maxLength: 6 }),
  max: fc.integer({ min: 1, max: ADD_ONS_MAX }),
});
const cartArb = fc.array(fc.record({ positionId: fc.integer({ min: 1, max: 45 }), menuId: fc.integer({ min: 1, max: 5 }) }), { maxLength: 6 });

/** the group of a cart line in these menus, or undefined */
function groupOfLine(menus: readonly AddOnMenu[], line: AddOnLine): number | undefined {
  const menu = menus.find((m) => m.id === line.menuId);
  return menu?.groups.find((g) => g.positions.some((pos) => pos.id === line.positionId))?.id;
}

describe("pickAddOns, properties", () => {
  it("never a position already in the cart, never an unavailable one or one with a required choice, never one twice", () => {
    fc.assert(
      fc.property(settingsArb, menusArb, cartArb, (s, menus, cart) => {
        const picks = pickAddOns(s, menus, cart);
        const inCart = new Set(cart.map((l) => l.positionId));
        for (const pick of picks) {
          expect(inCart.has(pick.positionId)).toBe(false);
          const group = menus.find((m) => m.id === pick.menuId)?.groups.find((g) => g.id === pick.groupId);
          const position = group?.positions.find((pos) => pos.id === pick.positionId);
          expect(position).toBeDefined();
          // the first entry of that id in the group is the one chosen: it is available and needs no choice
          expect(group!.positions.some((pos) => pos.id === pick.positionId && pos.available && !pos.needsChoice)).toBe(true);
        }
        expect(new Set(ids(picks)).size).toBe(picks.length);
      }),
    );
  });

  it("never more than max, at most one per rule, in the rules' order, each from its own rule's groups", () => {
    fc.assert(
      fc.property(settingsArb, menusArb, cartArb, (s, menus, cart) => {
        const picks = pickAddOns(s, menus, cart);
        expect(picks.length).toBeLessThanOrEqual(s.max);
        for (let i = 1; i < picks.length; i++) expect(picks[i]!.rule).toBeGreaterThan(picks[i - 1]!.rule);
        for (const pick of picks) expect(s.rules[pick.rule]!.groupIds).toContain(pick.groupId);
      }),
    );
  });

  it("a rule applies only while the cart has no line from its groups", () => {
    fc.assert(
      fc.property(settingsArb, menusArb, cartArb, (s, menus, cart) => {
        const cartGroups = new Set(cart.map((line) => groupOfLine(menus, line)).filter((g) => g !== undefined));
        for (const pick of pickAddOns(s, menus, cart)) {
          expect(s.rules[pick.rule]!.groupIds.some((g) => cartGroups.has(g))).toBe(false);
        }
      }),
    );
  });

  it("a rule that applies and has a free suitable position is skipped only when the row is full", () => {
    fc.assert(
      fc.property(settingsArb, menusArb, cartArb, (s, menus, cart) => {
        const picks = pickAddOns(s, menus, cart);
        if (picks.length >= s.max) return;
        const cartGroups = new Set(cart.map((line) => groupOfLine(menus, line)).filter((g) => g !== undefined));
        const taken = new Set([...cart.map((l) => l.positionId), ...ids(picks)]);
        s.rules.forEach((rule, index) => {
          if (picks.some((pick) => pick.rule === index) || rule.groupIds.some((g) => cartGroups.has(g))) return;
          // nothing suitable and free was left for it (suggestions of later rules may have taken its only one)
          const free = menus.flatMap((m) =>
            m.groups.filter((g) => rule.groupIds.includes(g.id)).flatMap((g) => g.positions.filter((pos) => pos.available && !pos.needsChoice)),
          );
          expect(free.every((pos) => taken.has(pos.id))).toBe(true);
        });
      }),
    );
  });

  it("adding a suggestion to the cart removes its rule from the next suggestions", () => {
    fc.assert(
      fc.property(settingsArb, menusArb, cartArb, (s, menus, cart) => {
        const [first] = pickAddOns(s, menus, cart);
        if (!first) return;
        const next = pickAddOns(s, menus, [...cart, { positionId: first.positionId, menuId: first.menuId }]);
        expect(next.map((pick) => pick.rule)).not.toContain(first.rule);
        expect(ids(next)).not.toContain(first.positionId);
      }),
    );
  });
});

describe("addOnsSchema", () => {
  it("defaults to no rules (off) and max 3", () => {
    expect(addOnsSchema.parse({})).toEqual({ rules: [], max: 3 });
  });

  it("refuses unknown fields, group ids that are not whole numbers ≥ 0, empty rules and max outside 1–6", () => {
    const result = addOnsSchema.safeParse({ rules: [{ groupIds: [1, -1, 2.5, "3"], label: "x" }, { groupIds: [] }], max: 7, extra: 1 });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["rules.0.groupIds.1", "rules.0.groupIds.2", "rules.0.groupIds.3", "rules.0", "rules.1.groupIds", "max", ""]));
    expect(addOnsSchema.safeParse({ max: 0 }).success).toBe(false);
    expect(addOnsSchema.safeParse({ rules: Array.from({ length: 11 }, () => ({ groupIds: [1] })) }).success).toBe(false);
    expect(addOnsSchema.safeParse({ rules: [{ groupIds: Array.from({ length: 21 }, (_, i) => i) }] }).success).toBe(false);
  });
});
