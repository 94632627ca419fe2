import { describe, expect, it } from "vitest";
import { BOOT, GATE } from "~/document/hydration-boot";

/**
 * Runs the boot script against a minimal fake document whose clock advances `msPerAppend` on every append, and
 * records, per task, what it appended to the head (ADR 109: the preloads come in slices of ~4 ms, each slice its
 * own task; the module script after the last preload; ICU's initialisation in a task of its own after that).
 */
function runBoot(preloads: number, msPerAppend: number, warmIntl = true) {
  let now = 0;
  let task = 0;
  const appended: { task: number; what: string }[] = [];
  const queue: (() => void)[] = [];
  let paintCallback: ((list: unknown) => void) | null = null;
  const element = (tag: string) => ({ tag, rel: "", href: "", type: "", nonce: "", textContent: "", setAttribute() {}, remove() {} });
  const links = Array.from({ length: preloads }, (_, i) => ({ getAttribute: () => `/assets/m${i}.js` }));
  const document = {
    currentScript: { nonce: "n1", hasAttribute: (name: string) => warmIntl && name === "data-warm-intl" },
    visibilityState: "visible",
    documentElement: { lang: "ru" },
    head: {
      appendChild(el: ReturnType<typeof element>) {
        now += msPerAppend;
        appended.push({ task, what: el.tag === "link" ? `preload ${el.href}` : `module script (nonce ${el.nonce})` });
      },
    },
    createElement: element,
    querySelectorAll: () => links,
    querySelector: () => ({ textContent: "import('/assets/entry.js')" }),
  };
  class FakeChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => queue.push(() => this.port1.onmessage?.()) };
  }
  class FakeObserver {
    static supportedEntryTypes = ["paint"];
    constructor(cb: (list: unknown) => void) {
      paintCallback = cb;
    }
    observe() {}
    disconnect() {}
  }
  const intl = {
    NumberFormat: class {
      constructor() {
        appended.push({ task, what: "Intl" });
      }
      format() {
        return "1";
      }
    },
  };
  const run = new Function("document", "performance", "PerformanceObserver", "MessageChannel", "setTimeout", "requestAnimationFrame", "Intl", "window", BOOT);
  run(document, { now: () => now }, FakeObserver, FakeChannel, () => 0, () => 0, intl, {});
  expect(appended).toEqual([]); // nothing before the first paint is reported
  paintCallback!({ getEntriesByName: () => [{}] });
  while (queue.length) {
    task++;
    queue.shift()!();
  }
  return appended;
}

describe("the hydration boot script (ADR 080, 109)", () => {
  it("appends the preloads in slices of a few ms, one task each, then the module script, then warms ICU alone", () => {
    const appended = runBoot(11, 3);
    expect(appended.filter((a) => a.what.startsWith("preload")).map((a) => a.what)).toEqual(Array.from({ length: 11 }, (_, i) => `preload /assets/m${i}.js`));
    // 3 ms per append, a slice ends once it passed 4 ms: two appends per task
    const perTask = new Map<number, number>();
    for (const a of appended) if (a.what.startsWith("preload")) perTask.set(a.task, (perTask.get(a.task) ?? 0) + 1);
    expect([...perTask.values()]).toEqual([2, 2, 2, 2, 2, 1]);
    const moduleAt = appended.findIndex((a) => a.what.startsWith("module script"));
    expect(moduleAt).toBe(11);
    expect(appended[moduleAt]?.what).toBe("module script (nonce n1)");
    const intl = appended.find((a) => a.what === "Intl")!;
    expect(intl.task).toBeGreaterThan(appended[moduleAt]?.task ?? Infinity); // a task of its own, after the module script
    expect(appended.filter((a) => a.task === intl.task)).toHaveLength(1);
  });

  it("appends everything in the paint callback's own task when appends are cheap", () => {
    const appended = runBoot(5, 0.1);
    expect(appended.filter((a) => a.what !== "Intl").every((a) => a.task === 0)).toBe(true);
    expect(appended.at(-1)).toEqual({ task: 1, what: "Intl" });
  });

  it("creates no Intl object on a page whose hydration formats no number (no data-warm-intl, ADR 117)", () => {
    const appended = runBoot(5, 3, false);
    expect(appended.some((a) => a.what === "Intl")).toBe(false);
    expect(appended.at(-1)?.what).toBe("module script (nonce n1)"); // the hydration still starts
  });

  it("the gate script holds an iframe's document open in the head and releases it in later tasks", () => {
    const queue: (() => void)[] = [];
    const calls: string[] = [];
    const contentDocument = { open: () => calls.push("open"), close: () => calls.push("close") };
    const iframe = { hidden: false, tabIndex: 0, title: "x", setAttribute() {}, contentDocument, remove: () => calls.push("remove") };
    const document = { createElement: () => iframe, head: { appendChild: () => calls.push("append to head") } };
    class FakeChannel {
      port1: { onmessage: (() => void) | null } = { onmessage: null };
      port2 = { postMessage: () => queue.push(() => this.port1.onmessage?.()) };
    }
    const window: Record<string, (() => void) | undefined> = {};
    new Function("document", "MessageChannel", "setTimeout", "window", GATE)(document, FakeChannel, () => 0, window);
    expect(calls).toEqual(["append to head", "open"]);
    expect(iframe.hidden).toBe(true);
    window.__hydrationStarted!();
    expect(calls).toEqual(["append to head", "open"]); // not inside the caller's task (the entry's evaluation)
    queue.shift()!();
    expect(calls.at(-1)).toBe("close");
    queue.shift()!();
    expect(calls.at(-1)).toBe("remove");
    window.__hydrationStarted!(); // a second call (the 15 s timer) does nothing
    expect(queue).toHaveLength(0);
  });
});
