/** a cart write: submits, and returns what the submit returned (a fetcher's submit returns a promise) */
type Submit = () => unknown;
interface Job {
  submit: Submit;
  /** the writer (a fetcher's key): its own earlier write is not one it waits for */
  key: string;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";

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
 *
 * `pending` says, at once and without waiting for React, whether a write sent through the queue (`push`, `send`) is
 * still waiting or on its way: from the call until the promise its submit returned (a fetcher's, settled once the
 * action and the page's revalidation are done) settles — `staleMs` at most. A fetcher's state reaches React in a
 * transition, later than the click that caused it; the order, which must not go while a write is on its way (ADR
 * 085), asks `pending` (ADR 208), and a write asks `pendingExcept(its key)` whether to queue; a queued job also
 * waits for the writes on their way. `subscribe` tells when `pending` changes (React's useSyncExternalStore).
 */
export function createWriteQueue(now: () => number = Date.now, staleMs = 10_000) {
  const jobs: Job[] = [];
  let running = false;
  let seenBusy = false;
  let busyNow = false;
  let startedAt = 0;
  /** writes started whose submit's promise has not settled: a queued job waits for them too */
  let onTheirWay = 0;
  /** writes waiting or on their way, by the writer's key */
  const pending = new Map<string, number>();
  const listeners = new Set<() => void>();
  let frozen = false;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  /** closed or frozen for the order; listeners hear of a change (the cart is drawn inert meanwhile) */
  function setFrozen(on: boolean) {
    if (frozen === on) return;
    frozen = on;
    notify();
  }

  function count(key: string, change: 1 | -1) {
    const left = (pending.get(key) ?? 0) + change;
    if (left > 0) pending.set(key, left);
    else pending.delete(key);
    notify();
  }

  /** runs a write; it stays pending until its submit's promise settles, or staleMs at most */
  function run(job: Job, queued: boolean) {
    let result: unknown;
    try {
      result = job.submit();
    } catch (error) {
      count(job.key, -1);
      throw error;
    }
    if (!isThenable(result)) return count(job.key, -1);
    onTheirWay += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      onTheirWay -= 1;
      if (queued) running = false;
      count(job.key, -1);
      pump();
    };
    const timer = setTimeout(finish, staleMs);
    result.then(finish, finish);
  }

  function pump() {
    if (running && !seenBusy && now() - startedAt > staleMs) running = false;
    if (running || busyNow || onTheirWay > 0) return;
    const job = jobs.shift();
    if (!job) return;
    running = true;
    seenBusy = false;
    startedAt = now();
    run(job, true);
  }

  return {
    /** sends `submit` now if no cart write is on its way, or after the ones before it were answered */
    push(submit: Submit, key = "") {
      if (frozen) return;
      count(key, 1);
      jobs.push({ submit, key });
      pump();
    },
    /** sends `submit` now, outside the queue's turn (a line's own form, whose fetcher waits for nobody) */
    send(submit: Submit, key = "") {
      if (frozen) return;
      count(key, 1);
      run({ submit, key }, false);
    },
    /**
     * the order was tapped and waits for the writes made before it (ADR 217): writes made from now on are dropped,
     * those already waiting or on their way still go
     */
    close() {
      setFrozen(true);
    },
    /** the order is on its way (ADR 208): writes made now are dropped, and so are those still waiting */
    freeze() {
      setFrozen(true);
      for (const job of jobs.splice(0)) count(job.key, -1);
    },
    thaw() {
      setFrozen(false);
    },
    get frozen() {
      return frozen;
    },
    /** a write sent through the queue is waiting or on its way: true from the call on, before React renders it */
    get pending() {
      return pending.size > 0;
    },
    /** a write of another writer than `key` is waiting or on its way */
    pendingExcept(key: string) {
      return [...pending.keys()].some((k) => k !== key);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
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
