/**
 * The keys the legacy migration reads (spec §3 persisted keys and their older names) and the brand check
 * of spec §1 — kept apart from legacy.ts so the browser can use them without loading zod.
 */

/** spec §3: persisted keys (cookie field names follow them). */
export const STORAGE_KEYS = [
  "app_locale",
  "app_version",
  "app_white_label",
  "city_id",
  "resto_id",
  "person_adulthood_confirmed",
  "person_cookies_consent_accepted",
  "person_profile",
  "person_token_set",
  "cart_positions",
  "order_delivery_method",
  "order_delivery_place",
  "order_payment_method",
  "order_comment",
  "order_person",
  "order_person_count",
  "order_promo_code",
  "order_pre_order_at",
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

/** spec §3: older keys migrated to newer names. */
export const LEGACY_STORAGE_KEYS: Readonly<Record<string, StorageKey>> = {
  app_adulthood_confirmed: "person_adulthood_confirmed",
  app_cookies_consent_accepted: "person_cookies_consent_accepted",
  cities_selected_id: "city_id",
  order_delivery_type: "order_delivery_method",
  order_pay_type: "order_payment_method",
  restos_selected_id: "resto_id",
};

/** Every key the migration reads and then removes: the spec's keys and their older names. */
export const MIGRATION_KEYS: readonly string[] = [...STORAGE_KEYS, ...Object.keys(LEGACY_STORAGE_KEYS)];

/** spec §1: stored state of another white-label or version is cleared instead of migrated. */
export function isForeignStorage(state: { whiteLabel?: string; version?: string }, brand: { whiteLabel: string; version: string }) {
  return (state.whiteLabel !== undefined && state.whiteLabel !== brand.whiteLabel) || (state.version !== undefined && state.version !== brand.version);
}
