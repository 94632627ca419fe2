/**
 * The pages of a large menu in the browser (ADR 107). The server renders one page of whole groups and a real
 * link to the next ('Показать ещё', a plain GET without JavaScript). With JavaScript the next page's data is
 * loaded by a fetcher from the same URL when the link nears the viewport (or is activated) and its groups are
 * appended below, without a document load; a group chip for a page not loaded yet loads up to it and
 * scrolls there.
 */
import { useFetcher, useLocation, useNavigate } from "react-router";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { pageDataHref, pageHref } from "~/lib/menu-pages";
import type { GroupEntry, MenuPaging } from "./menu-paging";
import type { MenuView } from "./menu-view.server";
import { fromJsonText, type JsonText } from "~/lib/json-text";
import { anchorOf, MenuSectionsView, type SectionsPages } from "./MenuSectionsView";


/** how far below the viewport the link starts the next page's load: about two phone screens */
const AHEAD = "0px 0px 1600px 0px";

interface PageData {
  /** the menu route's loader data: its menus as JSON text (ADR 120) */
  menus: JsonText<MenuView[]>;
  paging: MenuPaging | null;
}

/** pages appended from one answer: its first page is the key, `through` its last */
interface Loaded {
  through: number;
  menus: MenuView[];
}

const signatureOf = (paging: MenuPaging) => paging.groups.map((g) => `${g.menuId}-${g.id}`).join(",");

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

export interface MenuPages extends SectionsPages {
  /** the next page to load, or null at the end */
  next: number | null;
  loading: boolean;
  /** appends the next page; `focus`: move the focus to its first group when it arrives (the link was activated) */
  loadNext: (focus: boolean) => void;
}

export function useMenuPages(menus: MenuView[], paging: MenuPaging): MenuPages {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<PageData>();
  const first = paging.page;
  const signature = signatureOf(paging);
  const key = `${i18n.language}|${pathname}|${first}|${signature}`;
  const [appended, setAppended] = useState<{ key: string; pages: Record<number, Loaded> }>({ key, pages: {} });
  const [target, setTarget] = useState<{ page: number; anchor: string } | null>(null);

  // the fetcher's answer: pages after the loader's, of the same menus (same groups)
  const data = fetcher.data;
  const fetched = data?.paging && data.paging.page > first && signatureOf(data.paging) === signature ? { page: data.paging.page, through: data.paging.through, menus: fromJsonText(data.menus) } : null;
  // the loader's pages are always its latest data (a revalidation renews them); pages after them were appended
  // (the fetcher's latest answer counts at once, before the effect below keeps it)
  const pages: Record<number, Loaded> = {
    ...(appended.key === key ? appended.pages : {}),
    ...(fetched ? { [fetched.page]: fetched } : {}),
    [first]: { through: paging.through, menus },
  };
  const chain = [pages[first]!];
  let last = pages[first]!.through;
  while (pages[last + 1]) {
    chain.push(pages[last + 1]!);
    last = pages[last + 1]!.through;
  }
  const pageCount = paging.pageCount;
  const next = last < pageCount ? last + 1 : null;
  const loading = fetcher.state !== "idle";

  useEffect(() => {
    if (!fetched) return;
    setAppended((state) => ({ key, pages: { ...(state.key === key ? state.pages : {}), [fetched.page]: fetched } }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, key]);

  // a group asked for (a chip, or the link activated) is in: scroll to it and move the focus there
  useEffect(() => {
    if (!target || target.page > last) return;
    setTarget(null);
    const el = document.getElementById(target.anchor);
    if (!el) return;
    el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "start" });
  }, [target, last]);

  const firstGroupOf = (page: number) => paging.groups.find((g) => g.page === page);
  const loadNext = (focus: boolean) => {
    if (!next) return;
    const group = firstGroupOf(next);
    // activated: the focus goes to the next page's first group once it is in (even when its load already started)
    if (focus && group) setTarget({ page: next, anchor: anchorOf(group.menuId, group.id) });
    if (!loading) fetcher.load(pageDataHref(pathname, next));
  };
  const goTo = (entry: GroupEntry) => {
    const anchor = anchorOf(entry.menuId, entry.id);
    // a page before the loader's: that page, as a client navigation (the groups after it come as it scrolls)
    if (entry.page < first) return navigate(pageHref(pathname, entry.page, anchor));
    setTarget({ page: entry.page, anchor });
    // every page up to the group's, in one answer
    if (entry.page > last) fetcher.load(pageDataHref(pathname, last + 1, entry.page));
  };

  const merged = chain.slice(1).reduce((acc, loaded) => mergeMenus(acc, loaded.menus), menus);
  return { menus: merged, groups: paging.groups, loaded: (p) => p >= first && p <= last, next, loading, loadNext, goTo };
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

/** A paged menu's sections: the loader's page, the pages appended after it, and 'Показать ещё' (ADR 107, 123). */
export function PagedSections({
  menus,
  paging,
  currency,
  showMenuTitles,
}: {
  menus: MenuView[];
  paging: MenuPaging;
  currency: string;
  showMenuTitles?: boolean;
}) {
  const pages = useMenuPages(menus, paging);
  return (
    <MenuSectionsView pages={pages} currency={currency} showMenuTitles={showMenuTitles}>
      <MoreLink pages={pages} />
    </MenuSectionsView>
  );
}
