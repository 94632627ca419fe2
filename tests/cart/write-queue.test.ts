import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWriteQueue } from "~/features/forms/write-queue";

describe("cart writes go one at a time (ADR 119)", () => {
  it("sends the first add at once and a second only after the first was answered", () => {
    const queue = createWriteQueue();
    const sent: string[] = [];
    queue.push(() => sent.push("pizza"));
    expect(sent).toEqual(["pizza"]);
    queue.observe(true); // the pizza's fetcher is submitting
    queue.push(() => sent.push("cola"));
    expect(sent).toEqual(["pizza"]);
    expect(queue.waiting).toBe(1);
    queue.observe(true);
    queue.observe(false); // answered: the cola goes, with the cookie the pizza's answer set
    expect(sent).toEqual(["pizza", "cola"]);
  });

  it("a second grid looking at the same moment starts nothing more", () => {
    const queue = createWriteQueue();
    const sent: string[] = [];
    queue.push(() => sent.push("a"));
    queue.observe(true);
    queue.push(() => sent.push("b"));
    queue.push(() => sent.push("c"));
    queue.observe(false); // grid 1 sees the answer: b goes
    queue.observe(false); // grid 2 in the same commit: b has not been seen busy yet, c waits
    expect(sent).toEqual(["a", "b"]);
    queue.observe(true);
    queue.observe(false);
    expect(sent).toEqual(["a", "b", "c"]);
  });

  it("before the first commit after a submit the queue does not count it answered", () => {
    const queue = createWriteQueue();
    const sent: string[] = [];
    queue.push(() => sent.push("a"));
    queue.observe(false); // a commit from before the fetcher's state changed
    queue.push(() => sent.push("b"));
    expect(sent).toEqual(["a"]);
  });

  it("a submit that never started frees the queue after a while instead of blocking every later add", () => {
    let clock = 0;
    const queue = createWriteQueue(() => clock, 10_000);
    const sent: string[] = [];
    queue.push(() => sent.push("lost"));
    queue.push(() => sent.push("next"));
    clock = 9_000;
    queue.observe(false);
    expect(sent).toEqual(["lost"]);
    clock = 10_000; // not yet: after staleMs
    queue.observe(false);
    expect(sent).toEqual(["lost"]);
    clock = 10_001;
    queue.observe(false);
    expect(sent).toEqual(["lost", "next"]);
  });

  it("a write made while one sent outside the queue is busy (a line's own form) waits for it too", () => {
    const queue = createWriteQueue();
    const sent: string[] = [];
    queue.observe(true); // line A's count, submitted by its own form
    queue.push(() => sent.push("line B"));
    expect(sent).toEqual([]);
    queue.observe(false);
    expect(sent).toEqual(["line B"]);
  });
});

describe("a write is pending from the call until its submit settles (ADR 208)", () => {
  afterEach(() => vi.useRealTimers());
  const deferred = () => {
    let settle!: (ok: boolean) => void;
    const promise = new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error("aborted")))));
    return { promise, settle };
  };

  it("sent at once or queued behind another, each keeps `pending` true until its promise settles, answered or failed", async () => {
    const queue = createWriteQueue();
    const changes: boolean[] = [];
    queue.subscribe(() => changes.push(queue.pending));
    const first = deferred();
    const second = deferred();
    expect(queue.pending).toBe(false);
    queue.send(() => first.promise); // a line's own form
    expect(queue.pending).toBe(true); // at once: before any commit shows the fetcher busy
    queue.observe(true);
    queue.push(() => second.promise); // waits for the first
    first.settle(true);
    await first.promise;
    expect(queue.pending).toBe(true); // the second is still waiting or on its way
    queue.observe(false); // the second goes
    second.settle(false); // and fails (an aborted fetcher): it is no longer on its way either
    await second.promise.catch(() => undefined);
    await Promise.resolve();
    expect(queue.pending).toBe(false);
    expect(changes.at(-1)).toBe(false);
  });

  it("a writer's own write on its way is not another's; a listener that left is told nothing", () => {
    const queue = createWriteQueue();
    const told: boolean[] = [];
    const leave = queue.subscribe(() => told.push(queue.pending));
    queue.send(() => new Promise(() => undefined), "line-a");
    expect(queue.pendingExcept("line-a")).toBe(false); // its own next count goes at once
    expect(queue.pendingExcept("persons")).toBe(true); // another writer waits
    expect(told).toEqual([true]);
    leave();
    queue.send(() => undefined, "persons");
    expect(told).toEqual([true]);
  });

  it("a submit that returns nothing (or null, or an object that is no promise), or throws, is not pending afterwards", () => {
    const queue = createWriteQueue();
    queue.send(() => undefined);
    expect(queue.pending).toBe(false);
    queue.send(() => null);
    queue.send(() => ({ then: "not a function" }));
    expect(queue.pending).toBe(false);
    expect(() =>
      queue.send(() => {
        throw new Error("no form");
      }),
    ).toThrow("no form");
    expect(queue.pending).toBe(false);
  });

  it("a late answer to a write given up on does not take a later write of the same writer off the count", async () => {
    vi.useFakeTimers();
    const queue = createWriteQueue(Date.now, 10_000);
    let late!: () => void;
    queue.send(() => new Promise<void>((resolve) => (late = resolve)), "line-a");
    vi.advanceTimersByTime(10_001); // given up on
    expect(queue.pending).toBe(false);
    queue.send(() => new Promise(() => undefined), "line-a"); // the line's next count, on its way
    late();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.pending).toBe(true);
  });

  it("a submit whose promise never settles stops counting after staleMs: an order is never held for ever", () => {
    vi.useFakeTimers();
    const queue = createWriteQueue(Date.now, 10_000);
    queue.send(() => new Promise(() => undefined));
    vi.advanceTimersByTime(9_999);
    expect(queue.pending).toBe(true);
    vi.advanceTimersByTime(2);
    expect(queue.pending).toBe(false);
  });
});

describe("while the order is on its way (ADR 208)", () => {
  it("writes made then are dropped, and so are those still waiting; after it, writes go again", () => {
    const queue = createWriteQueue();
    const sent: string[] = [];
    queue.observe(true); // a write sent outside the queue is on its way
    queue.push(() => sent.push("waiting"), "line-a");
    queue.freeze();
    expect(queue.frozen).toBe(true);
    expect(queue.pending).toBe(false);
    queue.send(() => sent.push("tap"), "persons");
    queue.push(() => sent.push("tap 2"), "line-b");
    queue.observe(false);
    expect(sent).toEqual([]);
    expect(queue.pending).toBe(false);
    queue.thaw();
    queue.send(() => sent.push("after"), "persons");
    expect(sent).toEqual(["after"]);
  });

  it("while the tapped order waits (ADR 217): writes made then are dropped, those made before it still go, in turn", () => {
    const queue = createWriteQueue();
    const sent: string[] = [];
    const heard: boolean[] = [];
    queue.subscribe(() => heard.push(queue.frozen));
    queue.observe(true);
    queue.push(() => sent.push("before"), "line-a");
    heard.length = 0;
    queue.close();
    expect(queue.frozen).toBe(true);
    // the cart is drawn inert from now on: its listeners hear of it
    expect(heard).toEqual([true]);
    expect(queue.pending).toBe(true);
    queue.send(() => sent.push("tap"), "persons");
    queue.push(() => sent.push("tap 2"), "line-b");
    expect(queue.waiting).toBe(1);
    queue.observe(false);
    expect(sent).toEqual(["before"]);
    expect(queue.pending).toBe(false);
    // its fetcher is seen busy, then answered
    queue.observe(true);
    queue.observe(false);
    queue.thaw();
    expect(heard.at(-1)).toBe(false);
    // thawing a thawed queue, or closing a closed one, is no news
    heard.length = 0;
    queue.thaw();
    expect(heard).toEqual([]);
    queue.push(() => sent.push("after"), "line-b");
    expect(sent).toEqual(["before", "after"]);
  });
});

describe("writes of the cart made in any order, answered in any order (ADR 119, 208)", () => {
  it("a write never starts while another writer's is on its way, and every write is sent in the end", async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("write" as const), key: fc.constantFrom("line-a", "line-b", "persons", "payment") }),
      fc.record({ kind: fc.constant("answer" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("commit" as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const queue = createWriteQueue();
        const onTheirWay: { key: string; answer: () => void }[] = [];
        let made = 0;
        let started = 0;
        const write = (key: string) => {
          made += 1;
          const submit = () => {
            // what ADR 119 promises: another writer's write is never on its way when one starts
            expect(onTheirWay.filter((w) => w.key !== key)).toEqual([]);
            started += 1;
            return new Promise<void>((resolve) => {
              const entry = { key, answer: () => (onTheirWay.splice(onTheirWay.indexOf(entry), 1), resolve()) };
              onTheirWay.push(entry);
            });
          };
          // what useCartWrite does
          if (queue.pendingExcept(key)) queue.push(submit, key);
          else queue.send(submit, key);
        };
        const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
        for (const s of steps) {
          if (s.kind === "write") write(s.key);
          else if (s.kind === "answer" && onTheirWay.length > 0) {
            onTheirWay[s.pick % onTheirWay.length]!.answer();
            await settle();
          } else queue.observe(onTheirWay.length > 0); // a commit shows the fetchers as they are
        }
        // the customer stops; the answers come, React commits
        for (let round = 0; round < 100 && queue.pending; round++) {
          queue.observe(onTheirWay.length > 0);
          if (onTheirWay.length === 0) continue;
          onTheirWay[0]!.answer();
          await settle();
        }
        expect(started).toBe(made);
        expect(queue.pending).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
