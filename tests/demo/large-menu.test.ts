import { describe, expect, it } from "vitest";
import { DEMO_MENU_IDS, DEMO_MENUS } from "~server/demo";
import { growMenu, LARGE_MENU_GROUPS, LARGE_MENU_POSITIONS, largeMenuEnabled, withLargeMenu } from "~server/demo/large-menu";

const photo = (slug: string) => `/demo/photos/${slug}.webp`;
const main = DEMO_MENUS.find((m) => m.ref.id === DEMO_MENU_IDS.main)!;

describe("the twin's large-menu scenario (issue 17)", () => {
  it("is off unless DEMO_LARGE_MENU=1, so the demo menus stay as they are", () => {
    expect(largeMenuEnabled({})).toBe(false);
    expect(largeMenuEnabled({ DEMO_LARGE_MENU: "1" })).toBe(true);
    expect(main.positions.length).toBeLessThan(200);
  });

  it("grows the main menu to 1,000 positions in 40 groups (the ungrouped 'Прочее' counted), keeping every original position", () => {
    const large = growMenu(main, photo);
    expect(large.positions).toHaveLength(LARGE_MENU_POSITIONS);
    const sections = new Set(large.positions.map((p) => p.positionGroup?.id ?? 0));
    expect(sections.size).toBe(LARGE_MENU_GROUPS);
    expect(large.groups.every((g) => large.positions.some((p) => p.positionGroup?.id === g.id))).toBe(true);
    expect(large.positions.slice(0, main.positions.length)).toEqual(main.positions);
    // unique ids, none shared with another demo menu
    const ids = new Set(large.positions.map((p) => p.id));
    expect(ids.size).toBe(LARGE_MENU_POSITIONS);
    const others = DEMO_MENUS.filter((m) => m !== main).flatMap((m) => m.positions.map((p) => p.id));
    expect(others.some((id) => ids.has(id))).toBe(false);
    expect(new Set(large.groups.map((g) => g.id)).size).toBe(large.groups.length);
  });

  it("is deterministic and shares the demo's photos", () => {
    expect(growMenu(main, photo)).toEqual(growMenu(main, photo));
    const urls = new Set(growMenu(main, photo).positions.flatMap((p) => p.photos.map((x) => x.url)));
    expect(urls.size).toBeLessThanOrEqual(15);
    expect(withLargeMenu(DEMO_MENUS, DEMO_MENU_IDS.main, photo).filter((m) => m.ref.id !== DEMO_MENU_IDS.main)).toEqual(
      DEMO_MENUS.filter((m) => m.ref.id !== DEMO_MENU_IDS.main),
    );
  });
});
