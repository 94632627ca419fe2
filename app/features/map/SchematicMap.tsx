import { Link } from "react-router";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { MAP_MARKER_SIZE, ZONE_POLYGON_STYLE } from "~/lib/constants";
import type { Bounds, LatLng, Polygon } from "./types";
import { mapWindow, polygonPath, projection } from "./projection";

export interface MapPoint {
  id: number;
  name: string;
  street: string;
  location: LatLng | null;
  hoursToday: string | null;
  roundTheClock: boolean;
}

/**
 * The map without a Maps key (demo, tests, offline): a schematic SVG of the city's bounds with the delivery
 * zones (fill 0.12, stroke 0.38, weight 2 — spec §9), the takeaway points (links, so they work without
 * JavaScript) with an info card for the chosen one, and for delivery a 64×64 marker that can be dragged,
 * put by a click, or moved with the arrow keys (Enter drops it). Zoom buttons at right centre.
 */
export function SchematicMap({
  bounds,
  zones,
  mode,
  marker,
  points = [],
  selectedPointId = null,
  pointHref,
  onDrop,
  fill = false,
  compact = false,
  label,
}: {
  /** fill the box it is in (the map popup, issue 36 §4) instead of keeping the city's shape */
  fill?: boolean;
  /** a small map beside other content (the cart, issue 36 §6): no zoom buttons, no info card */
  compact?: boolean;
  /** the map's accessible name (default: the schematic map's) */
  label?: string;
  bounds: Bounds;
  zones: readonly { id: number; name: string; polygon: Polygon }[];
  mode: "DELIVERY" | "TAKE_AWAY";
  marker: LatLng | null;
  points?: readonly MapPoint[];
  selectedPointId?: number | null;
  pointHref?: (id: number) => string;
  /** a marker dropped at a point (JavaScript) */
  onDrop?: (p: LatLng) => void;
}) {
  const { t } = useTranslation();
  const proj = useMemo(() => projection(bounds), [bounds]);
  const cityAspect = proj.width / proj.height;
  // spec §9 zoom 12: one step closer than the whole city
  const [zoom, setZoom] = useState(2);
  const [draft, setDraft] = useState<LatLng | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const shown = draft ?? marker;
  // filling its box: before the scripts a landscape window (the largest box of that shape fits the area, CSS
  // container units); with them, the area's own shape, so the map covers all of it
  const [aspect, setAspect] = useState(() => (compact ? 2 : fill ? Math.max(cityAspect, 1.5) : cityAspect));
  useEffect(() => {
    const area = areaRef.current;
    if (!fill || !area || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      const { width, height } = area.getBoundingClientRect();
      if (width > 0 && height > 0) setAspect(Math.min(3, Math.max(0.4, width / height)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, [fill]);

  // the visible window: centred on the marker (or the city) when zoomed in
  const chosenPoint = points.find((p) => p.id === selectedPointId)?.location ?? null;
  const focus = proj.toXY(
    shown ?? chosenPoint ?? { lat: (bounds.north + bounds.south) / 2, lng: (bounds.east + bounds.west) / 2 },
  );
  const view = mapWindow(proj, aspect, zoom, focus);
  const { w, h } = view;
  const x0 = view.x;
  const y0 = view.y;
  const pct = (p: LatLng) => {
    const { x, y } = proj.toXY(p);
    return { left: `${((x - x0) / w) * 100}%`, top: `${((y - y0) / h) * 100}%` };
  };
  const fromEvent = (clientX: number, clientY: number): LatLng | null => {
    const rect = boxRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    const x = x0 + ((clientX - rect.left) / rect.width) * w;
    const y = y0 + ((clientY - rect.top) / rect.height) * h;
    return proj.toLatLng(clamp(x, 0, proj.width), clamp(y, 0, proj.height));
  };

  const onMapPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (mode !== "DELIVERY" || !onDrop) return;
    const p = fromEvent(event.clientX, event.clientY);
    if (p) {
      setDraft(p);
      onDrop(p);
    }
  };
  const onMarkerPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onMarkerPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!dragging.current) return;
    const p = fromEvent(event.clientX, event.clientY);
    if (p) setDraft(p);
  };
  const onMarkerPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    const p = fromEvent(event.clientX, event.clientY) ?? draft;
    if (p && onDrop) onDrop(p);
  };
  const onMarkerKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const from = shown ?? { lat: (bounds.north + bounds.south) / 2, lng: (bounds.east + bounds.west) / 2 };
    const step = (bounds.north - bounds.south) / 100 / zoom;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [step, 0],
      ArrowDown: [-step, 0],
      ArrowLeft: [0, -step],
      ArrowRight: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setDraft({ lat: round6(from.lat + move[0]), lng: round6(from.lng + move[1]) });
    } else if (event.key === "Enter" && draft && onDrop) {
      event.preventDefault();
      onDrop(draft);
    }
  };

  const selected = points.find((p) => p.id === selectedPointId) ?? null;

  const box = (
    <div
      ref={boxRef}
      className={fill ? "relative mx-auto touch-none select-none" : "relative w-full touch-none select-none"}
      style={
        fill
          ? { aspectRatio: `${aspect}`, width: `min(100cqw, calc(100cqh * ${aspect.toFixed(4)}))` }
          : { aspectRatio: `${w} / ${h}` }
      }
    >
      <svg
        viewBox={`${x0} ${y0} ${w} ${h}`}
        preserveAspectRatio="none"
        className="absolute inset-0 size-full"
        role="img"
        aria-label={label ?? t("location.map.schematic")}
        onPointerDown={onMapPointerDown}
      >
        <defs>
          <pattern id="map-grid" width="50" height="50" patternUnits="userSpaceOnUse">
            <path d="M50 0H0V50" fill="none" stroke="#ffffff" strokeOpacity="0.06" strokeWidth="1" />
          </pattern>
        </defs>
        <rect x={x0} y={y0} width={w} height={h} fill="url(#map-grid)" />
        {zones.map((zone) => (
          <path
            key={zone.id}
            d={polygonPath(zone.polygon, proj)}
            fill="var(--brand-primary, #ff6a2b)"
            fillOpacity={ZONE_POLYGON_STYLE.fillOpacity}
            stroke="var(--brand-primary, #ff6a2b)"
            strokeOpacity={ZONE_POLYGON_STYLE.strokeOpacity}
            strokeWidth={ZONE_POLYGON_STYLE.strokeWeight}
            vectorEffect="non-scaling-stroke"
            fillRule="evenodd"
            data-testid="zone-polygon"
          >
            <title>{zone.name}</title>
          </path>
        ))}
      </svg>

      {mode === "TAKE_AWAY"
        ? points.map((p) =>
            p.location ? (
              <Link
                key={p.id}
                to={pointHref?.(p.id) ?? "#"}
                replace
                preventScrollReset
                aria-label={`${p.name}, ${p.street}`}
                aria-current={p.id === selectedPointId ? "true" : undefined}
                className="absolute -translate-x-1/2 -translate-y-full rounded-full p-1 text-brand focus-visible:outline-2 aria-[current]:scale-125"
                style={pct(p.location)}
                data-testid="map-point"
              >
                <PinIcon size={36} />
              </Link>
            ) : null,
          )
        : null}

      {mode === "DELIVERY" && shown && compact ? (
        <span
          aria-hidden="true"
          className="absolute -translate-x-1/2 -translate-y-full text-brand"
          style={pct(shown)}
          data-testid="map-marker"
        >
          <PinIcon size={36} />
        </span>
      ) : null}
      {mode === "DELIVERY" && shown && !compact ? (
        <button
          type="button"
          className="absolute -translate-x-1/2 -translate-y-full cursor-grab touch-none text-brand focus-visible:outline-2 active:cursor-grabbing"
          style={{ ...pct(shown), width: MAP_MARKER_SIZE, height: MAP_MARKER_SIZE }}
          aria-label={t("location.map.marker")}
          onPointerDown={onMarkerPointerDown}
          onPointerMove={onMarkerPointerMove}
          onPointerUp={onMarkerPointerUp}
          onKeyDown={onMarkerKey}
          data-testid="map-marker"
        >
          <PinIcon size={MAP_MARKER_SIZE} />
        </button>
      ) : null}

      {compact ? null : (
        <div className="absolute right-2 top-1/2 flex -translate-y-1/2 flex-col gap-2">
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full bg-surface text-xl shadow disabled:opacity-50"
            aria-label={t("location.map.zoomIn")}
            disabled={zoom >= 4}
            onClick={() => setZoom((z) => Math.min(4, z * 2))}
          >
            +
          </button>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full bg-surface text-xl shadow disabled:opacity-50"
            aria-label={t("location.map.zoomOut")}
            disabled={zoom <= 1}
            onClick={() => setZoom((z) => Math.max(1, z / 2))}
          >
            −
          </button>
        </div>
      )}
    </div>
  );

  return (
    <div
      className={
        fill
          ? "relative flex min-h-56 w-full flex-1 flex-col overflow-hidden rounded-2xl border border-line bg-[#1d2430]"
          : "relative mx-auto w-full overflow-hidden rounded-2xl border border-line bg-[#1d2430]"
      }
      style={fill || compact ? undefined : { width: `min(100%, calc(58dvh * ${cityAspect.toFixed(4)}))` }}
      data-testid="schematic-map"
    >
      {fill ? (
        <div ref={areaRef} className="relative min-h-0 flex-1 [container-type:size]">
          <div className="absolute inset-0 flex items-center">{box}</div>
        </div>
      ) : (
        box
      )}
      {mode === "TAKE_AWAY" && selected && !compact ? (
        <div className="border-t border-line bg-surface p-3 text-sm" data-testid="map-info">
          <p className="font-semibold">{selected.name}</p>
          <p className="text-muted">{selected.street}</p>
          <p>
            {t("location.map.hours")}:{" "}
            {selected.roundTheClock ? t("location.map.roundTheClock") : (selected.hoursToday ?? t("location.map.dayOff"))}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function round6(n: number) {
  return Math.round(n * 1e6) / 1e6;
}

function PinIcon({ size }: { size: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size} fill="currentColor" stroke="#111" strokeWidth="0.8">
      <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Z" />
      <circle cx="12" cy="9" r="2.6" fill="#111" />
    </svg>
  );
}

function clamp(n: number, min: number, max: number) {
  return Math.min(Math.max(n, min), Math.max(min, max));
}
