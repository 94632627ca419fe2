import { useFetchers, useLocation, useNavigate, useSubmit } from "react-router";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { fragmentKey, useFragmentCache } from "~/document/fragment-cache";
import { useTranslation } from "~/i18n/react";
import { cartWrites } from "~/features/forms/write-queue";
import { discoverCardLinks } from "./card-discovery";
import { addKey, addsInFlight, sameCards, type CardsIdentity } from "./kept-cards";
import type { PositionCardView } from "./menu-view.server";
import { PositionCard } from "./PositionCard";

const photoLoading = (index: number, eager: number) => (index === 0 && eager > 0 ? "first" : index < eager ? "eager" : "lazy");
const className = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4";

/** React keeps an element's server children untouched when it hydrates it with this (ADR 106); one constant, so
 * a re-render never finds a different `__html` and never writes the list's content */
const KEEP_SERVER_CHILDREN = { __html: "" };

/**
 * Whether the browser has committed a render yet: the renders before the first commit hydrate the server's
 * HTML. Deliberately a module flag set by a grid's layout effect, not `useSyncExternalStore` with a server
 * snapshot: with that, client navigations after the hydration intermittently never committed (ADR 081, 106).
 */
let firstCommitDone = false;

/** a layout effect in the browser (it runs before the paint); the server runs neither */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * A grid of position cards. The server renders the cards once per (positions, language, currency, page)
 * and reuses the HTML (ADR 043). With JavaScript the grid handles its cards' links and add forms by
 * delegation: a link click becomes a client navigation, an add becomes a fetcher submission keyed by the
 * position (its button is disabled while it is in flight).
 *
 * The browser does not hydrate the server's cards (ADR 106): a card needs no React (its links and form work
 * through the delegation), and a fiber tree per card made the hydration's slices and commit long tasks. While
 * hydrating, a cached grid renders its `<ul>` with an empty `dangerouslySetInnerHTML`, so React keeps the
 * server's `<li>`s as they are; the in-flight state is set on their buttons directly. The grid renders React
 * cards when the browser mounts it (a client navigation, a page of a large menu appended by JavaScript, search)
 * and when its cards change (positions, language, currency): a new `key` replaces the kept list.
 */
export function CardGrid({
  positions,
  currency,
  testId,
  cache = true,
  eager = 0,
}: {
  positions: PositionCardView[];
  currency: string;
  testId?: string;
  /** false for one-off grids (search results) that would only churn the cache (and are hydrated) */
  cache?: boolean;
  /** how many of the first cards load their photo at once (the first with high priority); the rest are lazy */
  eager?: number;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const fragments = useFragmentCache();
  const renderFragment = cache ? fragments : null;
  const lang = i18n.language;
  const redirectTo = location.pathname + location.search;

  if (renderFragment) {
    const key = fragmentKey(["cards", lang, currency, redirectTo, eager], positions);
    const html = renderFragment(key, () => (
      <>
        {positions.map((p, i) => (
          <PositionCard key={`${p.menuId}-${p.id}`} position={p} currency={currency} t={t} lang={lang} redirectTo={redirectTo} photo={photoLoading(i, eager)} />
        ))}
      </>
    ));
    return <ul className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
  }

  return <BrowserCardGrid positions={positions} currency={currency} testId={testId} cache={cache} eager={eager} redirectTo={redirectTo} />;
}

function BrowserCardGrid({
  positions,
  currency,
  testId,
  cache,
  eager,
  redirectTo,
}: {
  positions: PositionCardView[];
  currency: string;
  testId?: string;
  cache: boolean;
  eager: number;
  redirectTo: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const fetchers = useFetchers();
  const lang = i18n.language;
  // what the server's cards were made from, when this grid keeps them (decided once, by its first render)
  const [kept, setKept] = useState<CardsIdentity | null>(() => (cache && !firstCommitDone ? { positions, lang, currency, eager } : null));
  const keepServerCards = useMemo(() => sameCards(kept, { positions, lang, currency, eager }), [kept, positions, lang, currency, eager]);
  const list = useRef<HTMLUListElement>(null);
  useBrowserLayoutEffect(() => {
    firstCommitDone = true;
    // nothing to keep (a grid the browser rendered before any commit of its own: a client render after a failed
    // hydration, a navigation from a page without a grid): React cards, before the empty list is painted
    if (keepServerCards && list.current && list.current.childElementCount === 0 && positions.length > 0) setKept(null);
  }, [keepServerCards, positions.length]);

  const busy = addsInFlight(fetchers);
  const busyKey = [...busy].sort().join(",");
  useEffect(() => {
    if (!keepServerCards || !list.current) return;
    const inFlight = new Set(busyKey ? busyKey.split(",") : []);
    for (const form of list.current.querySelectorAll<HTMLFormElement>("form[data-add-form]")) {
      const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
      const disabled = inFlight.has(form.dataset.addForm ?? "");
      if (button && button.disabled !== disabled) button.disabled = disabled;
    }
  }, [keepServerCards, busyKey]);
  // the cards' routes are discovered once the browser is idle, not in the hydration's effects (ADR 134)
  useEffect(() => (list.current ? discoverCardLinks(list.current) : undefined), [keepServerCards, positions]);
  // cart writes go one at a time (ADR 119): an add made while another is on its way is sent once that one is answered
  useEffect(() => cartWrites.observe(busyKey !== ""), [busyKey]);

  const onClick = (event: MouseEvent<HTMLUListElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-nav]");
    const href = link?.getAttribute("href");
    if (!href) return;
    event.preventDefault();
    navigate(href, { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLUListElement>) => {
    const form = event.target as HTMLFormElement;
    const id = form.dataset.addForm;
    if (event.defaultPrevented || !id) return;
    event.preventDefault();
    // a kept card's form names the page the server rendered it for: the add returns to the current one
    const formData = new FormData(form);
    formData.set("redirectTo", redirectTo);
    const action = form.getAttribute("action") ?? "/cart";
    cartWrites.push(() => submit(formData, { method: "post", action, navigate: false, fetcherKey: addKey(id), preventScrollReset: true }));
  };
  if (keepServerCards) {
    return (
      // delegation: the clicks come from the cards' links (Enter on a link fires click too), not from the list
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
      <ul key="kept" ref={list} className={className} data-testid={testId} onClick={onClick} onSubmit={onSubmit} dangerouslySetInnerHTML={KEEP_SERVER_CHILDREN} suppressHydrationWarning />
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul key="cards" ref={list} className={className} data-testid={testId} onClick={onClick} onSubmit={onSubmit}>
      {positions.map((p, i) => (
        <PositionCard
          key={`${p.menuId}-${p.id}`}
          photo={photoLoading(i, eager)}
          position={p}
          currency={currency}
          t={t}
          lang={lang}
          redirectTo={redirectTo}
          busy={busy.has(`${p.menuId}-${p.id}`)}
        />
      ))}
    </ul>
  );
}
