/**
 * A large menu is served in pages of whole groups (issue 17 goal 2, ADR 107): a chain's menu of 1,000
 * positions is one page of about a hundred positions at a time, the next one a plain link ('Показать ещё')
 * away without JavaScript and appended as it nears the viewport with it. A menu page at or under the threshold
 * is one page, exactly as before.
 *
 * Pure: sizes in, page numbers out; the catalog loader and the menu's components share it. It imports no zod:
 * the menu's first-view JavaScript bundles it (the `?page=` parser, with zod, is menu-page-param.ts, server side).
 */
/** a page's menus at or under this many positions are one page (the demo's 98 stay one page) */
export const PAGED_ABOVE = 150;
/** a page takes whole groups while it stays at or under this many positions (a bigger group is a page alone) */
export const PAGE_POSITIONS = 100;

export interface PagingRule {
  pagedAbove: number;
  pagePositions: number;
}

export const DEFAULT_PAGING: PagingRule = { pagedAbove: PAGED_ABOVE, pagePositions: PAGE_POSITIONS };

/**
 * The page (1-based) of each section, in order, from the sections' sizes (positions). A section of 0
 * positions (an 18+ group shown locked) counts as 1: it still takes room on the page.
 */
export function pagesOfSections(sizes: readonly number[], rule: PagingRule = DEFAULT_PAGING): number[] {
  const counted = sizes.map((size) => Math.max(1, size));
  const total = counted.reduce((sum, size) => sum + size, 0);
  if (total <= rule.pagedAbove) return counted.map(() => 1);
  const pages: number[] = [];
  let page = 1;
  let filled = 0;
  for (const size of counted) {
    if (filled > 0 && filled + size > rule.pagePositions) {
      page += 1;
      filled = 0;
    }
    pages.push(page);
    filled += size;
  }
  return pages;
}

/** The URL of page `page` of the catalog page at `pathname` (page 1 has no query), with an optional #anchor. */
export function pageHref(pathname: string, page: number, anchor?: string): string {
  return `${pathname}${page > 1 ? `?page=${page}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/**
 * The URL a fetcher loads page `page` (to `through`, in one answer) from: the same page's loader. The home is an index route, which a
 * fetcher reaches only with `?index` (otherwise it would load the root's data).
 */
export function pageDataHref(pathname: string, page: number, through = page): string {
  const query = `page=${page}${through > page ? `&through=${through}` : ""}`;
  return pathname === "/" ? `/?index&${query}` : `${pathname}?${query}`;
}
