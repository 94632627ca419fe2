import { describe, expect, it } from "vitest";
import * as C from "~/lib/constants";

describe("spec §9 constants", () => {
  it("hold the spec's values", () => {
    expect(C.SMS_RESEND_SECONDS).toBe(90);
    expect([C.NAME_MAX, C.COMMENT_MAX, C.EXTENDED_COOKING_MINUTES]).toEqual([50, 100, 90]);
    expect(C.DEFAULT_TIMEZONE).toBe("+03:00");
    expect([C.AUTOCOMPLETE_MIN_CHARS, C.AUTOCOMPLETE_DEBOUNCE_MS, C.MAPS_LOAD_RETRIES]).toEqual([3, 150, 3]);
    expect([C.MAP_ZOOM, C.MAP_MARKER_SIZE]).toEqual([12, 64]);
    expect(C.ZONE_POLYGON_STYLE).toEqual({ fillOpacity: 0.12, strokeOpacity: 0.38, strokeWeight: 2 });
    expect(C.CAROUSEL_INTERVAL_MS).toBe(6000);
    expect(C.GALLERY).toEqual({ backdropOpacity: 0.8, showMs: 300, hideMs: 200 });
    expect(C.VK_WIDGET).toEqual({ timeoutMs: 5000, loadedDelayMs: 300, windowWidth: 800, windowHeight: 800, pollingMs: 1000 });
    expect([C.MINOR_UNITS_PER_MAJOR, C.MONEY_MAX_FRACTION_DIGITS]).toEqual([100, 2]);
    expect(C.SMS_CODE_MIN_LENGTH).toBe(4);
  });

  it("maps retry delay is attempt × 2^attempt ms (spec §4)", () => {
    expect([1, 2, 3].map(C.mapsRetryDelayMs)).toEqual([2, 8, 24]);
  });

  it("cart guards keep a cookie small", () => {
    expect(C.CART_MAX_LINES).toBe(50);
    expect(C.CART_MAX_COUNT).toBe(99);
  });
});
