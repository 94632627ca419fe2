/**
 * The pages of a large menu in the browser (ADR 107). The server renders one page of whole groups and a real
 * link to the next ('Показать ещё', a plain GET without JavaScript). With JavaScript the next page's data is
 * loaded by a fetcher from the same URL when the link nears the viewport (or is activated) and its groups are
 * appended below, without a document load; a group chip for a page not loaded yet loads up to it and
 * scrolls there.
 */
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { pageDataHref, pageHref } from "~/lib/menu-pages";
import type { GroupEntry, MenuPaging } from "./menu-paging";
import type { MenuView } from "./menu-view.server";

export const anchorOf = (menuId: number, groupId: number) => `group-${menuId}-${groupId}`;

/** how far below the viewport the link starts the next page's load: about two phone screens */
const AHEAD = "0px 0px 1600px 0px";

interface PageData {
  menus: MenuView[];
  paging: MenuPaging | null;
}

/** appends `more`'s groups to `menus`, menu by menu (a menu's groups may run over several pages) */
function mergeMenus(menus: MenuView[], more: MenuView[]): MenuView[] {
  const merged = menus.map((m) => ({ ...m, groups: [...m.groups] }));
  for (const menu of more) {
    const same = merged.find((m) => m.id === menu.id);
    if (same) same.groups.push(...menu.groups);
    else merged.push({ ...menu, groups: [...menu.groups] });
  }
  return merged;
}

export interface MenuPages {
  /** the menus to render: the loader's page and the pages appended after it */
  menus: MenuView[];
  /** every group with its page (for the chips) */
  groups: GroupEntry[];
  /** whether page `page`'s groups are in the document */
  loaded: (page: number) => boolean;
  /** the next page to load, or null at the end */
  next: number | null;
  loading: boolean;
  /** appends the next page; `focus`: move the focus to its first group when it arrives (the link was activated) */
  loadNext: (focus: boolean) => void;
  /** shows a group of a page not in the document (a chip's click) */
  goTo: (entry: GroupEntry) => void;
}

export function useMenuPages(menus: MenuView[], paging: MenuPaging | null): MenuPages {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<PageData>();
  const first = paging?.page ?? 1;
  const signature = paging ? paging.groups.map((g) => `${g.menuId}-${g.id}`).join(",") : "";
  const key = `${i18n.language}|${pathname}|${first}|${signature}`;
  const [appended, setAppended] = useState<{ key: string; pages: Record<number, MenuView[]> }>({ key, pages: {} });
  const [target, setTarget] = useState<{ page: number; anchor: string; focus: boolean } | null>(null);
  const data = fetcher.data;
  const fetched = data?.paging && data.paging.page > first && data.paging.groups.map((g) => `${g.menuId}-${g.id}`).join(",") === signature ? data.paging.page : null;
  // the loader's page is always its latest data (a revalidation renews it); pages after it were appended (the
  // fetcher's latest answer counts at once, before the effect below keeps it)
  const pages: Record<number, MenuView[]> = {
    ...(appended.key === key ? appended.pages : {}),
    ...(fetched && data ? { [fetched]: data.menus } : {}),
    [first]: menus,
  };
  let last = first;
  while (pages[last + 1]) last += 1;
  const pageCount = paging?.pageCount ?? 1;
  const next = last < pageCount ? last + 1 : null;
  const loading = fetcher.state !== "idle";

  // a fetched page of the same menus (same language, same groups) is kept
  useEffect(() => {
    if (!fetched || !data) return;
    setAppended((state) => ({ key, pages: { ...(state.key === key ? state.pages : {}), [fetched]: data.menus } }));
  }, [data, fetched, key]);

  // loading up to a target page, one page after the other (each a plain page of the menu)
  useEffect(() => {
    if (!target || loading) return;
    if (target.page > last) {
      fetcher.load(pageDataHref(pathname, last + 1));
      return;
    }
    const el = document.getElementById(target.anchor);
    setTarget(null);
    if (!el) return;
    if (target.focus) {
      el.setAttribute("tabindex", "-1");
      el.focus({ preventScroll: true });
    }
    el.scrollIntoView({ block: "start" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, last, loading, pathname]);

  const loadNext = (focus: boolean) => {
    if (!next || loading || target) return;
    const anchor = paging?.groups.find((g) => g.page === next);
    if (focus && anchor) setTarget({ page: next, anchor: anchorOf(anchor.menuId, anchor.id), focus: true });
    else fetcher.load(pageDataHref(pathname, next));
  };
  const goTo = (entry: GroupEntry) => {
    const anchor = anchorOf(entry.menuId, entry.id);
    // a page before the loader's: that page, as a client navigation (the groups after it come as it scrolls)
    if (entry.page < first) navigate(pageHref(pathname, entry.page, anchor));
    else setTarget({ page: entry.page, anchor, focus: true });
  };

  const ordered = Object.keys(pages)
    .map(Number)
    .filter((p) => p >= first && p <= last)
    .sort((a, b) => a - b);
  const merged = ordered.slice(1).reduce((acc, p) => mergeMenus(acc, pages[p]!), menus);
  const groups = paging?.groups ?? menus.flatMap((m) => m.groups.map((g) => ({ menuId: m.id, id: g.id, name: g.name, page: 1 })));
  return { menus: merged, groups, loaded: (p) => p >= first && p <= last, next, loading, loadNext, goTo };
}

/**
 * 'Показать ещё': a real link to the next page (without JavaScript, a plain GET of it). With JavaScript the next
 * page loads when the link comes within about two screens of the viewport, or at once when it is activated
 * (then the focus moves to the first group that arrived, so a keyboard continues from there).
 */
export function MoreLink({ pages }: { pages: MenuPages }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ref = useRef<HTMLAnchorElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), { rootMargin: AHEAD });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const { next, loading, loadNext } = pages;
  useEffect(() => {
    if (near && next && !loading) loadNext(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [near, next, loading]);
  if (!next) return null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    loadNext(true);
  };
  return (
    <p className="flex justify-center">
      <a
        ref={ref}
        href={pageHref(pathname, next)}
        onClick={onClick}
        aria-busy={loading || undefined}
        className="rounded-full bg-surface px-5 py-2.5 font-semibold hover:bg-line"
        data-testid="menu-more"
      >
        {t("menu.showMore")}
      </a>
    </p>
  );
}
