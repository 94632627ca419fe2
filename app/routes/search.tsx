import type { MetaDescriptor } from "react-router";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { useEarlyInput } from "~/components/ui/early-input";
import { useDebounceSubmit } from "remix-utils/use-debounce-submit";
import { CardGrid } from "~/features/menu/CardGrid";
import { loadSearchPage } from "~/features/menu/search.server";
import { rootInfo, seoMeta } from "~/shell/seo";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/search";
import { requestContextOf } from "~/shell/request.server";

/**
 * spec §2: the full-screen search view with a back button and placeholder 'Поиск', searching the positions
 * of the current resto's menus. A GET form (`?q=`) answered by the server; with JavaScript it searches as
 * the customer types (debounced, replacing the history entry).
 */
/** Full screen: no app bar or footer behind it (spec §2 search view). */
export const handle = { layout: "custom" };

export const loader = withMessages("routes/search", ({ context }: Route.LoaderArgs) => loadSearchPage(requestContextOf(context)));

export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const { brand, locale, text } = rootInfo(matches);
  const title = text("search.title", "Поиск");
  return [...seoMeta({ title: data?.q ? `${title}: ${data.q} — ${brand}` : `${title} — ${brand}`, description: "", canonical: data?.canonical, siteName: brand, locale }), { name: "robots", content: "noindex" }];
}

const SEARCH_FORM_ID = "search-form";

export default function Search() {
  const { q, back, results, currency, hasLocation } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const submit = useDebounceSubmit();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  // the full-screen view is for typing: focus the field once it opens (with JavaScript)
  useEffect(() => input.current?.focus(), []);
  // a query typed before the scripts took the page over stays, and is searched for at once (ADR 150)
  useEarlyInput(SEARCH_FORM_ID, (early) => {
    const form = document.getElementById(SEARCH_FORM_ID);
    if (early.value("q") !== undefined && form instanceof HTMLFormElement) submit(form, { replace: true, debounceTimeout: 0 });
  });
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/search";
  return (
    <main className="fixed inset-0 z-[2400] overflow-y-auto bg-bg" data-testid="search-view">
      <div className="sticky top-0 z-10 border-b border-line bg-bg">
        <Form id={SEARCH_FORM_ID} method="get" action="/search" role="search" className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3" onChange={(e) => submit(e.currentTarget, { replace: true, debounceTimeout: 250 })}>
          <Link to={back} className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface" aria-label={t("search.back")}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="m15 6-6 6 6 6" />
            </svg>
          </Link>
          <input type="hidden" name="from" value={back} />
          <input
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t("search.placeholder")}
            aria-label={t("search.label")}
            ref={input}
            autoComplete="off"
            maxLength={100}
            className="h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-4 text-base focus:border-brand"
          />
          <button type="submit" className="rounded-full bg-brand px-4 py-2 font-semibold text-on-brand">
            {t("search.submit")}
          </button>
        </Form>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-4" aria-busy={searching}>
        <h1 className="sr-only">{t("search.title")}</h1>
        <p role="status" className="mb-3 text-sm text-muted">
          {!hasLocation ? t("search.noLocation") : !q.trim() ? t("search.hint") : results.length === 0 ? t("search.nothing", { q }) : t("search.found", { count: results.length })}
        </p>
        {results.length > 0 ? (
          <CardGrid positions={results} currency={currency} testId="search-results" cache={false} />
        ) : null}
      </div>
    </main>
  );
}
