import { useFetchers, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import type { MouseEvent, FormEvent } from "react";
import { fragmentKey, useFragmentCache } from "~/document/fragment-cache";
import { useTranslation } from "~/i18n/react";
import type { PositionCardView } from "./menu-view.server";
import { PositionCard } from "./PositionCard";

const ADD_KEY = "add-";

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

  const busy = new Set(fetchers.filter((f) => f.key.startsWith(ADD_KEY) && f.state !== "idle").map((f) => f.key.slice(ADD_KEY.length)));
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
  return (
    // delegation: the clicks come from the cards' links (Enter on a link fires click too), not from the list
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul className={className} data-testid={testId} onClick={onClick} onSubmit={onSubmit}>
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
