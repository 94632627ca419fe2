import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Image } from "~/components/ui/Image";
import { AgeLockedNotice } from "~/features/age/AgeGate";
import type { MenuView } from "./menu-view.server";
import { CardGrid } from "./CardGrid";
import { pageHref } from "~/lib/menu-pages";
import type { GroupEntry } from "./menu-paging";

/** cards of the first group whose photos load at once (a phone shows 2 a row, a desktop up to 4) */
const FIRST_ROW = 4;

export const anchorOf = (menuId: number, groupId: number) => `group-${menuId}-${groupId}`;

/** what the sections need of a menu's pages: one page (a menu that is not paged), or `useMenuPages`'s (ADR 107) */
export interface SectionsPages {
  /** the menus to render */
  menus: MenuView[];
  /** every group with its page (for the chips) */
  groups: GroupEntry[];
  /** whether page `page`'s groups are in the document */
  loaded: (page: number) => boolean;
  /** shows a group of a page not in the document (a chip's click) */
  goTo: (entry: GroupEntry) => void;
}

/** a menu that is not paged: all its groups are here */
export function onePage(menus: MenuView[]): SectionsPages {
  return {
    menus,
    groups: menus.flatMap((m) => m.groups.map((g) => ({ menuId: m.id, id: g.id, name: g.name, page: 1 }))),
    loaded: () => true,
    goTo: () => {},
  };
}

/**
 * The menus' groups as sections in order (spec §3), with a sticky group navigation of hash anchors that
 * scroll smoothly (CSS) and, with JavaScript, follows the scroll by marking the section in view. A large menu
 * comes in pages of whole groups (ADR 107): a chip of a group on another page links to that page; `children`
 * (the paged menu's 'Показать ещё') follow the last section.
 */
export function MenuSectionsView({
  pages,
  currency,
  showMenuTitles = true,
  children = null,
}: {
  pages: SectionsPages;
  currency: string;
  showMenuTitles?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = pages.menus;
  const chipHref = (g: GroupEntry) => (pages.loaded(g.page) ? `#${anchorOf(g.menuId, g.id)}` : pageHref(pathname, g.page, anchorOf(g.menuId, g.id)));
  const onChip = (event: MouseEvent<HTMLAnchorElement>, g: GroupEntry) => {
    if (pages.loaded(g.page) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    pages.goTo(g);
  };
  const groupName = (g: { id: number; name: string }) => (g.id === 0 ? t("menu.other") : g.name);
  const anchors = menus.flatMap((m) => m.groups.map((g) => anchorOf(m.id, g.id)));
  const current = useSectionInView(anchors);
  const navRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!current) return;
    const chip = navRef.current?.querySelector<HTMLElement>(`a[href="#${current}"]`);
    const list = navRef.current?.parentElement;
    if (chip && list) list.scrollTo({ left: chip.offsetLeft - 16, behavior: "smooth" });
  }, [current]);
  return (
    <div className="flex flex-col gap-8">
      <nav aria-label={t("menu.groups")} data-sticky-nav="" className="sticky top-appbar z-50 -mx-4 overflow-x-auto border-b border-line bg-bg/95 px-4 py-2 md:top-appbar-lg">
        <ul ref={navRef} className="flex gap-2 whitespace-nowrap">
          {pages.groups.map((g) => {
              const anchor = anchorOf(g.menuId, g.id);
              const active = anchor === current;
              return (
                <li key={anchor}>
                  <a
                    href={chipHref(g)}
                    onClick={(event) => onChip(event, g)}
                    aria-current={active ? "location" : undefined}
                    className={`inline-block rounded-full px-3 py-1.5 text-sm ${active ? "bg-brand text-on-brand" : "bg-surface hover:bg-line"}`}
                  >
                    {groupName(g)}
                  </a>
                </li>
              );
            })}
        </ul>
      </nav>
      {menus.map((menu, menuIndex) => (
        <section key={menu.id} aria-labelledby={`menu-${menu.id}`} className="flex flex-col gap-8" id={`menu-${menu.id}-section`}>
          <h2 id={`menu-${menu.id}`} className={showMenuTitles ? "text-2xl font-bold" : "sr-only"}>
            {menu.name}
          </h2>
          {menu.groups.length === 0 ? <p className="text-muted">{t("menu.empty")}</p> : null}
          {menu.groups.map((g, groupIndex) => {
            const anchor = anchorOf(menu.id, g.id);
            return (
              <section key={g.id} id={anchor} aria-labelledby={`${anchor}-title`} data-group-section="">
                <div className="mb-3 flex items-center gap-3">
                  {g.photo ? <Image src={g.photo} alt="" width={48} height={48} className="size-12 rounded-xl" /> : null}
                  <h3 id={`${anchor}-title`} className="text-xl font-semibold">
                    {groupName(g)}
                    {g.adult ? " " : null}
                    {g.adult ? <span className="ml-1 rounded-full border border-line px-2 py-0.5 align-middle text-xs font-semibold">18+</span> : null}
                  </h3>
                </div>
                {g.locked ? (
                  <AgeLockedNotice menuId={menu.id} anchor={anchor} />
                ) : (
                  <CardGrid
                    positions={g.positions}
                    currency={currency}
                    // the first row is in the first viewport: its photos are the page's largest paint
                    eager={menuIndex === 0 && groupIndex === 0 ? FIRST_ROW : 0}
                  />
                )}
              </section>
            );
          })}
        </section>
      ))}
      {children}
    </div>
  );
}

/** The id of the section nearest the top of the viewport (below the sticky bars), with JavaScript. */
function useSectionInView(ids: string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(",");
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        const ordered = ids.filter((id) => visible.has(id));
        if (ordered[0]) setCurrent(ordered[0]);
      },
      // a section reached by its link lands 128 px (phones) or 208 px (desktop) from the top, below the sticky
      // bars (the scroll padding in styles.css); the one above it ends 32 px higher and must not count
      { rootMargin: "-200px 0px -55% 0px" },
    );
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return current;
}
