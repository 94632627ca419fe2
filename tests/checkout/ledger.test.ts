// The order ledger (ADR 145): one order per checkout form, whatever fails — listed cases and generated fault
// schedules over two containers sharing one ledger.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHECKOUT_KEY_PATTERN,
  createMemoryLedgerStore,
  createOrderLedger,
  LedgerOwnerMismatch,
  LEDGER_TTL_MS,
  LedgerUnavailable,
  newCheckoutKey,
  openAttemptKey,
  type LedgerStore,
  type OrderAttempt,
} from "~server/orders/ledger";

class Refused extends Error {}
class Lost extends Error {}

/** What can happen to one POST of an order at the upstream. */
type Fault = "ok" | "refused" | "lost-before-commit" | "lost-after-commit" | "slow-ok";

/** A fake upstream that keeps every order it committed, per checkout key. */
function upstream() {
  const orders = new Map<string, number[]>();
  let next = 1;
  let findFails = false;
  return {
    orders,
    committed: (key: string) => orders.get(key) ?? [],
    set findFails(value: boolean) {
      findFails = value;
    },
    attempt(key: string, fault: () => Fault): OrderAttempt<number> {
      return {
        async place() {
          const f = fault();
          await new Promise((r) => setTimeout(r, f === "slow-ok" ? 15 : 1));
          if (f === "refused") throw new Refused("the upstream said no");
          if (f === "lost-before-commit") throw new Lost("timeout");
          const id = next++;
          orders.set(key, [...(orders.get(key) ?? []), id]);
          if (f === "lost-after-commit") throw new Lost("timeout after the commit");
          return id;
        },
        async find() {
          if (findFails) throw new Lost("the lookup timed out");
          return orders.get(key)?.[0] ?? null;
        },
        classify: (error) => (error instanceof Refused ? "refused" : "unknown"),
      };
    },
  };
}

/** a clock that runs with real time and can jump ahead */
function clock() {
  let skew = 0;
  return { now: () => Date.now() + skew, jump: (ms: number) => void (skew += ms) };
}

const SETTLE = 1_000;
const ledgerOn = (store: LedgerStore, c: ReturnType<typeof clock>) =>
  createOrderLedger(store, { now: c.now, settleMs: SETTLE, joinWaitMs: 30, joinPollMs: 5 });

describe("the order ledger", () => {
  it("places a form once: a double click and a resubmit get the same order", async () => {
    const up = upstream();
    const c = clock();
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    const attempt = up.attempt("k", () => "slow-ok");
    const [a, b] = await Promise.all([ledger.place("k", "p", attempt), ledger.place("k", "p", attempt)]);
    expect([a, b].map((x) => x.kind)).toEqual(["placed", "placed"]);
    expect(await ledger.place("k", "p", attempt)).toEqual({ kind: "placed", value: 1, replayed: true });
    expect(up.committed("k")).toEqual([1]);
  });

  it("a refusal releases the form: the fixed cart can be sent with the same key", async () => {
    const up = upstream();
    const c = clock();
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    await expect(ledger.place("k", "p", up.attempt("k", () => "refused"))).rejects.toBeInstanceOf(Refused);
    expect(await ledger.outcome("k", "p", async () => null)).toEqual({ kind: "none", attempted: false });
    expect(await ledger.place("k", "p", up.attempt("k", () => "ok"))).toMatchObject({ kind: "placed", replayed: false });
  });

  it("an answer lost after the commit is 'checking', and a resubmit finds the order instead of placing another", async () => {
    const up = upstream();
    const c = clock();
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    expect((await ledger.place("k", "p", up.attempt("k", () => "lost-after-commit"))).kind).toBe("checking");
    // the same form again, at once: the upstream is asked, the order found
    expect(await ledger.place("k", "p", up.attempt("k", () => "ok"))).toEqual({ kind: "placed", value: 1, replayed: true });
    expect(up.committed("k")).toEqual([1]);
  });

  it("while the upstream cannot tell, and before the first attempt settles, it stays 'checking' — never a second order", async () => {
    const up = upstream();
    const c = clock();
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    expect((await ledger.place("k", "p", up.attempt("k", () => "lost-before-commit"))).kind).toBe("checking");
    up.findFails = true;
    expect((await ledger.place("k", "p", up.attempt("k", () => "ok"))).kind).toBe("checking");
    up.findFails = false;
    // not found, but the first attempt may still be committed by a slow upstream: still checking
    expect((await ledger.place("k", "p", up.attempt("k", () => "ok"))).kind).toBe("checking");
    expect(await ledger.outcome("k", "p", async () => null)).toMatchObject({ kind: "checking" });
    expect(up.committed("k")).toEqual([]);
    // past the settle time with no order: the form may be placed, once
    c.jump(SETTLE);
    expect(await ledger.outcome("k", "p", async () => null)).toEqual({ kind: "none", attempted: true });
    expect(await ledger.place("k", "p", up.attempt("k", () => "ok"))).toMatchObject({ kind: "placed", replayed: false });
    expect(up.committed("k")).toHaveLength(1);
  });

  it("the browser's word for a form the ledger lost (a Redis restart without its data) keeps it pending, never free", async () => {
    const up = upstream();
    const c = clock();
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    const hint = { startedAt: c.now() };
    // the first attempt's record is gone, its POST still being committed somewhere: checking, nothing placed
    expect((await ledger.place("k", "p", up.attempt("k", () => "ok"), hint)).kind).toBe("checking");
    expect(await ledger.outcome("k", "p", async () => null, hint)).toMatchObject({ kind: "checking" });
    expect(up.committed("k")).toEqual([]);
    // the upstream has it after all: that is the form's order
    up.orders.set("k", [41]);
    expect(await ledger.place("k", "p", up.attempt("k", () => "ok"), hint)).toEqual({ kind: "placed", value: 41, replayed: true });
    expect(up.committed("k")).toEqual([41]);
    // an old word with no order upstream: past the settle time the form is free again, placed once
    const other = { startedAt: c.now() - SETTLE - 1 };
    expect(await ledger.place("j", "p", up.attempt("j", () => "ok"), other)).toMatchObject({ kind: "placed", replayed: false });
    expect(up.committed("j")).toHaveLength(1);
  });

  it("never hands one customer's order to another", async () => {
    const up = upstream();
    const c = clock();
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    await ledger.place("k", "alice", up.attempt("k", () => "ok"));
    await expect(ledger.place("k", "bob", up.attempt("k", () => "ok"))).rejects.toBeInstanceOf(LedgerOwnerMismatch);
    await expect(ledger.outcome("k", "bob", async () => null)).rejects.toBeInstanceOf(LedgerOwnerMismatch);
  });

  it("fails closed: a store that cannot answer places nothing", async () => {
    const up = upstream();
    const c = clock();
    const broken: LedgerStore = {
      get: () => Promise.reject(new Error("Command timed out")),
      create: () => Promise.reject(new Error("Command timed out")),
      replace: () => Promise.reject(new Error("Command timed out")),
      put: () => Promise.reject(new Error("Command timed out")),
    };
    await expect(ledgerOn(broken, c).place("k", "p", up.attempt("k", () => "ok"))).rejects.toBeInstanceOf(LedgerUnavailable);
    // the claim cannot be written: nothing placed either
    const noClaim: LedgerStore = { ...createMemoryLedgerStore(c.now), create: () => Promise.reject(new Error("Connection is closed.")) };
    await expect(ledgerOn(noClaim, c).place("k", "p", up.attempt("k", () => "ok"))).rejects.toBeInstanceOf(LedgerUnavailable);
    expect(up.committed("k")).toEqual([]);
  });

  it("makes unguessable keys of the form the checkout accepts", () => {
    const a = newCheckoutKey();
    expect(a).toMatch(CHECKOUT_KEY_PATTERN);
    expect(newCheckoutKey()).not.toBe(a);
  });
});

describe("the order ledger under generated faults (two containers, one shared store)", () => {
  const fault = fc.constantFrom<Fault>("ok", "refused", "lost-before-commit", "lost-after-commit", "slow-ok");
  const submission = fc.record({ container: fc.constantFrom(0, 1), waitMs: fc.integer({ min: 0, max: 20 }), fault, findFails: fc.boolean() });

  it("at most one order per form; every answer is placed, checking or a refusal; the form ends with exactly one order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(submission, { minLength: 1, maxLength: 8 }), fc.boolean(), async (submissions, storeFlaky) => {
        const up = upstream();
        const c = clock();
        const shared = createMemoryLedgerStore(c.now);
        // a shared store whose commands sometimes fail (Redis pausing): the ledger must fail closed, not guess
        let flip = 0;
        const store: LedgerStore = storeFlaky
          ? {
              get: (k) => (++flip % 5 === 0 ? Promise.reject(new Error("Command timed out")) : shared.get(k)),
              create: (k, r, t) => (++flip % 7 === 0 ? Promise.reject(new Error("Command timed out")) : shared.create(k, r, t)),
              replace: (k, e, n, t) => shared.replace(k, e, n, t),
              put: (k, r, t) => shared.put(k, r, t),
            }
          : shared;
        const containers = [ledgerOn(store, c), ledgerOn(store, c)];
        const answers = await Promise.all(
          submissions.map(async (s) => {
            await new Promise((r) => setTimeout(r, s.waitMs));
            up.findFails = s.findFails;
            try {
              return (await containers[s.container]!.place("k", "p", up.attempt("k", () => s.fault))).kind;
            } catch (error) {
              if (error instanceof Refused) return "refused";
              if (error instanceof LedgerUnavailable) return "try-again";
              throw error;
            }
          }),
        );
        expect(up.committed("k").length).toBeLessThanOrEqual(1);
        for (const answer of answers) expect(["placed", "checking", "refused", "try-again"]).toContain(answer);
        // later, the upstream and the store healthy: the customer's next submission settles the form, with one order
        up.findFails = false;
        c.jump(SETTLE);
        const healthy = [ledgerOn(shared, c), ledgerOn(shared, c)];
        const final = await Promise.all(healthy.map((l) => l.place("k", "p", up.attempt("k", () => "ok"))));
        expect(up.committed("k")).toHaveLength(1);
        // one of two simultaneous resubmits may still be told "checking" while the other places it; none places twice
        for (const answer of final) expect(["placed", "checking"]).toContain(answer.kind);
        expect(final.some((answer) => answer.kind === "placed")).toBe(true);
        expect(await healthy[1]!.place("k", "p", up.attempt("k", () => "ok"))).toMatchObject({ kind: "placed", value: up.committed("k")[0] });
        expect(up.committed("k")).toHaveLength(1);
      }),
      { numRuns: 60 },
    );
  });
});

/** an upstream POST that answers when the test says so */
function heldAttempt(found: () => number | null = () => null) {
  let release!: (id: number) => void;
  let placed = 0;
  let finds = 0;
  const answer = new Promise<number>((resolve) => (release = resolve));
  const attempt: OrderAttempt<number> = {
    place: () => {
      placed += 1;
      return answer;
    },
    find: async () => {
      finds += 1;
      return found();
    },
    classify: () => "unknown",
  };
  return { attempt, release: (id: number) => release(id), placed: () => placed, finds: () => finds };
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

describe("the order ledger across containers and clicks", () => {
  it("a second container that loses the race for the claim waits for the first one's order instead of placing another", async () => {
    const c = clock();
    const shared = createMemoryLedgerStore(c.now);
    const first = heldAttempt();
    const second = heldAttempt();
    // the second container read the key just before the first one claimed it
    let reads = 0;
    const late: LedgerStore = { ...shared, get: (key) => (reads++ === 0 ? Promise.resolve(null) : shared.get(key)) };
    const a = createOrderLedger(shared, { now: c.now, settleMs: SETTLE, joinWaitMs: 2_000, joinPollMs: 5 });
    const b = createOrderLedger(late, { now: c.now, settleMs: SETTLE, joinWaitMs: 2_000, joinPollMs: 5 });
    const placing = a.place("k", "p", first.attempt);
    await tick();
    const joining = b.place("k", "p", second.attempt);
    await tick(30);
    first.release(7);
    expect(await placing).toEqual({ kind: "placed", value: 7, replayed: false });
    expect(await joining).toEqual({ kind: "placed", value: 7, replayed: true });
    expect(second.placed()).toBe(0);
  });

  it("a container that waits past its join time tells 'checking' since the first attempt, and places nothing", async () => {
    const c = clock();
    const shared = createMemoryLedgerStore(c.now);
    const first = heldAttempt();
    const second = heldAttempt();
    const a = ledgerOn(shared, c);
    const started = c.now();
    void a.place("k", "p", first.attempt);
    await tick();
    let reads = 0;
    const late: LedgerStore = { ...shared, get: (key) => (reads++ === 0 ? Promise.resolve(null) : shared.get(key)) };
    const answer = await ledgerOn(late, c).place("k", "p", second.attempt);
    expect(answer.kind).toBe("checking");
    expect(answer.kind === "checking" && answer.since).toBeGreaterThanOrEqual(started);
    expect(answer.kind === "checking" && answer.since).toBeLessThanOrEqual(started + 5);
    expect(second.placed()).toBe(0);
    expect(second.finds()).toBe(1);
    first.release(1);
  });

  it("a record that vanishes while another container holds the form is never taken for a free form", async () => {
    const c = clock();
    // the claim is held elsewhere (create refused), then Redis loses the record
    const lost: LedgerStore = { ...createMemoryLedgerStore(c.now), get: async () => null, create: async () => false };
    const nothingUpstream = heldAttempt(() => null);
    expect((await ledgerOn(lost, c).place("k", "p", nothingUpstream.attempt)).kind).toBe("checking");
    expect(nothingUpstream.placed()).toBe(0);
    const foundUpstream = heldAttempt(() => 12);
    expect(await ledgerOn(lost, c).place("k", "p", foundUpstream.attempt)).toEqual({ kind: "placed", value: 12, replayed: true });
    expect(foundUpstream.placed()).toBe(0);
  });

  it("a double click in one container gets the first click's order, marked as a replay", async () => {
    const c = clock();
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    const held = heldAttempt();
    const first = ledger.place("k", "p", held.attempt);
    const second = ledger.place("k", "p", held.attempt);
    const looked = ledger.outcome("k", "p", async () => null);
    held.release(3);
    expect(await first).toEqual({ kind: "placed", value: 3, replayed: false });
    expect(await second).toEqual({ kind: "placed", value: 3, replayed: true });
    expect(await looked).toEqual({ kind: "placed", value: 3, replayed: false });
    expect(held.placed()).toBe(1);
  });

  it("another customer's submission of a form being placed is refused, not joined", async () => {
    const c = clock();
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    const held = heldAttempt();
    const alice = ledger.place("k", "alice", held.attempt);
    await expect(ledger.place("k", "bob", held.attempt)).rejects.toBeInstanceOf(LedgerOwnerMismatch);
    await expect(ledger.outcome("k", "bob", async () => null)).rejects.toBeInstanceOf(LedgerOwnerMismatch);
    held.release(1);
    expect((await alice).kind).toBe("placed");
  });

  it("a placed form is answered from the ledger, by every container, without asking the upstream", async () => {
    const c = clock();
    const shared = createMemoryLedgerStore(c.now);
    const held = heldAttempt();
    const placing = ledgerOn(shared, c).place("k", "p", held.attempt);
    held.release(5);
    await placing;
    const again = heldAttempt(() => 99);
    expect(await ledgerOn(shared, c).place("k", "p", again.attempt)).toEqual({ kind: "placed", value: 5, replayed: true });
    expect(await ledgerOn(shared, c).outcome("k", "p", again.attempt.find)).toEqual({ kind: "placed", value: 5, replayed: true });
    expect(again.finds()).toBe(0);
    expect(again.placed()).toBe(0);
  });

  it("an order placed while the ledger cannot record it is still the customer's answer", async () => {
    const c = clock();
    const up = upstream();
    const noWrite: LedgerStore = { ...createMemoryLedgerStore(c.now), put: () => Promise.reject(new Error("Connection is closed.")) };
    expect(await ledgerOn(noWrite, c).place("k", "p", up.attempt("k", () => "ok"))).toEqual({ kind: "placed", value: 1, replayed: false });
  });

  it("a refusal whose claim cannot be released still tells the customer the upstream's refusal", async () => {
    const c = clock();
    const up = upstream();
    const noRelease: LedgerStore = { ...createMemoryLedgerStore(c.now), replace: () => Promise.reject(new Error("Connection is closed.")) };
    await expect(ledgerOn(noRelease, c).place("k", "p", up.attempt("k", () => "refused"))).rejects.toBeInstanceOf(Refused);
  });

  it("fails closed when only reading fails: nothing is placed, and the log keeps the store's error", async () => {
    const c = clock();
    const up = upstream();
    const cause = new Error("Command timed out");
    const noRead: LedgerStore = { ...createMemoryLedgerStore(c.now), get: () => Promise.reject(cause) };
    const error = await ledgerOn(noRead, c).place("k", "p", up.attempt("k", () => "ok")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerUnavailable);
    expect(error).toMatchObject({ name: "LedgerUnavailable", cause });
    expect(up.committed("k")).toEqual([]);
    expect(new LedgerOwnerMismatch()).toMatchObject({ name: "LedgerOwnerMismatch", message: "The checkout key belongs to another customer" });
  });

  it("a form whose attempt left no order is free again exactly when the attempt has settled", async () => {
    let t = 1_000_000;
    const now = () => t;
    const up = upstream();
    const ledger = createOrderLedger(createMemoryLedgerStore(now), { now, settleMs: SETTLE, joinWaitMs: 30, joinPollMs: 5 });
    expect(await ledger.place("k", "p", up.attempt("k", () => "lost-before-commit"))).toEqual({ kind: "checking", since: 1_000_000 });
    t += SETTLE - 1;
    expect(await ledger.outcome("k", "p", async () => null)).toEqual({ kind: "checking", since: 1_000_000 });
    t += 1;
    expect(await ledger.outcome("k", "p", async () => null)).toEqual({ kind: "none", attempted: true });
  });
});

describe("a container that lost the race for a form whose attempt is over", () => {
  it("still tells 'checking', never a free form, whether the record stays or vanishes", async () => {
    const c = clock();
    const nothingUpstream = () => heldAttempt(() => null);
    // the other container's claim is long settled, and no order came of it
    const stale = { state: "pending" as const, owner: "p", startedAt: c.now() - 10 * SETTLE, attempt: "other" };
    const stays: LedgerStore = { ...createMemoryLedgerStore(c.now), get: async () => stale, create: async () => false };
    let reads = 0;
    const raced: LedgerStore = { ...stays, get: async () => (reads++ === 0 ? null : stale) };
    const waited = nothingUpstream();
    expect(await ledgerOn(raced, c).place("k", "p", waited.attempt)).toEqual({ kind: "checking", since: stale.startedAt });
    expect(waited.placed()).toBe(0);
    // the record vanishes (Redis lost it) and the settle time is over: checking, nothing placed
    const vanished: LedgerStore = { ...createMemoryLedgerStore(c.now), get: async () => null, create: async () => false };
    const gone = nothingUpstream();
    const answer = await createOrderLedger(vanished, { now: c.now, settleMs: 0, joinWaitMs: 30, joinPollMs: 5 }).place("k", "p", gone.attempt);
    expect(answer.kind).toBe("checking");
    expect(gone.placed()).toBe(0);
  });
});

describe("the in-process ledger store", () => {
  it("forgets a record at its expiry and keeps only the newest records", async () => {
    let t = 0;
    const store = createMemoryLedgerStore(() => t, 2);
    const record = (owner: string) => ({ state: "pending" as const, owner, startedAt: 0, attempt: "a" });
    expect(await store.create("a", record("a"), 100)).toBe(true);
    t = 99;
    expect(await store.get("a")).toEqual(record("a"));
    expect(await store.create("a", record("x"), 100)).toBe(false);
    t = 100;
    expect(await store.get("a")).toBeNull();
    await store.put("a", record("a"), 1_000);
    await store.put("b", record("b"), 1_000);
    await store.put("c", record("c"), 1_000);
    expect(await store.get("a")).toBeNull();
    expect(await store.get("b")).toEqual(record("b"));
    expect(await store.get("c")).toEqual(record("c"));
  });
});

describe("a browser's open attempt (ADR 214)", () => {
  const key = newCheckoutKey();
  const startedAt = Date.UTC(2026, 10, 28, 12);
  it("is the attempt's key for its owner while the ledger keeps the form's record", () => {
    expect(openAttemptKey({ key, startedAt, owner: "7" }, "7", startedAt)).toBe(key);
    expect(openAttemptKey({ key, startedAt, owner: "7" }, "7", startedAt + LEDGER_TTL_MS - 1)).toBe(key);
  });
  it("is none for another person, no person, a cookie without the owner, a record the ledger no longer keeps or a key of no form", () => {
    expect(openAttemptKey({ key, startedAt, owner: "7" }, "8", startedAt)).toBeNull();
    expect(openAttemptKey({ key, startedAt, owner: "7" }, null, startedAt)).toBeNull();
    expect(openAttemptKey({ key, startedAt }, "7", startedAt)).toBeNull();
    expect(openAttemptKey({ key, startedAt, owner: "7" }, "7", startedAt + LEDGER_TTL_MS)).toBeNull();
    expect(openAttemptKey({ key: "not-a-key", startedAt, owner: "7" }, "7", startedAt)).toBeNull();
    expect(openAttemptKey(null, "7", startedAt)).toBeNull();
    expect(openAttemptKey(undefined, "7", startedAt)).toBeNull();
  });
});

describe("a cart's form (ADR 216)", () => {
  const c = clock();
  it("is the first form sent with the cart, for its owner; another person's cart link is not theirs", async () => {
    const ledger = ledgerOn(createMemoryLedgerStore(c.now), c);
    const cart = newCheckoutKey();
    const [first, second, third] = [newCheckoutKey(), newCheckoutKey(), newCheckoutKey()];
    expect(await ledger.formOfCart(cart, "7", first)).toBe(first);
    expect(await ledger.formOfCart(cart, "7", second)).toBe(first);
    expect(await ledger.formOfCart(cart, "8", third)).toBe(third);
    // another cart is another order's
    expect(await ledger.formOfCart(newCheckoutKey(), "7", third)).toBe(third);
  });

  it("two forms of one cart sent at once on two containers go by one key", async () => {
    const store = createMemoryLedgerStore(c.now);
    const [a, b] = [ledgerOn(store, c), ledgerOn(store, c)];
    const cart = newCheckoutKey();
    const keys = await Promise.all([a.formOfCart(cart, "7", newCheckoutKey()), b.formOfCart(cart, "7", newCheckoutKey())]);
    expect(keys[0]).toBe(keys[1]);
  });

  it("fails closed: a store that cannot answer is LedgerUnavailable, never a new order's key", async () => {
    const broken: LedgerStore = {
      get: () => Promise.reject(new Error("down")),
      create: () => Promise.reject(new Error("down")),
      replace: () => Promise.reject(new Error("down")),
      put: () => Promise.reject(new Error("down")),
    };
    await expect(ledgerOn(broken, c).formOfCart(newCheckoutKey(), "7", newCheckoutKey())).rejects.toBeInstanceOf(LedgerUnavailable);
  });

  it("a link whose time ran out between the claim and the read is written again", async () => {
    const inner = createMemoryLedgerStore(c.now);
    let vanishOnce = true;
    const store: LedgerStore = {
      ...inner,
      get: async (key) => {
        if (vanishOnce && key.startsWith("cart:")) {
          vanishOnce = false;
          await inner.replace(key, (await inner.get(key))!, null, 1);
          return null;
        }
        return inner.get(key);
      },
    };
    const ledger = ledgerOn(store, c);
    const cart = newCheckoutKey();
    const [first, second] = [newCheckoutKey(), newCheckoutKey()];
    expect(await ledger.formOfCart(cart, "7", first)).toBe(first);
    expect(await ledger.formOfCart(cart, "7", second)).toBe(second);
    expect(await ledger.formOfCart(cart, "7", newCheckoutKey())).toBe(second);
  });
});
