/**
 * Order refusals armed per person (ADR 097): the browser tests make the twin refuse a person's next order with
 * any code — the spec §8 "Order popup" codes, which the storefront's own checks would otherwise keep from ever
 * reaching the upstream (an address outside the zones cannot be saved, a total outside the thresholds cannot be
 * submitted), and codes the storefront does not know (the upstream's message is shown, spec §8).
 * Per person, and used up by the one order it refuses, so tests running in parallel do not see each other's.
 */
import { DEMO_ERROR_CODES, demoError, type DemoError, type DemoErrorCode } from "./errors";
import type { DemoStore } from "./store";

const armed = new WeakMap<DemoStore, Map<number, DemoError>>();

/** The next order of `personId` is refused with `code` (the catalogue's message and status, unless given). */
export function armOrderError(store: DemoStore, personId: number, code: string, message?: string, status?: number): DemoError {
  const known = Object.hasOwn(DEMO_ERROR_CODES, code) ? demoError(code as DemoErrorCode, message) : null;
  const error: DemoError = {
    code,
    message: known?.message ?? message ?? "",
    status: status ?? known?.status ?? 422,
  };
  let byPerson = armed.get(store);
  if (!byPerson) armed.set(store, (byPerson = new Map()));
  byPerson.set(personId, error);
  return error;
}

/** The refusal armed for this person's order, used up by taking it. */
export function takeOrderError(store: DemoStore, personId: number): DemoError | null {
  const byPerson = armed.get(store);
  const error = byPerson?.get(personId) ?? null;
  if (error) byPerson!.delete(personId);
  return error;
}

/** Forgets every armed refusal (the controls' reset). */
export function disarmOrderErrors(store: DemoStore): void {
  armed.delete(store);
}
