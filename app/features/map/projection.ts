/**
 * The schematic map's projection: a city's bounds onto a plane (equirectangular, x scaled by cos(latitude)),
 * in abstract units, and back. Pure, so the pointer and keyboard handlers and the tests share it.
 */
import type { Bounds, LatLng, Polygon } from "./types";

export const MAP_WIDTH = 1000;

export interface Projection {
  width: number;
  height: number;
  toXY(p: LatLng): { x: number; y: number };
  toLatLng(x: number, y: number): LatLng;
}

export function projection(bounds: Bounds): Projection {
  const lngSpan = Math.max(bounds.east - bounds.west, 1e-6);
  const latSpan = Math.max(bounds.north - bounds.south, 1e-6);
  const midLat = ((bounds.north + bounds.south) / 2) * (Math.PI / 180);
  const height = (MAP_WIDTH * latSpan) / (lngSpan * Math.cos(midLat));
  return {
    width: MAP_WIDTH,
    height,
    toXY: (p) => ({ x: ((p.lng - bounds.west) / lngSpan) * MAP_WIDTH, y: ((bounds.north - p.lat) / latSpan) * height }),
    toLatLng: (x, y) => ({
      lat: round6(bounds.north - (y / height) * latSpan),
      lng: round6(bounds.west + (x / MAP_WIDTH) * lngSpan),
    }),
  };
}

/** A visible window of the plane: its top-left corner and size, in projection units. */
export interface MapWindow {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The window a map box of `aspect` (width / height) shows (issue 36 §4: the map fills its box): the whole city,
 * widened or heightened around it to the box's shape, then `zoom` times closer around `focus`, kept inside.
 */
export function mapWindow(proj: Projection, aspect: number, zoom: number, focus: { x: number; y: number }): MapWindow {
  const cityAspect = proj.width / proj.height;
  const a = Number.isFinite(aspect) && aspect > 0 ? aspect : cityAspect;
  const baseW = a >= cityAspect ? proj.height * a : proj.width;
  const baseH = a >= cityAspect ? proj.height : proj.width / a;
  const baseX = (proj.width - baseW) / 2;
  const baseY = (proj.height - baseH) / 2;
  const w = baseW / zoom;
  const h = baseH / zoom;
  if (zoom <= 1) return { x: baseX, y: baseY, w, h };
  const clampTo = (n: number, min: number, max: number) => Math.min(Math.max(n, min), Math.max(min, max));
  return { x: clampTo(focus.x - w / 2, baseX, baseX + baseW - w), y: clampTo(focus.y - h / 2, baseY, baseY + baseH - h), w, h };
}

function round6(n: number) {
  return Math.round(n * 1e6) / 1e6;
}

/** SVG path of a GeoJSON polygon (outer ring and holes; even-odd fill keeps holes open). */
export function polygonPath(polygon: Polygon, proj: Projection): string {
  return polygon.coordinates
    .map(
      (ring) =>
        ring
          .map((pos, i) => {
            const { x, y } = proj.toXY({ lng: pos[0]!, lat: pos[1]! });
            return `${i === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
          })
          .join(" ") + " Z",
    )
    .join(" ");
}
