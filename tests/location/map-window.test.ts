import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mapWindow, projection } from "~/features/map/projection";

/** Issue 36 §4: the schematic map fills its box: its window has the box's shape and shows the whole city unzoomed. */
describe("the schematic map's window (property)", () => {
  const bounds = fc
    .record({
      south: fc.double({ min: -60, max: 60, noNaN: true }),
      west: fc.double({ min: -170, max: 160, noNaN: true }),
      lat: fc.double({ min: 0.05, max: 2, noNaN: true }),
      lng: fc.double({ min: 0.05, max: 2, noNaN: true }),
    })
    .map(({ south, west, lat, lng }) => ({ south, west, north: south + lat, east: west + lng }));

  it("has the box's aspect, holds the whole city at zoom 1, and stays inside that view when zoomed", () => {
    fc.assert(
      fc.property(
        bounds,
        fc.double({ min: 0.4, max: 3, noNaN: true }),
        fc.constantFrom(1, 2, 4),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (b, aspect, zoom, fx, fy) => {
          const proj = projection(b);
          const whole = mapWindow(proj, aspect, 1, { x: 0, y: 0 });
          expect(whole.w / whole.h).toBeCloseTo(aspect, 6);
          expect(whole.x).toBeLessThanOrEqual(1e-9);
          expect(whole.y).toBeLessThanOrEqual(1e-9);
          expect(whole.x + whole.w).toBeGreaterThanOrEqual(proj.width - 1e-9);
          expect(whole.y + whole.h).toBeGreaterThanOrEqual(proj.height - 1e-9);
          const near = mapWindow(proj, aspect, zoom, { x: fx * proj.width, y: fy * proj.height });
          expect(near.w).toBeCloseTo(whole.w / zoom, 6);
          expect(near.x).toBeGreaterThanOrEqual(whole.x - 1e-9);
          expect(near.x + near.w).toBeLessThanOrEqual(whole.x + whole.w + 1e-6);
          expect(near.y + near.h).toBeLessThanOrEqual(whole.y + whole.h + 1e-6);
        },
      ),
    );
  });
});
