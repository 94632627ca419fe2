import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageMenus } from "~/features/menu/menu-paging";
import { parsePage } from "~/lib/menu-page-param";
import { DEFAULT_PAGING, pageDataHref, pageHref, pagesOfSections } from "~/lib/menu-pages";

describe("pagesOfSections", () => {
  it("keeps a menu at or under the threshold on one page (the demo's 98 positions)", () => {
    expect(pagesOfSections([30, 30, 38])).toEqual([1, 1, 1]);
    expect(pagesOfSections([100, 50])).toEqual([1, 1]);
    expect(pagesOfSections([])).toEqual([]);
  });

  it("cuts a larger menu into pages of whole groups of at most 100 positions", () => {
    // 151 positions: over the threshold
    expect(pagesOfSections([40, 40, 40, 31])).toEqual([1, 1, 2, 2]);
    expect(pagesOfSections(Array.from({ length: 40 }, () => 25))).toEqual(Array.from({ length: 40 }, (_, i) => Math.floor(i / 4) + 1));
  });

  it("gives a group bigger than a page a page of its own", () => {
    expect(pagesOfSections([10, 240, 10, 10])).toEqual([1, 2, 3, 3]);
  });

  it("counts a locked (empty) group as one position", () => {
    expect(pagesOfSections([100, 0, 60])).toEqual([1, 2, 2]);
  });

  it("numbers pages in order from 1 without gaps, every page at most a page long unless one group is bigger", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 80 }), (sizes) => {
        const pages = pagesOfSections(sizes);
        expect(pages).toHaveLength(sizes.length);
        if (sizes.length === 0) return;
        expect(pages[0]).toBe(1);
        for (let i = 1; i < pages.length; i++) expect(pages[i]! - pages[i - 1]!).toBeGreaterThanOrEqual(0);
        for (let i = 1; i < pages.length; i++) expect(pages[i]! - pages[i - 1]!).toBeLessThanOrEqual(1);
        const totals = new Map<number, { sum: number; groups: number }>();
        sizes.forEach((size, i) => {
          const t = totals.get(pages[i]!) ?? { sum: 0, groups: 0 };
          totals.set(pages[i]!, { sum: t.sum + Math.max(1, size), groups: t.groups + 1 });
        });
        const paged = totals.size > 1;
        for (const { sum, groups } of totals.values()) {
          if (paged && groups > 1) expect(sum).toBeLessThanOrEqual(DEFAULT_PAGING.pagePositions);
        }
      }),
    );
  });
});

describe("parsePage", () => {
  it("reads a page number and keeps it inside the menu's pages", () => {
    expect(parsePage("3", 10)).toBe(3);
    expect(parsePage("12", 10)).toBe(10);
    expect(parsePage(null, 10)).toBe(1);
    expect(parsePage("2", 1)).toBe(1);
  });

  it("treats anything but a whole number from 1 as the first page", () => {
    for (const bad of ["", "0", "-2", "1.5", "abc", "1e400", "<script>"]) expect(parsePage(bad, 10)).toBe(1);
  });
});

describe("page URLs", () => {
  it("names page 1 without a query and later pages with ?page", () => {
    expect(pageHref("/menus/501", 1)).toBe("/menus/501");
    expect(pageHref("/menus/501", 3, "group-501-7")).toBe("/menus/501?page=3#group-501-7");
    expect(pageHref("/", 1, "group-501-7")).toBe("/#group-501-7");
  });

  it("loads the home's data from its index route", () => {
    expect(pageDataHref("/", 2)).toBe("/?index&page=2");
    expect(pageDataHref("/menus/501", 2)).toBe("/menus/501?page=2");
    expect(pageDataHref("/menus/501", 2, 7)).toBe("/menus/501?page=2&through=7");
  });
});

describe("pageMenus", () => {
  const group = (id: number, size: number) => ({
    id,
    name: `g${id}`,
    photo: null,
    adult: false,
    locked: false,
    positions: Array.from({ length: size }, (_, i) => ({ id: id * 1000 + i, menuId: 1, name: "p", price: 100, photo: null, measure: null, longCooking: false, hasModifiers: false, available: true, next: null })),
  });

  it("leaves a small page as it is, without paging", () => {
    const menus = [{ id: 1, name: "m", groups: [group(1, 50), group(2, 48)] }];
    expect(pageMenus(menus, "2")).toEqual({ menus, paging: null });
  });

  it("serves one page's groups, menu by menu, with every group's page for the chips", () => {
    const menus = [
      { id: 1, name: "a", groups: [group(1, 60), group(2, 60)] },
      { id: 2, name: "b", groups: [group(3, 30), group(4, 80)] },
      { id: 3, name: "empty", groups: [] },
    ];
    const second = pageMenus(menus, "2");
    expect(second.menus.map((m) => [m.id, m.groups.map((g) => g.id)])).toEqual([
      [1, [2]],
      [2, [3]],
    ]);
    expect(second.paging).toEqual({
      page: 2,
      through: 2,
      pageCount: 3,
      groups: [
        { menuId: 1, id: 1, name: "g1", page: 1 },
        { menuId: 1, id: 2, name: "g2", page: 2 },
        { menuId: 2, id: 3, name: "g3", page: 2 },
        { menuId: 2, id: 4, name: "g4", page: 3 },
      ],
    });
    // a menu with no groups at all stays on the first page; a bad page number is the first page
    expect(pageMenus(menus, "x").menus.map((m) => m.id)).toEqual([1, 3]);
    expect(pageMenus(menus, "99").paging?.page).toBe(3);
    // a chip's jump asks for a range of pages in one answer
    const range = pageMenus(menus, "2", "3");
    expect(range.menus.map((m) => [m.id, m.groups.map((g) => g.id)])).toEqual([
      [1, [2]],
      [2, [3, 4]],
    ]);
    expect(range.paging).toMatchObject({ page: 2, through: 3 });
    expect(pageMenus(menus, "3", "1").paging).toMatchObject({ page: 3, through: 3 });
  });
});
