// The order ledger (ADR 145): one order per checkout form, whatever fails — listed cases and generated fault
// schedules over two containers sharing one ledger.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHECKOUT_KEY_PATTERN,
  createMemoryLedgerStore,
  createOrderLedger,
  LedgerOwnerMismatch,
  LedgerUnavailable,
  newCheckoutKey,
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
