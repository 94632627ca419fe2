/**
 * The warm path's shared values (ADR 140). A warm page is fast because it reuses objects instead of making them
 * again: the catalog the upstream cache holds and the catalog built from its parts, the views derived from it for a
 * minute, the pages cut from those views, their JSON text, the fragment keys and the document key taken of them.
 * Every request of the process gets the same objects, so they are correct only if no one ever changes one: a
 * change would show one customer's page to the next, or leave a cache's key describing what it no longer holds.
 *
 * Every place that puts such a value where other requests will find it passes it through `shared`. In development
 * and in tests it is deep-frozen there, so a write anywhere later throws (strict mode) at the line that made it;
 * in production the freeze is skipped (it would cost every miss a walk of the catalog) and the tests are the proof.
 * Code that needs a changed value copies it first (`{ ...value, field }`, `list.slice()`).
 */
const FREEZE = !import.meta.env.PROD;

export function shared<T>(value: T): T {
  if (FREEZE) deepFreeze(value);
  return value;
}

function deepFreeze(value: unknown) {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
}
