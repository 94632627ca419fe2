/**
 * The keys the legacy migration reads (spec §3 persisted keys and their older names) and the brand check
 * of spec §1 — kept apart from legacy.ts so the browser can use them without loading zod.
 */
import { LEGACY_STORAGE_KEYS, STORAGE_KEYS } from "./constants";

/** Every key the migration reads and then removes: the spec's keys and their older names. */
export const MIGRATION_KEYS: readonly string[] = [...STORAGE_KEYS, ...Object.keys(LEGACY_STORAGE_KEYS)];

/** spec §1: stored state of another white-label or version is cleared instead of migrated. */
export function isForeignStorage(state: { whiteLabel?: string; version?: string }, brand: { whiteLabel: string; version: string }) {
  return (state.whiteLabel !== undefined && state.whiteLabel !== brand.whiteLabel) || (state.version !== undefined && state.version !== brand.version);
}
