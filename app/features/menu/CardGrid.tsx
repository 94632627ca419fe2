import { useFetchers, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type FormEvent } from "react";
import { useFragmentCache } from "~/document/fragment-cache";
import { useHydrating } from "~/document/hydration";
import { useTranslation } from "~/i18n/react";
import type { PositionCardView } from "./menu-view.server";
import { PositionCard } from "./PositionCard";

const ADD_KEY = "add-";
/** never changes, so React never writes it: the list keeps the cards the server rendered into it */
const SERVER_MARKUP = { __html: "" };

/** the placeholder Image renders for a missing or failing photo (decorative: the card's name says it all) */
function photoPlaceholder(imageClassName: string): HTMLElement {
  const div = document.createElement("div");
  div.setAttribute("aria-hidden", "true");
  div.dataset.placeholder = "";
  div.className = `flex items-center justify-center bg-surface text-muted ${imageClassName.replace(/\b(bg-surface|object-cover)\b/g, "").trim()}`;
  div.innerHTML =
    '<svg aria-hidden="true" viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" stroke-width="1.5">' +
    '<rect x="3" y="5" width="18" height="14" rx="2"></rect><circle cx="9" cy="10" r="1.6"></circle><path d="m4 17 5-5 4 4 3-3 4 4"></path></svg>';
  return div;
}

const photoLoading = (index: number, eager: number) => (index === 0 && eager > 0 ? "first" : index < eager ? "eager" : "lazy");

/**
 * A grid of position cards. The server renders the cards once per (positions, language, currency, page)
 * and reuses the HTML (ADR 043); the browser hydrates the same markup. With JavaScript the grid handles
 * its cards' links and add forms by delegation: a link click becomes a client navigation, an add becomes a
 * fetcher submission keyed by the position (its button is disabled while it is in flight).
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
  /** false for one-off grids (search results) that would only churn the cache */
  cache?: boolean;
  /** how many of the first cards load their photo at once (the first with high priority); the rest are lazy */
  eager?: number;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const fetchers = useFetchers();
  const fragments = useFragmentCache();
  const renderFragment = cache ? fragments : null;
  const lang = i18n.language;
  const redirectTo = location.pathname + location.search;
  const className = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4";

  const busy = new Set(fetchers.filter((f) => f.key.startsWith(ADD_KEY) && f.state !== "idle").map((f) => f.key.slice(ADD_KEY.length)));
  // ADR 081: the server's cards are kept as they are instead of hydrated (a thousand cards would block the
  // main thread): links and forms work by the delegation below, `busy` is applied to the DOM, and the grid
  // turns into React cards only when its positions change (a revalidation that changed a price, say)
  const signature = typeof document === "undefined" ? "" : JSON.stringify([lang, currency, positions]);
  const hydrating = useHydrating();
  const [serverSignature] = useState(() => (cache && hydrating ? signature : null));
  const keepServerCards = serverSignature === signature;
  const listRef = useRef<HTMLUListElement>(null);
  const busyKey = [...busy].sort().join(",");
  useEffect(() => {
    const list = listRef.current;
    if (!keepServerCards || !list) return;
    for (const form of list.querySelectorAll<HTMLFormElement>("form[data-add-form]")) {
      const button = form.querySelector("button");
      if (button) button.disabled = busy.has(form.dataset.addForm ?? "");
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- busyKey stands for busy
  }, [keepServerCards, busyKey]);
  useEffect(() => {
    const list = listRef.current;
    if (!keepServerCards || !list) return;
    // a photo failing after the hydration gets the placeholder, as Image does for the cards React renders
    const onError = (event: Event) => {
      const img = event.target;
      if (img instanceof HTMLImageElement && !img.dataset.failed) {
        img.dataset.failed = "";
        img.replaceWith(photoPlaceholder(img.className));
      }
    };
    list.addEventListener("error", onError, true);
    return () => list.removeEventListener("error", onError, true);
  }, [keepServerCards]);
  if (renderFragment) {
    const key = JSON.stringify(["cards", lang, currency, redirectTo, eager, positions]);
    const html = renderFragment(key, () => (
      <>
        {positions.map((p, i) => (
          <PositionCard key={`${p.menuId}-${p.id}`} position={p} currency={currency} t={t} lang={lang} redirectTo={redirectTo} photo={photoLoading(i, eager)} />
        ))}
      </>
    ));
    return <ul className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
  }

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
    submit(form, { navigate: false, fetcherKey: ADD_KEY + id, preventScrollReset: true });
  };
  if (keepServerCards) {
    return (
      // the markup is the server's (kept by React as long as __html stays the same); see above
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
      <ul
        key="server"
        ref={listRef}
        className={className}
        data-testid={testId}
        onClick={onClick}
        onSubmit={onSubmit}
        suppressHydrationWarning
        dangerouslySetInnerHTML={SERVER_MARKUP}
      />
    );
  }
  return (
    // delegation: the clicks come from the cards' links (Enter on a link fires click too), not from the list
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul key="client" className={className} data-testid={testId} onClick={onClick} onSubmit={onSubmit}>
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
