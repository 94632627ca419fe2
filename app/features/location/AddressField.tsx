import { useFetcher, useSubmit } from "react-router";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_MIN_CHARS } from "~/lib/constants";
import { useEarlyInput } from "~/components/ui/early-input";

interface SuggestionsData {
  suggestions: { placeId: string; mainText: string; secondaryText: string }[];
  /** why there are none (too many searches, ADR 143): shown under the field */
  error?: string | null;
}

function newSessionToken(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/**
 * The delivery address field (spec §2, §5). Without JavaScript it is a text field and 'Найти' submits it:
 * the server geocodes the text within the city's bounds. With JavaScript it is a combobox: from 3 characters,
 * after 150 ms of quiet, suggestions come from our BFF (/api/address/suggest — Google Places Autocomplete
 * with a session token, restricted to the city's bounds, the UI language and addresses); choosing one
 * navigates with its place id, which the server resolves and matches to a zone.
 */
export function AddressField({
  defaultValue,
  cityId,
  error,
  errorId,
  formId,
}: {
  /** the id of the form the field belongs to (what was typed in it before the hydration is kept, ADR 150) */
  formId: string;
  defaultValue: string;
  cityId: number;
  error: string | null;
  errorId: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const listId = useId();
  const fetcher = useFetcher<SuggestionsData>();
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const token = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { load } = fetcher;
  // an address typed into the server's field before the scripts took it over stays (ADR 150)
  useEarlyInput(formId, (early) => {
    const typed = early.value("q");
    if (typed !== undefined) setValue(typed);
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onChange = (next: string) => {
    setValue(next);
    setActive(-1);
    if (timer.current) clearTimeout(timer.current);
    if (next.trim().length < AUTOCOMPLETE_MIN_CHARS) {
      setOpen(false);
      return;
    }
    token.current ??= newSessionToken();
    const params = new URLSearchParams({ q: next.trim(), city: String(cityId), token: token.current, lang: i18n.language });
    timer.current = setTimeout(() => {
      load(`/api/address/suggest?${params}`);
      setOpen(true);
    }, AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const suggestions = open && value.trim().length >= AUTOCOMPLETE_MIN_CHARS ? (fetcher.data?.suggestions ?? []) : [];
  const pick = (placeId: string) => {
    setOpen(false);
    // the place details call ends the session: the next search starts a new token
    // the form's other fields (apartment, comment…) travel along; the old address does not
    const form = inputRef.current?.form;
    if (!form) return;
    const formData = new FormData(form);
    for (const key of ["addr", "street", "house", "lat", "lng", "q", "houseConfirmed"]) formData.delete(key);
    formData.set("placeId", placeId);
    if (token.current) formData.set("token", token.current);
    token.current = null;
    submit(formData, { method: "get", action: "/location", replace: true, preventScrollReset: true });
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-muted">
        {t("location.addressLabel")}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          name="q"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (!suggestions.length) return;
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((i) => (i + 1) % suggestions.length);
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
            } else if (e.key === "Enter" && active >= 0) {
              e.preventDefault();
              pick(suggestions[active]!.placeId);
            } else if (e.key === "Escape") {
              setOpen(false);
            }
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          placeholder={t("location.addressPlaceholder")}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-xl border border-line bg-bg px-3 py-2 aria-[invalid]:border-danger"
          data-testid="address-input"
        />
        <button type="submit" className="rounded-xl border border-line px-4 py-2 font-medium hover:border-brand">
          {t("location.find")}
        </button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t("location.suggestions")}
        hidden={suggestions.length === 0}
        className="absolute left-0 right-0 top-full z-10 mt-1 max-h-72 overflow-auto rounded-xl border border-line bg-surface shadow-xl"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.placeId}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(s.placeId)}
            onKeyDown={(e) => e.key === "Enter" && pick(s.placeId)}
            className="cursor-pointer px-4 py-2 hover:bg-bg aria-selected:bg-bg"
            data-testid="address-suggestion"
          >
            <span className="block">{s.mainText}</span>
            <span className="block text-xs text-muted">{s.secondaryText}</span>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger" data-testid="location-error">
          {error}
        </p>
      ) : null}
      {!error && open && fetcher.data?.error ? (
        <p role="status" className="text-sm text-muted" data-testid="suggestions-error">
          {fetcher.data.error}
        </p>
      ) : null}
    </div>
  );
}
