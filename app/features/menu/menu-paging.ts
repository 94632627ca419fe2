/**
 * The catalog page's menus cut into pages of whole groups (ADR 107; the rule is app/lib/menu-pages.ts). The
 * loader sends one page's groups with their cards, and the index of every group (its name and page) for the
 * group navigation, so a chip can name a group that is not on this page.
 */
import { pagesOfSections } from "~/lib/menu-pages";
import { parsePage } from "~/lib/menu-page-param";
import type { MenuView } from "./menu-view.server";

/** a group of the page's menus, wherever it is: what its chip needs */
export interface GroupEntry {
  menuId: number;
  id: number;
  name: string;
  page: number;
}

export interface MenuPaging {
  /** the (first) page these menus are */
  page: number;
  /** the last page these menus are: `page` unless a range was asked for (`?through=`, a chip's jump) */
  through: number;
  pageCount: number;
  /** every group of every menu of the page, in order */
  groups: GroupEntry[];
}

/**
 * Page `pageParam` (the raw `?page=`; through `throughParam`, the raw `?through=`, when given) of `menus`: its groups only (menus without a group on it left out;
 * a menu with no groups at all stays on the first page), and the paging, or null when the menus are one page
 * (then nothing differs from an unpaged page).
 */
export function pageMenus(menus: MenuView[], pageParam: string | null, throughParam: string | null = null): { menus: MenuView[]; paging: MenuPaging | null } {
  const flat = menus.flatMap((menu) => menu.groups.map((group) => ({ menu, group })));
  const pages = pagesOfSections(flat.map(({ group }) => group.positions.length));
  const pageCount = Math.max(1, ...pages);
  if (pageCount === 1) return { menus, paging: null };
  const page = parsePage(pageParam, pageCount);
  const through = Math.max(page, throughParam === null ? page : parsePage(throughParam, pageCount));
  const pageOf = new Map(flat.map(({ menu, group }, i) => [`${menu.id}-${group.id}`, pages[i]!]));
  const paged = menus
    .map((menu) => ({ ...menu, groups: menu.groups.filter((g) => inRange(pageOf.get(`${menu.id}-${g.id}`)!, page, through)) }))
    .filter((menu, i) => menu.groups.length > 0 || (page === 1 && menus[i]!.groups.length === 0));
  const groups = flat.map(({ menu, group }, i) => ({ menuId: menu.id, id: group.id, name: group.name, page: pages[i]! }));
  return { menus: paged, paging: { page, through, pageCount, groups } };
}

const inRange = (n: number, from: number, to: number) => n >= from && n <= to;
