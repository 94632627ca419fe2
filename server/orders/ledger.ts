/**
 * The order ledger (ADR 145): one order per checkout form, whatever fails. A checkout form carries a key made when
 * the cart page rendered; every submission with that key — a double click, a refresh after the POST, a resubmit from
 * history, the same form sent to two containers at once, a retry after the upstream did not answer — gets the one
 * order the first placed, and never a second one.
 *
 * Each key has one record, in Redis when REDIS_URL is set (shared by every container of the brand), else in process:
 * - `pending`: an attempt started at `startedAt`. It is written (SET NX: the claim) BEFORE the upstream is asked, so
 *   an attempt whose answer never came — a timeout, a lost connection, a 5xx after the commit, a process that died —
 *   leaves its mark: the form's outcome is unknown.
 * - `placed`: the order, written through at once by the container that placed it (or that found it).
 * A definite refusal (the upstream said no, or nothing was sent) deletes the pending record, so the customer may fix
 * the cart and send the same form again.
 *
 * An unknown outcome is a state of its own, never a retry on its own: a later submission of the form (or the success
 * screen) asks the upstream for the order of this key (`find`). Found: it is the form's order. The upstream cannot
 * tell: "we are checking". Not found: while the first attempt may still be committed by a slow upstream
 * (`SETTLE_MS` after it started) still "checking"; after that, the form may be placed again (compare-and-set, so that
 * only one container does).
 *
 * Fail closed: with Redis configured, nothing is placed unless the ledger in Redis answered; while it cannot, the
 * customer is told to try again in a minute (`LedgerUnavailable`), the cart and the typed fields kept.
 */
import type { Redis } from "ioredis";
import type { Logger } from "../log";

/** How long a form's record is kept: longer than anyone keeps a checkout page open. */
export const LEDGER_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long after an attempt started an order may still appear upstream although its POST failed (ADR 145): well past
 * the POST timeout, so that "not found" after it means the attempt is over, not still being committed.
 */
export const SETTLE_MS = 2 * 60 * 1000;
/** How long a submission that finds another container's attempt running waits for its outcome before "checking". */
export const JOIN_WAIT_MS = 8_000;
const JOIN_POLL_MS = 200;

export type LedgerRecord =
  | { state: "pending"; owner: string; startedAt: number; attempt: string }
  | { state: "placed"; owner: string; value: unknown; storedAt: number };

/**
 * A cart's form (ADR 216), under `cart:<cart id>`: the key of the first form sent with this cart. Every later form
 * sent with the same cart — another tab's, the page reloaded after an answer that never reached the browser — is
 * taken for that one.
 */
export interface CartLink {
  state: "link";
  owner: string;
  key: string;
}

/** Where the records live. Every method throws when it cannot answer: the ledger never guesses. */
export interface LedgerStore {
  get(key: string): Promise<LedgerRecord | CartLink | null>;
  /** writes `record` only when the key has none (the claim); true when written */
  create(key: string, record: LedgerRecord | CartLink, ttlMs: number): Promise<boolean>;
  /** replaces the record only while it is exactly `expected` (compare-and-set), `null` deletes it; true when done */
  replace(key: string, expected: LedgerRecord | CartLink, next: LedgerRecord | CartLink | null, ttlMs: number): Promise<boolean>;
  /** writes `record` whatever is there (a placed order: the truth) */
  put(key: string, record: LedgerRecord | CartLink, ttlMs: number): Promise<void>;
}

/** The shared ledger (Redis) did not answer: nothing may be placed now. */
export class LedgerUnavailable extends Error {
  constructor(cause?: unknown) {
    super("The order ledger cannot answer", { cause });
    this.name = "LedgerUnavailable";
  }
}

/** The key belongs to another customer's form. */
export class LedgerOwnerMismatch extends Error {
  constructor() {
    super("The checkout key belongs to another customer");
    this.name = "LedgerOwnerMismatch";
  }
}

export type LedgerAnswer<T> =
  | { kind: "placed"; value: T; replayed: boolean }
  /** the outcome is not known yet: the customer is told we are checking, never asked to send it again */
  | { kind: "checking"; since: number }
  /** the form has no order and none is coming: the customer may send it again (`attempted`: an attempt was made) */
  | { kind: "none"; attempted: boolean };

/** What placing a form answers: its order, or "checking" — never "none" (a form sent is an attempt) */
export type PlaceAnswer<T> = Exclude<LedgerAnswer<T>, { kind: "none" }>;

export interface OrderAttempt<T> {
  /** places the order upstream (runs at most once per call of `place`, and only with the claim held) */
  place(): Promise<T>;
  /** asks the upstream for the order of this key: the order, null when there is none, throws when it cannot tell */
  find(): Promise<T | null>;
  /** whether a failure of `place` means the order was surely not placed ("refused") or may have been ("unknown") */
  classify(error: unknown): "refused" | "unknown";
}

/**
 * What the customer's own browser says of the form (its cookie, ADR 145): an attempt it sent at `startedAt` and was
 * never told the outcome of. Used only when the ledger has no record of the key (Redis lost it): the form is then
 * treated as pending since then, never as free.
 */
export interface BrowserHint {
  startedAt: number;
}

export interface OrderLedger {
  /** The one order of a form: placed now, or the earlier one, or "checking" while its outcome is unknown. */
  place<T>(key: string, owner: string, attempt: OrderAttempt<T>, hint?: BrowserHint | null): Promise<PlaceAnswer<T>>;
  /** What is known of a form's order now; an unknown outcome is asked of the upstream with `find`. */
  outcome<T>(key: string, owner: string, find: () => Promise<T | null>, hint?: BrowserHint | null): Promise<LedgerAnswer<T>>;
  /**
   * The form a cart's order goes by (ADR 216): `key` when it is the first form sent with this cart (the link is
   * written), else the first one's key — for its owner only (another person's link is not theirs: `key`). Throws
   * LedgerUnavailable when the store cannot answer.
   */
  formOfCart(cartId: string, owner: string, key: string): Promise<string>;
}

export interface LedgerOptions {
  now?: () => number;
  settleMs?: number;
  joinWaitMs?: number;
  joinPollMs?: number;
  log?: Logger;
}

export function createOrderLedger(store: LedgerStore, options: LedgerOptions = {}): OrderLedger {
  const now = options.now ?? Date.now;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const joinWaitMs = options.joinWaitMs ?? JOIN_WAIT_MS;
  const joinPollMs = options.joinPollMs ?? JOIN_POLL_MS;
  const log = options.log ?? (() => undefined);
  // one run per key in this process: a double click joins the first click's run
  const inFlight = new Map<string, { owner: string; run: Promise<PlaceAnswer<unknown>> }>();

  const read = async (key: string): Promise<LedgerRecord | null> => {
    let record: LedgerRecord | CartLink | null;
    try {
      record = await store.get(key);
    } catch (error) {
      throw new LedgerUnavailable(error);
    }
    // (a form's key never holds a cart's link: the links live under `cart:`)
    return record && record.state !== "link" ? record : null;
  };
  const attemptId = () => crypto.randomUUID();

  /** the record's answer, asking the upstream when the outcome is unknown; `retake` when the form may be placed again */
  async function resolve<T>(key: string, owner: string, record: LedgerRecord, find: () => Promise<T | null>): Promise<PlaceAnswer<T> | "retake"> {
    if (record.owner !== owner) throw new LedgerOwnerMismatch();
    if (record.state === "placed") return { kind: "placed", value: record.value as T, replayed: true };
    let found: T | null;
    try {
      found = await find();
    } catch (error) {
      log("warn", "order outcome unknown: the upstream cannot tell yet", { key, message: error instanceof Error ? error.message : String(error) });
      return { kind: "checking", since: record.startedAt };
    }
    if (found !== null) {
      await writePlaced(key, owner, found);
      log("info", "order outcome found upstream", { key });
      return { kind: "placed", value: found, replayed: true };
    }
    // not there (yet): a slow upstream may still commit the first attempt
    if (now() - record.startedAt < settleMs) return { kind: "checking", since: record.startedAt };
    return "retake";
  }

  async function writePlaced(key: string, owner: string, value: unknown) {
    try {
      await store.put(key, { state: "placed", owner, value, storedAt: now() }, LEDGER_TTL_MS);
    } catch (error) {
      // the order exists; the customer is answered with it. The store keeps it for later (write-through retries)
      log("warn", "order placed but not recorded in the ledger yet: kept in this process and written when Redis answers", { key, message: error instanceof Error ? error.message : String(error) });
    }
  }

  /**
   * Another container holds the attempt: wait a little for its outcome. A record that vanishes meanwhile is never
   * taken for a free form — it may have been lost with Redis's data while its attempt still runs — so the upstream is
   * asked, and "checking" it is until the outcome is known.
   */
  async function join<T>(key: string, owner: string, find: () => Promise<T | null>, startedAt: number): Promise<PlaceAnswer<T>> {
    const until = now() + joinWaitMs;
    for (;;) {
      const record = await read(key);
      if (!record) {
        const vanished = await resolve(key, owner, { state: "pending", owner, startedAt, attempt: "vanished" }, find);
        return vanished === "retake" ? { kind: "checking", since: startedAt } : vanished;
      }
      if (record.owner !== owner) throw new LedgerOwnerMismatch();
      if (record.state === "placed") return { kind: "placed", value: record.value as T, replayed: true };
      if (now() >= until) {
        const answer = await resolve(key, owner, record, find);
        return answer === "retake" ? { kind: "checking", since: record.startedAt } : answer;
      }
      await new Promise((r) => setTimeout(r, joinPollMs));
    }
  }

  /** the browser's own word for a form the ledger has no record of: pending since then (a record Redis lost) */
  const hinted = (owner: string, hint: BrowserHint): LedgerRecord => ({ state: "pending", owner, startedAt: hint.startedAt, attempt: "browser" });

  async function run<T>(key: string, owner: string, attempt: OrderAttempt<T>, hint: BrowserHint | null): Promise<PlaceAnswer<T>> {
    for (let round = 0; round < 3; round++) {
      const existing = await read(key);
      if (!existing && hint && round === 0) {
        const answer = await resolve(key, owner, hinted(owner, hint), attempt.find);
        if (answer !== "retake") return answer;
      }
      let claimed: LedgerRecord & { state: "pending" };
      if (existing) {
        const answer = await resolve(key, owner, existing, attempt.find);
        if (answer !== "retake") return answer;
        // the earlier attempt is over and left no order: one container takes the form again
        claimed = { state: "pending", owner, startedAt: now(), attempt: attemptId() };
        let taken: boolean;
        try {
          taken = await store.replace(key, existing, claimed, LEDGER_TTL_MS);
        } catch (error) {
          throw new LedgerUnavailable(error);
        }
        if (!taken) continue;
      } else {
        claimed = { state: "pending", owner, startedAt: now(), attempt: attemptId() };
        let created: boolean;
        try {
          created = await store.create(key, claimed, LEDGER_TTL_MS);
        } catch (error) {
          throw new LedgerUnavailable(error);
        }
        if (!created) return join(key, owner, attempt.find, claimed.startedAt);
      }
      // the claim is ours: the only place an order is asked for
      let value: T;
      try {
        value = await attempt.place();
      } catch (error) {
        if (attempt.classify(error) === "unknown") {
          log("warn", "order outcome unknown: the form is kept as pending until the upstream tells", {
            key,
            message: error instanceof Error ? error.message : String(error),
          });
          return { kind: "checking", since: claimed.startedAt };
        }
        // surely not placed: the customer may send the same form again
        await store.replace(key, claimed, null, LEDGER_TTL_MS).catch((cause: unknown) =>
          log("warn", "order refused, but its claim could not be released", { key, message: cause instanceof Error ? cause.message : String(cause) }),
        );
        throw error;
      }
      await writePlaced(key, owner, value);
      return { kind: "placed", value, replayed: false };
    }
    // three rounds of other containers taking the form in turn: let the customer see what happens
    return { kind: "checking", since: now() };
  }

  return {
    async place<T>(key: string, owner: string, attempt: OrderAttempt<T>, hint: BrowserHint | null = null) {
      const running = inFlight.get(key);
      if (running) {
        if (running.owner !== owner) throw new LedgerOwnerMismatch();
        const answer = (await running.run) as PlaceAnswer<T>;
        return answer.kind === "placed" ? { ...answer, replayed: true } : answer;
      }
      const started = run(key, owner, attempt, hint);
      inFlight.set(key, { owner, run: started });
      try {
        return await started;
      } finally {
        inFlight.delete(key);
      }
    },
    async outcome<T>(key: string, owner: string, find: () => Promise<T | null>, hint: BrowserHint | null = null) {
      const running = inFlight.get(key);
      if (running) {
        if (running.owner !== owner) throw new LedgerOwnerMismatch();
        return (await running.run) as PlaceAnswer<T>;
      }
      const record = (await read(key)) ?? (hint ? hinted(owner, hint) : null);
      if (!record) return { kind: "none", attempted: false };
      const answer = await resolve(key, owner, record, find);
      return answer === "retake" ? { kind: "none", attempted: true } : answer;
    },
    async formOfCart(cartId: string, owner: string, key: string) {
      const at = `cart:${cartId}`;
      const link: CartLink = { state: "link", owner, key };
      try {
        for (let round = 0; round < 2; round++) {
          if (await store.create(at, link, LEDGER_TTL_MS)) return key;
          const existing = await store.get(at);
          // gone between the two calls (its time ran out): written again in the next round
          if (!existing) continue;
          return existing.state === "link" && existing.owner === owner ? existing.key : key;
        }
        return key;
      } catch (error) {
        throw new LedgerUnavailable(error);
      }
    },
  };
}

// ── stores ─────────────────────────────────────────────────────────────────────────────────────────

const same = (a: LedgerRecord | CartLink, b: LedgerRecord | CartLink) => JSON.stringify(a) === JSON.stringify(b);

/** One process's ledger (no REDIS_URL: one container). Bounded: the oldest records go first. */
export function createMemoryLedgerStore(now: () => number = Date.now, maxEntries = 10_000): LedgerStore {
  const entries = new Map<string, { record: LedgerRecord | CartLink; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const write = (key: string, record: LedgerRecord | CartLink, ttlMs: number) => {
    entries.delete(key);
    entries.set(key, { record: structuredClone(record), expiresAt: now() + ttlMs });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };
  return {
    async get(key) {
      const entry = live(key);
      return entry ? structuredClone(entry.record) : null;
    },
    async create(key, record, ttlMs) {
      if (live(key)) return false;
      write(key, record, ttlMs);
      return true;
    },
    async replace(key, expected, next, ttlMs) {
      const entry = live(key);
      if (!entry || !same(entry.record, expected)) return false;
      if (next) write(key, next, ttlMs);
      else entries.delete(key);
      return true;
    },
    async put(key, record, ttlMs) {
      write(key, record, ttlMs);
    },
  };
}

const REPLACE_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;

/**
 * The ledger in Redis, shared by every container of the brand: `SET NX` claims and a compare-and-set script. Records
 * are JSON text; a compare is of the exact text read. Every failure is thrown (fail closed), never answered in process.
 *
 * What this process wrote (its claims and its orders) is also kept in process and written again when Redis comes back
 * (`ready`, with NX: what Redis kept wins), so that a claim or an order lost by a Redis restart without persistence
 * is known to every container again while the process that wrote it runs.
 */
export function createRedisLedgerStore(redis: Redis, prefix: string, log: Logger = () => undefined, readyWaitMs = LEDGER_READY_WAIT_MS): LedgerStore {
  const k = (key: string) => `${prefix}:order:${key}`;
  /*
   * The ledger's connection makes itself again on its own schedule (up to 1 s between tries) and sends nothing while
   * it is away (no offline queue): an order sent just as Redis came back was refused though Redis was there. A command
   * waits up to `readyWaitMs` for a connection being made (one shared wait, each command its own limit), then goes
   * ahead — and fails closed as before if the connection is still not there.
   */
  let reconnected: Promise<void> | null = null;
  const ready = (): Promise<void> | undefined => {
    if (!["connecting", "connect", "reconnecting", "close"].includes(redis.status)) return undefined;
    reconnected ??= new Promise<void>((resolve) => {
      const done = () => {
        redis.off("ready", done);
        redis.off("end", done);
        reconnected = null;
        resolve();
      };
      redis.on("ready", done);
      redis.on("end", done);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, readyWaitMs)));
    return Promise.race([reconnected, limit]).finally(() => clearTimeout(timer));
  };
  /** the last record this process wrote per key (its claims and its orders), to write back what Redis lost */
  const own = new Map<string, { text: string; expiresAt: number }>();
  const remember = (key: string, record: LedgerRecord | CartLink | null, ttlMs: number) => {
    own.delete(key);
    if (record) own.set(key, { text: JSON.stringify(record), expiresAt: Date.now() + ttlMs });
    while (own.size > 10_000) own.delete(own.keys().next().value as string);
  };
  redis.on("ready", () => {
    // NX: what Redis kept wins; what it lost (a restart without persistence) comes back from this process
    void (async () => {
      let written = 0;
      for (const [key, { text, expiresAt }] of own) {
        const ttlMs = expiresAt - Date.now();
        if (ttlMs <= 0) {
          own.delete(key);
          continue;
        }
        try {
          if ((await redis.set(k(key), text, "PX", ttlMs, "NX")) === "OK") written++;
        } catch {
          return; // gone again: the next `ready` tries again
        }
      }
      if (written) log("info", "order ledger: records Redis had lost written back", { written });
    })();
  });
  return {
    async get(key) {
      await ready();
      const raw = await redis.get(k(key));
      if (raw) return JSON.parse(raw) as LedgerRecord | CartLink;
      // Redis lost it (restarted empty) before this process wrote it back: this process's own copy
      const kept = own.get(key);
      return kept && kept.expiresAt > Date.now() ? (JSON.parse(kept.text) as LedgerRecord | CartLink) : null;
    },
    async create(key, record, ttlMs) {
      await ready();
      const created = (await redis.set(k(key), JSON.stringify(record), "PX", ttlMs, "NX")) === "OK";
      if (created) remember(key, record, ttlMs);
      return created;
    },
    async replace(key, expected, next, ttlMs) {
      await ready();
      const result = await redis.eval(REPLACE_SCRIPT, 1, k(key), JSON.stringify(expected), next ? JSON.stringify(next) : "", String(ttlMs));
      const replaced = Number(result) === 1;
      if (replaced) remember(key, next, ttlMs);
      return replaced;
    },
    async put(key, record, ttlMs) {
      await ready();
      remember(key, record, ttlMs);
      await redis.set(k(key), JSON.stringify(record), "PX", ttlMs);
    },
  };
}

/** How long a ledger command waits for its connection being made again before failing closed (Redis just back). */
export const LEDGER_READY_WAIT_MS = 1_000;

/** A fresh key for a checkout form: 128 random bits, URL-safe. */
export function newCheckoutKey(): string {
  return crypto.randomUUID();
}

export const CHECKOUT_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key of this browser's order attempt whose outcome it was not told (`order_attempt`, ADR 214), while it is one:
 * for its owner only, and no longer than the ledger keeps the form's record. The cart page renders this form again and
 * every form the browser sends is taken for it, so that one lost answer never becomes a second order. Null: none open.
 */
export function openAttemptKey(
  attempt: { key: string; startedAt: number; owner?: string } | null | undefined,
  owner: string | null,
  now: number = Date.now(),
): string | null {
  if (!attempt || owner === null || attempt.owner !== owner) return null;
  if (!CHECKOUT_KEY_PATTERN.test(attempt.key) || now - attempt.startedAt >= LEDGER_TTL_MS) return null;
  return attempt.key;
}
