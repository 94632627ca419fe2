import { lazy, Suspense, useMemo } from "react";
import type { MenuPaging } from "./menu-paging";
import type { MenuView } from "./menu-view.server";
import { MenuSectionsView, onePage } from "./MenuSectionsView";
import { PagedSections as PagedSectionsNow } from "./menu-pages";

type Props = { menus: MenuView[]; currency: string; showMenuTitles?: boolean };

/**
 * A paged menu's sections (ADR 107), whose code (the pages' fetcher, the chips' loads, 'Показать ещё') the browser
 * fetches only for a menu that is paged (ADR 123): the server renders it in place, the browser keeps that markup until
 * the code has arrived, then hydrates it. If the code cannot be fetched, the page's own groups stay, with a plain
 * link to the next page.
 */
const PagedSections = import.meta.env.SSR
  ? PagedSectionsNow
  : lazy(() =>
      import("./menu-pages").then(
        (m) => ({ default: m.PagedSections }),
        () => ({ default: ({ menus, ...rest }: Props & { paging: MenuPaging }) => <MenuSectionsView pages={onePage(menus)} {...rest} /> }),
      ),
    );

/**
 * The menus' groups as sections with their chips (MenuSectionsView); a large menu comes in pages of whole groups
 * (ADR 107), and only then is the pages' code needed.
 */
export function MenuSections({ menus, currency, showMenuTitles = true, paging = null }: Props & { paging?: MenuPaging | null }) {
  // memoised: a re-render of the page before the paged code has arrived must not make React drop the server's
  // markup (a dehydrated boundary given new props renders anew, ADR 114)
  const paged = useMemo(
    () =>
      paging ? (
        <Suspense fallback={null}>
          <PagedSections menus={menus} currency={currency} showMenuTitles={showMenuTitles} paging={paging} />
        </Suspense>
      ) : null,
    [menus, currency, showMenuTitles, paging],
  );
  return paged ?? <MenuSectionsView pages={onePage(menus)} currency={currency} showMenuTitles={showMenuTitles} />;
}
