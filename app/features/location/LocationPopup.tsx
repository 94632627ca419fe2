import { FocusTrap, FocusTrapFeatures } from "@headlessui/react";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useEffect, useId, useRef } from "react";
import type { z } from "zod";
import { TextField } from "~/components/ui/Field";
import type { FormResult } from "~/features/forms/form-result";
import { useLazyForm } from "~/features/forms/lazy-form";
import { useTranslation } from "~/i18n/react";
import { AddressField } from "./AddressField";
import type { draftSchema } from "./draft";
import { ADDRESS_FIELDS, locationHref, without } from "./href";
import type { LocationView } from "./view";
import { MapLayer } from "./MapLayer";
import { ConfirmHouseLayer, TermsLayer } from "./LocationLayers";
import { inertWhen } from "~/components/ui/inert";
import { LocaleSwitcher } from "~/components/ui/LocaleSwitcher";
import { redirectTarget } from "~/lib/redirect-target";
import { SavedPlaces } from "./SavedPlaces";
import type { SavedPlaceView } from "./view";
import { ESCAPE_CLOSE_ATTR, LAYER_LIVE_ATTR } from "~/document/escape-close";

/**
 * The location selection popup (spec §2): a dialog at 840 px and wider, a bottom sheet below; persistent, with
 * no scrim and full height when nothing is saved yet (no close button then). Every control is a link or a
 * plain form: the draft travels in the URL (docs/decisions/020), 'Сохранить' posts it. A refused save answers
 * conform's submission result (`lastResult`, ADR 103): the popup shows its message and what was sent.
 */
export function LocationPopup({
  view,
  touched,
  mapsKey,
  search,
  lastResult,
  languages,
  brand = null,
  places = null,
  placesResult,
  choiceNotKept = false,
}: {
  /** the customer's first choice was saved and the browser did not keep its cookie (ADR 227) */
  choiceNotKept?: boolean;
  /** a signed-in customer's saved delivery places, offered first (ADR 180); null when signed out */
  places?: SavedPlaceView[] | null;
  /** a refused saved-place form's result (conform's), shown beside the places */
  placesResult?: FormResult | undefined;
  /** the brand's mark and name, shown in the first visit's full-height popup (issue 36 §4) */
  brand?: { mark: string; name: string } | null;
  view: LocationView;
  touched: boolean;
  mapsKey: string | null;
  search: string;
  lastResult: FormResult | undefined;
  /** the languages the customer may switch to, from the page frame's data (the popup's language menu) */
  languages: { locale: string; offered: readonly string[] } | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  // focus starts on the title (not on the first control, the language menu) so screen readers announce it
  const titleRef = useRef<HTMLHeadingElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const loading = navigation.state !== "idle" && navigation.location?.pathname === "/location";
  const here = `/location${search}`;
  const persistent = view.persistent;
  // the close link and the scrim are rendered links: the one redirect-target rule again (ADR 075)
  const closeTo = redirectTarget(view.closeTo);
  const q = view.query;
  const navigate = useNavigate();
  const layered = view.map || view.terms || view.confirm;

  // with JavaScript, 'Забыть все адреса' takes its button away with the focus on it (the page frame then focuses the
  // page behind the popup, FocusAfterNavigation): the focus goes to the popup's title
  const placeCount = places?.length ?? 0;
  const hadPlaces = useRef(placeCount > 0);
  useEffect(() => {
    const title = titleRef.current;
    if (hadPlaces.current && placeCount === 0 && title && !title.closest("[role=dialog]")?.contains(document.activeElement)) title.focus();
    hadPlaces.current = placeCount > 0;
  }, [placeCount]);

  // The focus starts on the title when the popup opens and when a layer over it closes, unless the customer is
  // already in the popup: the server's popup is live before the scripts run, and a customer typing an address into
  // it when they take over keeps typing into it (ADR 218; Headless UI's InitialFocus moves the focus regardless)
  useEffect(() => {
    const title = titleRef.current;
    if (layered || !title || title.closest("[role=dialog]")?.contains(document.activeElement)) return;
    title.focus({ preventScroll: true });
  }, [layered]);

  // the popup's Escape is its own from now on; before, the boot script's followed the close link (ADR 228)
  useEffect(() => {
    popupRef.current?.setAttribute(LAYER_LIVE_ATTR, "");
  }, []);

  // Escape closes a closable popup (the map, terms and confirmation layers close themselves first)
  useEffect(() => {
    if (persistent || layered) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !(event.target instanceof HTMLElement && event.target.closest("[role=combobox]")))
        navigate(closeTo);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [persistent, layered, closeTo, navigate]);

  // the first visit's popup is the whole screen on a phone; on a desktop a column of a readable width, the page's
  // background on either side (issue 36 §4)
  const panel = persistent
    ? "relative flex h-dvh w-full flex-col overflow-hidden bg-surface text-fg md:max-w-[40rem] md:border-x md:border-line md:shadow-2xl"
    : "relative flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-3xl bg-surface text-fg shadow-2xl md:min-h-[min(40.5rem,92dvh)] md:max-w-[56.25rem] md:rounded-3xl";

  return (
    <div
      ref={popupRef}
      className={`fixed inset-0 z-[2400] flex justify-center ${persistent ? "bg-bg" : "items-end md:items-center md:p-6"}`}
      data-testid="location-popup"
    >
      {persistent ? null : <Link to={closeTo} aria-hidden="true" tabIndex={-1} className="absolute inset-0 bg-black/60" />}
      <FocusTrap
        // a layer over the popup (map, terms, confirmation) takes the focus itself
        // (the popup's own first focus is the effect above, not the trap's: ADR 218)
        features={layered ? FocusTrapFeatures.None : FocusTrapFeatures.TabLock | FocusTrapFeatures.RestoreFocus}
        // … and the popup under it is inert (with and without JavaScript)
        {...inertWhen(Boolean(layered))}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={panel}
      >
        <div className="flex items-center gap-2 border-b border-line px-5 py-3">
          {persistent && brand ? (
            <img
              src={brand.mark}
              alt={brand.name}
              width={32}
              height={32}
              className="size-8 shrink-0"
              data-testid="location-brand"
            />
          ) : null}
          <h2
            id={titleId}
            ref={titleRef}
            tabIndex={-1}
            className="flex-1 text-lg font-semibold focus:outline-none focus-visible:outline-none"
          >
            {t("location.header")}
          </h2>
          {languages ? <LocaleSwitcher locale={languages.locale} offered={languages.offered} redirectTo={here} /> : null}
          {persistent ? null : (
            <Link
              to={closeTo}
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-bg"
              aria-label={t("app.close")}
              data-testid="location-close"
              {...{ [ESCAPE_CLOSE_ATTR]: "" }}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </Link>
          )}
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain px-5 py-4">
          <p className="mb-4 text-muted">{t("location.intro")}</p>
          {choiceNotKept ? (
            <p role="alert" className="mb-4 rounded-xl border border-danger/60 px-4 py-3" data-testid="choice-not-kept">
              {t("location.choiceNotKept")}
            </p>
          ) : null}
          {loading ? (
            <p role="status" className="mb-3 flex items-center gap-2 text-sm text-muted" data-testid="location-loading">
              <span className="size-4 animate-spin rounded-full border-2 border-brand border-t-transparent" aria-hidden="true" />
              {t("location.loading")}
            </p>
          ) : null}
          {places?.length && !view.noCities ? (
            <SavedPlaces places={places} here={here} redirectTo={view.query.redirectTo} lastResult={placesResult} />
          ) : null}
          {view.noCities ? (
            <p role="alert" className="rounded-xl border border-danger/60 px-4 py-3">
              {t("location.noCities")}
            </p>
          ) : view.step === "citySelection" ? (
            <CityStep view={view} />
          ) : (
            <MethodStep view={view} touched={touched} lastResult={lastResult} />
          )}
        </div>
        {!view.noCities && view.step !== "citySelection" && view.methods.length > 0 ? <DraftFooter view={view} here={here} /> : null}
      </FocusTrap>
      {view.map && view.city ? <MapLayer view={view} mapsKey={mapsKey} closeTo={locationHref(q)} /> : null}
      {view.terms && view.zone ? (
        // above the map popup (z 2450), which it opens from
        <div className="relative z-[2500]">
          <TermsLayer zone={view.zone} closeTo={locationHref(q, { map: view.map ? "1" : null })} />
        </div>
      ) : null}
      {view.confirm ? <ConfirmHouseLayer view={view} here={here} /> : null}
    </div>
  );
}

function CityStep({ view }: { view: LocationView }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="city-step-title">
      <h3 id="city-step-title" className="mb-3 text-xl font-semibold">
        {t("location.chooseCity")}
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {view.cities.map((city) => (
          <li key={city.id}>
            <Link
              to={locationHref({
                city: String(city.id),
                ...(view.query.redirectTo ? { redirectTo: view.query.redirectTo } : {}),
              })}
              className="flex w-full items-center justify-between rounded-xl border border-line px-4 py-3 hover:border-brand aria-[current]:border-brand"
              aria-current={view.city?.id === city.id ? "true" : undefined}
            >
              {city.name}
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type DraftFields = z.input<typeof draftSchema>;
/** the draft form's id: the popup's footer holds its 'Сохранить' (a submitter of the form by its `form` attribute) */
const DRAFT_FORM_ID = "location-draft";
const loadDraftValidator = () => import("./draft").then((m) => m.parseDraftForm);

interface StepProps {
  view: LocationView;
  touched: boolean;
  lastResult: FormResult | undefined;
}

function MethodStep({ view, touched, lastResult }: StepProps) {
  const { t } = useTranslation();
  const q = view.query;
  const baseForMethod = without(q, [...ADDRESS_FIELDS, "resto"]);
  return (
    <div className="flex flex-col gap-4">
      {view.city ? (
        view.canReturnToCities ? (
          <Link
            to={locationHref({ ...(q.redirectTo ? { redirectTo: q.redirectTo } : {}), city: String(view.city.id), step: "city" })}
            className="flex items-center gap-2 self-start rounded-full border border-line px-4 py-2 font-semibold hover:border-brand"
            aria-label={t("location.changeCity", { name: view.city.name })}
            data-testid="city-header"
          >
            {view.city.name} <span aria-hidden="true">▾</span>
          </Link>
        ) : (
          <p className="font-semibold" data-testid="city-header">
            {view.city.name}
          </p>
        )
      ) : null}

      {view.areaMessage && (view.areaMessage !== "noZones" || view.method === "DELIVERY") ? (
        <p role="alert" className="rounded-xl border border-danger/60 px-4 py-3" data-testid="area-message">
          {t(`errors.${view.areaMessage}`)}
        </p>
      ) : null}

      {view.methods.length === 2 ? (
        <nav aria-label={t("location.methods")} className="flex gap-1 rounded-full bg-bg p-1">
          {view.methods.map((method) => (
            <Link
              key={method}
              to={locationHref(baseForMethod, { method })}
              replace
              aria-current={view.method === method ? "page" : undefined}
              className="flex-1 rounded-full px-4 py-2 text-center font-medium text-muted aria-[current]:bg-brand aria-[current]:text-on-brand"
              data-testid={`method-${method}`}
            >
              {method === "DELIVERY" ? t("location.delivery") : t("location.takeAway")}
            </Link>
          ))}
        </nav>
      ) : null}

      {/* keyed by the draft: a navigation to another draft refreshes every field's default */}
      {view.methods.length === 0 ? null : (
        <DraftForm key={locationHref(q)} view={view} touched={touched} lastResult={lastResult} />
      )}
    </div>
  );
}

/**
 * The draft's form: a GET form (each step is a navigation) whose 'Сохранить' (in the popup's footer) posts. A conform form (ADR 103):
 * the browser checks it with the draft's schema (the action's `saveSchema` is it plus the intent); the address and point messages need the server's
 * zones, so they come from the draft's view (a GET step) or the refused save's result.
 */
function DraftForm({ view, touched, lastResult }: StepProps) {
  const { t } = useTranslation();
  const q = view.query;
  // the draft's schema, fetched after the first view (ADR 104)
  const [form, fields] = useLazyForm<DraftFields>({ id: DRAFT_FORM_ID, lastResult, defaultValue: view.details }, loadDraftValidator);
  const fieldError = fields.q.errors?.[0] ?? fields.resto.errors?.[0] ?? form.errors?.[0] ?? (touched ? view.error : null);
  // one message at a time, beside the address field or under the points; the form's own id points at it
  const errorId = form.errorId;
  return (
    <Form method="get" action="/location" replace preventScrollReset className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="city" value={q.city ?? ""} />
      <input type="hidden" name="method" value={view.method} />
      {q.redirectTo ? <input type="hidden" name="redirectTo" value={q.redirectTo} /> : null}
      {view.method === "DELIVERY" ? (
        <>
          {view.address ? (
            <>
              <input type="hidden" name="addr" value={view.address.formatted} />
              {view.address.street ? <input type="hidden" name="street" value={view.address.street} /> : null}
              {view.address.houseNumber ? <input type="hidden" name="house" value={view.address.houseNumber} /> : null}
              <input type="hidden" name="lat" value={String(view.address.location.lat)} />
              <input type="hidden" name="lng" value={String(view.address.location.lng)} />
            </>
          ) : null}
          {view.houseConfirmed ? <input type="hidden" name="houseConfirmed" value="1" /> : null}
          <AddressField
            key={view.addressText}
            formId={form.id}
            defaultValue={view.addressText}
            cityId={view.city?.id ?? 0}
            error={fieldError}
            errorId={errorId}
          />
          {view.zone ? (
            <p className="-mt-2 text-sm text-muted" data-testid="zone-name">
              {t("location.zone", { name: view.zone.name })}
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <TextField meta={fields.apartment} label={t("location.apartment")} maxLength={40} />
            <TextField meta={fields.entrance} label={t("location.entrance")} maxLength={40} />
            <TextField meta={fields.floor} label={t("location.floor")} maxLength={40} />
            <TextField meta={fields.intercom} label={t("location.intercom")} maxLength={40} />
          </div>
          <TextField meta={fields.comment} label={t("location.comment")} maxLength={300} />
        </>
      ) : (
        <fieldset className="flex flex-col gap-2" aria-describedby={fieldError ? errorId : undefined}>
          <legend className="mb-2 font-semibold">{t("location.points")}</legend>
          {view.points.map((point) => (
            <label
              key={point.id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-3 has-[:checked]:border-brand"
            >
              <input
                type="radio"
                name="resto"
                value={point.id}
                defaultChecked={view.restoId === point.id}
                className="size-5 accent-[var(--brand-primary)]"
              />
              <span>{point.street}</span>
            </label>
          ))}
          {fieldError ? (
            <p id={errorId} role="alert" className="text-sm text-danger" data-testid="location-error">
              {fieldError}
            </p>
          ) : null}
        </fieldset>
      )}
    </Form>
  );
}

/**
 * The popup's footer, below its scrolling body: 'Выбрать на карте' and 'Сохранить', so that 'Сохранить' is on screen
 * however long the body (320×640, issue 36 §4) — saved places above the form included (ADR 180). 'Сохранить' submits
 * the draft form by its `form` attribute (with and without JavaScript: React Router's form reads the submitter).
 */
function DraftFooter({ view, here }: { view: LocationView; here: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line bg-surface px-5 py-3">
      <Link
        to={locationHref(view.query, { map: "1" })}
        replace
        preventScrollReset
        className="rounded-full border border-line px-4 py-2 text-sm font-medium hover:border-brand"
      >
        {t("location.chooseOnMap")}
      </Link>
      <button
        type="submit"
        form={DRAFT_FORM_ID}
        formMethod="post"
        formAction={here}
        name="intent"
        value="save"
        disabled={saving}
        aria-busy={saving || undefined}
        className="ml-auto inline-flex items-center gap-2 rounded-full bg-brand px-8 py-3 font-semibold text-on-brand disabled:opacity-70"
      >
        {saving ? (
          <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
        ) : null}
        {t("location.save")}
      </button>
    </div>
  );
}
