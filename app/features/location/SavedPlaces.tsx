import { Form, useNavigation } from "react-router";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import type { FormResult } from "~/features/forms/form-result";
import { formMessage, submittedValue } from "~/features/forms/form-result";
import type { SavedPlaceView } from "./view";

/**
 * A signed-in customer's saved delivery places, first in the location popup (issue 39 §1, ADR 180). Plain forms
 * posting to the popup's own address (with JavaScript, React Router's forms: no full reload): one tap on a place
 * saves it as the location ('use-place', then where 'Сохранить' lands); '×' forgets one, 'Забыть все адреса' all
 * (303 back to the popup). A place outside every delivery zone today is shown, its button disabled, with the
 * reason in words. A refused form's message (conform's result) is shown beside the place it was about.
 */
export function SavedPlaces({
  places,
  here,
  redirectTo,
  lastResult,
}: {
  places: SavedPlaceView[];
  /** the popup's address (its draft in the query): forgetting comes back to it */
  here: string;
  redirectTo: string | undefined;
  lastResult: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const message = formMessage(lastResult);
  const about = submittedValue(lastResult, "place");
  const aboutShown = about !== null && places.some((p) => p.id === about);
  // with JavaScript a forgotten place's button goes away with the focus on it, and the page frame then puts the focus
  // on the page's content (FocusAfterNavigation), behind the popup: it goes to the list's heading instead
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = useRef(places.length);
  useEffect(() => {
    const heading = headingRef.current;
    if (places.length < count.current && heading && !heading.closest("[role=dialog]")?.contains(document.activeElement)) heading.focus();
    count.current = places.length;
  }, [places.length]);
  return (
    <section aria-labelledby={titleId} className="mb-5 flex flex-col gap-2" data-testid="saved-places">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
          {t("places.title")}
        </h3>
        <Form method="post" action={here} replace preventScrollReset>
          <input type="hidden" name="intent" value="forget-places" />
          <button
            type="submit"
            disabled={busy}
            className="rounded-full px-3 py-2 text-sm font-medium text-muted underline underline-offset-2 hover:text-fg"
            data-testid="forget-all-places"
          >
            {t("places.forgetAll")}
          </button>
        </Form>
      </div>
      {message && !aboutShown ? (
        <p role="alert" className="rounded-xl border border-danger/60 px-4 py-3 text-sm" data-testid="saved-places-error">
          {message}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {places.map((place) => (
          <SavedPlaceItem
            key={place.id}
            place={place}
            here={here}
            redirectTo={redirectTo}
            busy={busy}
            message={aboutShown && about === place.id ? message : null}
          />
        ))}
      </ul>
    </section>
  );
}

function SavedPlaceItem({
  place,
  here,
  redirectTo,
  busy,
  message,
}: {
  place: SavedPlaceView;
  here: string;
  redirectTo: string | undefined;
  busy: boolean;
  message: string | null;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const details = [
    place.apartment ? t("places.apartment", { value: place.apartment }) : null,
    place.entrance ? t("places.entrance", { value: place.entrance }) : null,
    place.floor ? t("places.floor", { value: place.floor }) : null,
  ].filter(Boolean);
  const note = place.unavailable ? t(`places.${place.unavailable}`) : message;
  const alert = Boolean(message && !place.unavailable);
  return (
    <li
      className={`rounded-xl border ${place.current ? "border-brand" : "border-line"} ${place.unavailable ? "bg-bg" : ""}`}
      data-testid="saved-place"
      data-unavailable={place.unavailable ?? undefined}
    >
      <div className="flex items-stretch gap-1">
        <Form method="post" action={here} className="flex min-w-0 flex-1">
          <input type="hidden" name="intent" value="use-place" />
          <input type="hidden" name="place" value={place.id} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <button
            type="submit"
            disabled={Boolean(place.unavailable) || busy}
            aria-describedby={note ? noteId : undefined}
            aria-current={place.current ? "true" : undefined}
            className="flex min-w-0 flex-1 flex-col items-start gap-0.5 rounded-xl px-4 py-3 text-left enabled:hover:bg-surface disabled:cursor-not-allowed"
            data-testid="use-place"
          >
            <span className={`max-w-full break-words font-medium ${place.unavailable ? "text-muted" : ""}`}>
              {place.address}
              {place.cityName ? <span className="font-normal text-muted">, {place.cityName}</span> : null}
            </span>
            {details.length ? <span className="text-sm text-muted">{details.join(" · ")}</span> : null}
            {place.current ? <span className="text-sm font-medium text-brand">{t("places.current")}</span> : null}
          </button>
        </Form>
        <Form method="post" action={here} replace preventScrollReset className="flex">
          <input type="hidden" name="intent" value="forget-place" />
          <input type="hidden" name="place" value={place.id} />
          <button
            type="submit"
            disabled={busy}
            aria-label={t("places.forget", { address: place.address })}
            className="inline-flex w-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-bg hover:text-fg"
            data-testid="forget-place"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </Form>
      </div>
      {note ? (
        <p
          id={noteId}
          className={`px-4 pb-3 text-sm ${alert ? "text-danger" : ""}`}
          role={alert ? "alert" : undefined}
          data-testid="saved-place-note"
        >
          {note}
        </p>
      ) : null}
    </li>
  );
}
