import { describe, expect, it } from "vitest";
import {
  createIdempotent,
  createMemoryIdempotencyStore,
  IdempotencyOwnerMismatch,
  newIdempotencyKey,
  IDEMPOTENCY_KEY_PATTERN,
} from "../../server/orders/idempotency";

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe("order idempotency", () => {
  it("runs the work once for concurrent calls with one key and shares the result", async () => {
    const idem = createIdempotent(createMemoryIdempotencyStore());
    const gate = deferred<string>();
    let calls = 0;
    const work = () => {
      calls++;
      return gate.promise;
    };
    const first = idem.run("k", "p1", work);
    const second = idem.run("k", "p1", work);
    gate.resolve("order-1");
    expect(await first).toEqual({ value: "order-1", replayed: false });
    expect(await second).toEqual({ value: "order-1", replayed: true });
    expect(calls).toBe(1);
    // later: from the store
    expect(await idem.run("k", "p1", work)).toEqual({ value: "order-1", replayed: true });
    expect(calls).toBe(1);
    expect(await idem.lookup("k", "p1")).toBe("order-1");
  });

  it("does not remember failures, so the same form can be retried", async () => {
    const idem = createIdempotent(createMemoryIdempotencyStore());
    await expect(idem.run("k", "p", () => Promise.reject(new Error("upstream down")))).rejects.toThrow("upstream down");
    expect(await idem.lookup("k", "p")).toBeNull();
    expect(await idem.run("k", "p", async () => "ok")).toEqual({ value: "ok", replayed: false });
  });

  it("a concurrent caller of a failing run sees the failure too", async () => {
    const idem = createIdempotent(createMemoryIdempotencyStore());
    const gate = deferred<string>();
    const a = idem.run("k", "p", () => gate.promise);
    const b = idem.run("k", "p", () => Promise.resolve("second"));
    gate.reject(new Error("boom"));
    await expect(a).rejects.toThrow("boom");
    await expect(b).rejects.toThrow("boom");
  });

  it("never hands one customer's order to another", async () => {
    const idem = createIdempotent(createMemoryIdempotencyStore());
    await idem.run("k", "alice", async () => "alice-order");
    await expect(idem.run("k", "bob", async () => "bob-order")).rejects.toBeInstanceOf(IdempotencyOwnerMismatch);
    expect(await idem.lookup("k", "bob")).toBeNull();
  });

  it("forgets keys after the TTL", async () => {
    let now = 0;
    const idem = createIdempotent(
      createMemoryIdempotencyStore(() => now),
      { ttlMs: 1000, now: () => now },
    );
    await idem.run("k", "p", async () => 1);
    now = 999;
    expect(await idem.lookup("k", "p")).toBe(1);
    now = 1000;
    expect(await idem.lookup("k", "p")).toBeNull();
  });

  it("makes unguessable keys of the form the checkout accepts", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
