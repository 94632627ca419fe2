/**
 * Cart writes go to the server one at a time (ADR 119). The cart lives in one encrypted cookie: two writes sent
 * together both start from the same cookie, and the answer that arrives last sets a cart holding only its own
 * change — the other (an add, another line's count) is lost without a word. So a write made while another is on
 * its way waits for it and is sent with the cookie that answer set.
 *
 * Pure bookkeeping, driven from React: `push` a job that submits; `observe(inFlight)` after every commit, with
 * whether any cart write's fetcher is busy (one the queue sent or not). Several components observe the same
 * queue; a job counts as answered only once a busy fetcher was seen after it and then none, so two observers of
 * the same commit start one job. A job whose fetcher is never seen busy (a submit that did not start) frees the
 * queue after `staleMs`.
 */
export function createWriteQueue(now: () => number = Date.now, staleMs = 10_000) {
  const jobs: (() => void)[] = [];
  let running = false;
  let seenBusy = false;
  let busyNow = false;
  let startedAt = 0;

  function pump() {
    if (running && !seenBusy && now() - startedAt > staleMs) running = false;
    if (running || busyNow) return;
    const job = jobs.shift();
    if (!job) return;
    running = true;
    seenBusy = false;
    startedAt = now();
    job();
  }

  return {
    /** sends `submit` now if no cart write is on its way, or after the ones before it were answered */
    push(submit: () => void) {
      jobs.push(submit);
      pump();
    },
    /** after a commit: whether any cart write's fetcher is busy */
    observe(inFlight: boolean) {
      busyNow = inFlight;
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

/** a fetcher with a cart write on its way (the cart's forms post to /cart) */
export function isCartWrite(fetcher: { state: string; formAction?: string }): boolean {
  return fetcher.state !== "idle" && /^\/cart(?:[?.]|$)/.test(fetcher.formAction ?? "");
}

/** the page's one queue of cart writes (the browser's; the server renders no write) */
export const cartWrites = createWriteQueue();
