import { GoogleMap, InfoWindowF, MarkerF, PolygonF } from "@react-google-maps/api";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { MAP_MARKER_SIZE, MAP_ZOOM, ZONE_POLYGON_STYLE } from "~/lib/constants";
import type { Bounds, LatLng, Polygon } from "./types";
import { mapsLoader, type LoaderState } from "./maps-loader";
import type { MapPoint } from "./SchematicMap";

/**
 * The Google map (spec §2, §9), loaded only when a map opens with a browser key: zone polygons (fill 0.12,
 * stroke 0.38, weight 2), zoom 12, a draggable 64×64 marker for delivery (the drop is reverse-geocoded on the
 * server), one marker per takeaway point with an info window (name, street, 'Часы работы' today), zoom
 * buttons at right centre.
 */
export default function GoogleMapView({
  apiKey,
  language,
  city,
  zones,
  mode,
  marker,
  points,
  selectedPointId,
  onDrop,
  onPickPoint,
}: {
  apiKey: string;
  language: string;
  city: { center: LatLng; bounds: Bounds };
  zones: readonly { id: number; polygon: Polygon }[];
  mode: "DELIVERY" | "TAKE_AWAY";
  marker: LatLng | null;
  points: readonly MapPoint[];
  selectedPointId: number | null;
  onDrop: (p: LatLng) => void;
  onPickPoint: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<LoaderState>(mapsLoader().state());
  useEffect(() => {
    let alive = true;
    setState("loading");
    mapsLoader()
      .load({ apiKey, language })
      .then(
        () => alive && setState("success"),
        () => alive && setState("failure"),
      );
    return () => {
      alive = false;
    };
  }, [apiKey, language]);

  if (state === "failure") return <p role="alert">{t("location.map.loadError")}</p>;
  if (state !== "success") return <p role="status">{t("app.loading")}</p>;

  const selected = points.find((p) => p.id === selectedPointId) ?? null;
  return (
    <GoogleMap
      mapContainerClassName="h-[60dvh] w-full rounded-2xl"
      center={marker ?? city.center}
      zoom={MAP_ZOOM}
      options={{
        disableDefaultUI: true,
        zoomControl: true,
        zoomControlOptions: { position: google.maps.ControlPosition.RIGHT_CENTER },
        restriction: { latLngBounds: city.bounds, strictBounds: false },
      }}
      onClick={(e) => mode === "DELIVERY" && e.latLng && onDrop({ lat: e.latLng.lat(), lng: e.latLng.lng() })}
    >
      {zones.map((zone) => (
        <PolygonF
          key={zone.id}
          paths={zone.polygon.coordinates.map((ring) => ring.map((pos) => ({ lat: pos[1]!, lng: pos[0]! })))}
          options={{
            fillColor: "#ff6a2b",
            strokeColor: "#ff6a2b",
            fillOpacity: ZONE_POLYGON_STYLE.fillOpacity,
            strokeOpacity: ZONE_POLYGON_STYLE.strokeOpacity,
            strokeWeight: ZONE_POLYGON_STYLE.strokeWeight,
            clickable: false,
          }}
        />
      ))}
      {mode === "DELIVERY" && marker ? (
        <MarkerF
          position={marker}
          draggable
          icon={{
            url: "data:image/svg+xml," + encodeURIComponent(PIN_SVG),
            scaledSize: new google.maps.Size(MAP_MARKER_SIZE, MAP_MARKER_SIZE),
            anchor: new google.maps.Point(MAP_MARKER_SIZE / 2, MAP_MARKER_SIZE),
          }}
          onDragEnd={(e) => e.latLng && onDrop({ lat: e.latLng.lat(), lng: e.latLng.lng() })}
        />
      ) : null}
      {mode === "TAKE_AWAY"
        ? points.map((p) =>
            p.location ? <MarkerF key={p.id} position={p.location} title={p.name} onClick={() => onPickPoint(p.id)} /> : null,
          )
        : null}
      {mode === "TAKE_AWAY" && selected?.location ? (
        <InfoWindowF position={selected.location}>
          <div className="text-sm text-black">
            <p className="font-semibold">{selected.name}</p>
            <p>{selected.street}</p>
            <p>
              {t("location.map.hours")}:{" "}
              {selected.roundTheClock ? t("location.map.roundTheClock") : (selected.hoursToday ?? t("location.map.dayOff"))}
            </p>
          </div>
        </InfoWindowF>
      ) : null}
    </GoogleMap>
  );
}

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#ff6a2b" stroke="#111" stroke-width="0.8" d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Z"/><circle cx="12" cy="9" r="2.6" fill="#111"/></svg>';
