/**
 * "When the browser is first idle, or earlier if asked": the schedule of code fetched after the first view
 * (a form's validation, ADR 104; the legacy-storage migration, ADR 118). Separate from React so that a unit
 * test can drive it.
 */

/** After hydration such code is fetched once the browser is idle, at the latest after this long. */
export const IDLE_LOAD_TIMEOUT_MS = 2_000;

/**
 * Runs `start` once: when the browser is idle (at most `timeout` ms after the call) or at `touched`, whichever
 * comes first. Returns the cleanup.
 */
export function whenIdleOrTouched(start: () => void, timeout = IDLE_LOAD_TIMEOUT_MS): { touched: () => void; cancel: () => void } {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    start();
  };
  const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout }) : undefined;
  const timer = idle === undefined ? setTimeout(run, timeout) : undefined;
  function cancel() {
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  }
  return { touched: run, cancel };
}
