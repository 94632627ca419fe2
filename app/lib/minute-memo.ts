/**
 * Views derived from an immutable source (a resto catalog) and the clock, computed once per minute (ADR 108).
 *
 * Everything time-dependent the catalog pages show — a position's availability by time slot and when it comes
 * back, the resto's open/closed state — is decided on whole local minutes (`schedule.ts` works in minutes and
 * UTC offsets are whole minutes), so within one minute of the clock the views of the same source are the same.
 * Returning the same objects lets the request path key further caches by identity (the card grid's fragment
 * key, the JSON-LD) instead of serialising the views again. Sources and views are shared values (shared-value.ts):
 * never changed after they are made; a new source (a refreshed catalog) gets new views. Only the current minute's
 * views are kept.
 */
import { shared } from "./shared-value";

export const MS_PER_MINUTE = 60_000;

export function createMinuteMemo<S extends object, V>() {
  const bySource = new WeakMap<S, { minute: number; values: Map<string, V> }>();
  return function memo(source: S, now: Date, key: string, compute: () => V): V {
    const minute = Math.floor(now.getTime() / MS_PER_MINUTE);
    let entry = bySource.get(source);
    if (!entry || entry.minute !== minute) {
      entry = { minute, values: new Map() };
      bySource.set(source, entry);
    }
    let value = entry.values.get(key);
    if (value === undefined) {
      value = shared(compute());
      entry.values.set(key, value);
    }
    return value;
  };
}
