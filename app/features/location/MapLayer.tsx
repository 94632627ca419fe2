import { FocusTrap, FocusTrapFeatures } from "@headlessui/react";
import { Form, Link, useNavigate } from "react-router";
import { lazy, Suspense, useId } from "react";
import { useTranslation } from "~/i18n/react";
import { SchematicMap } from "~/features/map/SchematicMap";
import { ADDRESS_FIELDS, locationHref, without } from "./href";
import type { LocationView } from "./view";
import { inertWhen } from "~/components/ui/inert";

// the Google map and its library load only when a map opens with a browser key configured
const GoogleMapView = lazy(() => import("~/features/map/GoogleMapView"));

/**
 * The map popup (spec §2): full height; close button, address search 'Введите адрес', the map, 'Условия
 * доставки' when the matched zone has thresholds, the inline error and 'Подтвердить' (disabled for delivery
 * while the address is empty or outside every zone).
 */
export function MapLayer({ view, mapsKey, closeTo }: { view: LocationView; mapsKey: string | null; closeTo: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const searchId = useId();
  const q = view.query;
  const delivery = view.method === "DELIVERY";
  const canConfirm = delivery ? view.address !== null && view.zone !== null : view.restoId !== null;
  const onDrop = (p: { lat: number; lng: number }) =>
    navigate(locationHref(without(q, ADDRESS_FIELDS), { lat: String(p.lat), lng: String(p.lng), map: "1" }), {
      replace: true,
      preventScrollReset: true,
    });
  const pointHref = (id: number) => locationHref(q, { resto: String(id), map: "1" });
  const city = view.city!;
  const marker = view.address?.location ?? null;

  return (
    <FocusTrap
      // with JavaScript focus moves in and stays; the terms layer over the map takes it itself, and the map
      // under that layer is inert (with and without JavaScript)
      features={
        view.terms
          ? FocusTrapFeatures.None
          : FocusTrapFeatures.InitialFocus | FocusTrapFeatures.TabLock | FocusTrapFeatures.RestoreFocus
      }
      {...inertWhen(view.terms)}
      className="fixed inset-0 z-[2450] flex bg-surface"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="map-popup"
    >
      <div className="mx-auto flex h-dvh w-full max-w-5xl flex-col">
        <div className="flex items-center gap-2 border-b border-line px-4 py-3">
          <h2 id={titleId} className="flex-1 text-lg font-semibold">
            {t("location.map.title")}
          </h2>
          <Link
            to={closeTo}
            replace
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-bg"
            aria-label={t("app.close")}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </Link>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4">
          {delivery ? (
            <Form method="get" action="/location" replace preventScrollReset className="flex gap-2" role="search">
              {Object.entries(without(q, ADDRESS_FIELDS)).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="map" value="1" />
              <label htmlFor={searchId} className="sr-only">
                {t("location.map.search")}
              </label>
              <input
                id={searchId}
                name="q"
                defaultValue={view.addressText}
                key={view.addressText}
                placeholder={t("location.map.search")}
                className="min-w-0 flex-1 rounded-xl border border-line bg-bg px-3 py-2"
              />
              <button type="submit" className="rounded-xl border border-line px-4 py-2 font-medium hover:border-brand">
                {t("location.find")}
              </button>
            </Form>
          ) : null}
          {mapsKey ? (
            <Suspense fallback={<p role="status">{t("app.loading")}</p>}>
              <GoogleMapView
                apiKey={mapsKey}
                language={i18n.language}
                city={city}
                zones={view.zones}
                mode={view.method}
                marker={marker}
                points={view.points}
                selectedPointId={view.restoId}
                onDrop={onDrop}
                onPickPoint={(id) => navigate(pointHref(id), { replace: true, preventScrollReset: true })}
              />
            </Suspense>
          ) : (
            <SchematicMap
              bounds={city.bounds}
              zones={view.zones}
              mode={view.method}
              marker={marker}
              points={view.points}
              selectedPointId={view.restoId}
              pointHref={pointHref}
              onDrop={onDrop}
              fill
            />
          )}
          {delivery && view.address ? <p data-testid="map-address">{view.address.formatted}</p> : null}
          {view.error && (delivery ? view.address !== null || view.addressText !== "" : true) ? (
            <p role="alert" className="text-sm text-danger" data-testid="map-error">
              {view.error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3">
          {view.zone && view.zone.thresholds.length > 0 ? (
            <Link to={locationHref(q, { map: "1", terms: "1" })} replace className="text-brand underline underline-offset-4">
              {t("location.map.terms")}
            </Link>
          ) : (
            <span />
          )}
          {canConfirm ? (
            <Link
              to={closeTo}
              replace
              className="rounded-full bg-brand px-8 py-3 font-semibold text-on-brand"
              data-testid="map-confirm"
            >
              {t("location.map.confirm")}
            </Link>
          ) : (
            <button
              type="button"
              disabled
              className="rounded-full bg-brand px-8 py-3 font-semibold text-on-brand opacity-50"
              data-testid="map-confirm"
            >
              {t("location.map.confirm")}
            </button>
          )}
        </div>
      </div>
    </FocusTrap>
  );
}
