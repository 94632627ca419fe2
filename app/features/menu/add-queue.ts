/**
 * Adds from the menu go to the server one at a time (ADR 119). The cart lives in one encrypted cookie: two adds
 * sent together both start from the same cookie, and the answer that arrives last sets a cart holding only its
 * own position — the other add is lost without a word. So an add made while another is on its way waits for it
 * and is sent with the cookie that answer set.
 *
 * Pure bookkeeping, driven from React: `push` a job that submits; `observe(inFlight)` after every commit, with
 * whether any add's fetcher is busy. Several grids observe the same queue; a job counts as answered only once
 * its fetcher was seen busy and then idle, so a second grid's look at the same moment starts nothing more. A
 * job whose fetcher is never seen busy (a submit that did not start) frees the queue after `staleMs`.
 */
export function createAddQueue(now: () => number = Date.now, staleMs = 10_000) {
  const jobs: (() => void)[] = [];
  let running = false;
  let seenBusy = false;
  let startedAt = 0;

  function pump() {
    if (running && !seenBusy && now() - startedAt > staleMs) running = false;
    if (running) return;
    const job = jobs.shift();
    if (!job) return;
    running = true;
    seenBusy = false;
    startedAt = now();
    job();
  }

  return {
    /** sends `submit` now if no add is on its way, or after the ones before it were answered */
    push(submit: () => void) {
      jobs.push(submit);
      pump();
    },
    /** after a commit: whether any add's fetcher is busy */
    observe(inFlight: boolean) {
      if (inFlight) {
        if (running) seenBusy = true;
        return;
      }
      if (running && seenBusy) running = false;
      pump();
    },
    get waiting() {
      return jobs.length;
    },
  };
}

/** the page's one queue of adds (the browser's; the server renders no add) */
export const addQueue = createAddQueue();
