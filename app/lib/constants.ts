/**
 * Business constants and limits of spec §9 (plus the few of §3–§5 that the domain modules share).
 * Pure data: safe to import from the browser and the server.
 */

// ── §9 people, forms, age ────────────────────────────────────────────────────────────────────────

/** spec §9: an SMS code can be requested once per 90 s. */
export const SMS_RESEND_SECONDS = 90;
/** spec §5: an SMS code shorter than this is 'Слишком короткий SMS-код'. */
export const SMS_CODE_MIN_LENGTH = 4;
/** spec §3, §5, §9: person name max length. */
export const NAME_MAX = 50;
/** spec §3, §9: order comment max length (the hint shows it). */
export const COMMENT_MAX = 100;
/** The longest promo code the cart's form takes (the upstream's codes are far shorter). */
export const PROMO_CODE_MAX = 40;
/** spec §9: "extended cooking" label above 1.5 hours, in minutes (strictly greater). */
export const EXTENDED_COOKING_MINUTES = 90;

// ── §3, §9 defaults ──────────────────────────────────────────────────────────────────────────────

/** spec §3, §9: a restaurant's timezone when it names none (UTC offset). */
export const DEFAULT_TIMEZONE = "+03:00";

// ── §3, §9 money ─────────────────────────────────────────────────────────────────────────────────

/** spec §3: the measure units the spec lists (an upstream may send others: shown plainly, issue 19). */
export const KNOWN_MEASURE_UNITS = ["g", "pc", "ml", "cm"] as const;

/** spec §3, §9: prices are in minor units; divide by 100. */
export const MINOR_UNITS_PER_MAJOR = 100;
/** spec §9: currency up to 2 fraction digits. */
export const MONEY_MAX_FRACTION_DIGITS = 2;

// ── §5, §9 addresses and maps ────────────────────────────────────────────────────────────────────

/** spec §5, §9: address suggestions start at 3 characters (the library default is 0). */
export const AUTOCOMPLETE_MIN_CHARS = 3;
/** spec §5, §9: address suggestion debounce. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 150;
/** spec §4, §9: the maps script loader retries 3 times. */
export const MAPS_LOAD_RETRIES = 3;
/** spec §4: delay before retry `attempt` (1-based) of the maps script: attempt × 2^attempt ms. */
export function mapsRetryDelayMs(attempt: number): number {
  return attempt * 2 ** attempt;
}
/** spec §9: map zoom. */
export const MAP_ZOOM = 12;
/** spec §9: marker 64×64 px. */
export const MAP_MARKER_SIZE = 64;
/** spec §9: delivery zone polygon style. */
export const ZONE_POLYGON_STYLE = { fillOpacity: 0.12, strokeOpacity: 0.38, strokeWeight: 2 } as const;

// ── §2, §9 layout ────────────────────────────────────────────────────────────────────────────────

/** spec §9: promotions carousel interval. */
export const CAROUSEL_INTERVAL_MS = 6000;
/** spec §9: photo gallery viewer. */
export const GALLERY = { backdropOpacity: 0.8, showMs: 300, hideMs: 200 } as const;


// ── §4, §9 VK ID widget ──────────────────────────────────────────────────────────────────────────

/** spec §4, §9: VK widget and sign-in window. */
export const VK_WIDGET = {
  timeoutMs: 5000,
  loadedDelayMs: 300,
  windowWidth: 800,
  windowHeight: 800,
  pollingMs: 1000,
} as const;

// ── §4 tokens ────────────────────────────────────────────────────────────────────────────────────

/** An access token that expires within this many seconds is refreshed already (clock skew, time in flight). */
export const TOKEN_EXPIRY_SKEW_SECONDS = 30;

// ── cart guards (DESIGN "Where state lives": the cart lives in a cookie that must stay under 4 KB) ─

/** Most distinct lines a cart may hold. */
export const CART_MAX_LINES = 50;
/** Largest count of one line (and of one modifier item within a line). */
export const CART_MAX_COUNT = 99;
/** Most modifier entries one line may carry. */
export const CART_MAX_MODIFIERS = 30;
/**
 * The highest price, in minor units, the storefront believes of one position, modifier item or delivery (a million
 * roubles; no dish costs more). A higher one leaves its record out (issue 19: never sold at a price we cannot add up):
 * with it, the fullest cart — 50 lines × 99, each with 30 modifier items × 99 — and a delivery add up to at most
 * 1.5e15, inside JavaScript's safe integers (9e15), so the cart's sums are exact and never throw.
 */
export const MAX_PRICE_MINOR = 100_000_000;
/**
 * The most a preflight answer's position sums (and, apart, its payable amounts) may add up to, in absolute minor units
 * (ADR 215): above the fullest cart's 1.5e15, and small enough that the cart's figures built from them — the discount
 * (sums − payable), the total with the delivery line — stay safe integers. An answer past it is not used.
 */
export const MAX_ANSWER_SUM_MINOR = 2 ** 51;
/** spec §7: the preflight answer's line that carries the delivery price is marked with this special */
export const DELIVERY_PRICE_SPECIAL = "DELIVERY_PRICE";
