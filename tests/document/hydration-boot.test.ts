import { describe, expect, it } from "vitest";
import { BOOT } from "~/document/hydration-boot";

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
    images: [],
    createElement: element,
    // the boot's Escape listener (ADR 228): tests/document/escape-close.test.ts
    addEventListener() {},
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
  // a timer of 0 ms is a task of its own; an animation frame comes at once (the document has no images)
  const setTimeout = (f: () => void, ms: number) => (ms === 0 ? queue.push(f) : 0);
  run(document, { now: () => now }, FakeObserver, FakeChannel, setTimeout, (f: () => void) => f(), intl, {});
  expect(appended).toEqual([]); // nothing before the first paint is reported
  paintCallback!({ getEntriesByName: () => [{}] });
  expect(appended).toEqual([]); // nor before the frame after it (the whole document's paint)
  while (queue.length) {
    task++;
    queue.shift()!();
  }
  return appended;
}

interface FakeImage {
  name: string;
  complete: boolean;
  loading?: string;
  /** the image's box; its natural size is 640 × 480 */
  rect: { top: number; left: number; bottom: number; right: number; width: number };
}

/**
 * The boot script in a 360 × 640 viewport with `images`: the test reports the first paint and largest paints,
 * decodes images, runs animation frames and timers (those due by `upTo` ms; the 5 s safety timer is later than
 * any test's).
 */
function bootWithImages(images: FakeImage[]) {
  const appended: string[] = [];
  const decodes = new Map<string, { resolve: () => void; reject: () => void }>();
  const frames: (() => void)[] = [];
  const timers: { at: number; f: () => void }[] = [];
  const observers = new Map<string, (list: unknown) => void>();
  const element = (tag: string) => ({ tag, rel: "", href: "", type: "", nonce: "", textContent: "" });
  const elements = images.map((img) => ({
    complete: img.complete,
    loading: img.loading ?? "auto",
    naturalWidth: 640,
    naturalHeight: 480,
    getBoundingClientRect: () => img.rect,
    decode: () => new Promise<void>((resolve, reject) => decodes.set(img.name, { resolve, reject })),
  }));
  const document = {
    currentScript: { nonce: "", hasAttribute: () => false },
    visibilityState: "visible",
    documentElement: { lang: "ru" },
    images: elements,
    head: { appendChild: (el: ReturnType<typeof element>) => appended.push(el.tag === "link" ? `preload ${el.href}` : "module script") },
    createElement: element,
    addEventListener() {},
    querySelectorAll: () => [{ getAttribute: () => "/assets/m0.js" }],
    querySelector: () => ({ textContent: "import('/assets/entry.js')" }),
  };
  class FakeObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(private cb: (list: unknown) => void) {}
    observe({ type }: { type: string }) {
      observers.set(type, this.cb);
    }
    disconnect() {}
  }
  const setTimeout = (f: () => void, ms = 0) => timers.push({ at: ms, f });
  const run = new Function("document", "performance", "PerformanceObserver", "MessageChannel", "setTimeout", "requestAnimationFrame", "Intl", "window", BOOT);
  run(document, { now: () => 0 }, FakeObserver, undefined, setTimeout, (f: () => void) => frames.push(f), {}, { innerHeight: 640, innerWidth: 360 });
  const settle = () => new Promise((r) => globalThis.setTimeout(r, 0));
  return {
    paint: () => observers.get("paint")!({ getEntriesByName: () => [{}] }),
    /** a largest-contentful-paint entry: an image by name, or text of `size` px² */
    largestPaint: (what: { image: string } | { size: number }) =>
      observers.get("largest-contentful-paint")!({
        getEntries: () => [
          "image" in what
            ? { element: elements[images.findIndex((i) => i.name === what.image)], size: 320 * 240 }
            : { element: { tagName: "P" }, size: what.size },
        ],
      }),
    decoding: () => [...decodes.keys()],
    async decoded(name: string, ok = true) {
      const decode = decodes.get(name)!;
      if (ok) decode.resolve();
      else decode.reject();
      await settle();
    },
    frame: () => frames.splice(0).forEach((f) => f()),
    runTimers(upTo = 0) {
      for (const t of timers.filter((t) => t.at <= upTo)) {
        timers.splice(timers.indexOf(t), 1);
        t.f();
      }
    },
    appended: () => [...appended],
  };
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

  it("appends everything in one task when appends are cheap", () => {
    const appended = runBoot(5, 0.1);
    expect(appended.filter((a) => a.what !== "Intl").every((a) => a.task === 1)).toBe(true);
    expect(appended.at(-1)).toEqual({ task: 2, what: "Intl" });
  });

  it("creates no Intl object on a page whose hydration formats no number (no data-warm-intl, ADR 117)", () => {
    const appended = runBoot(5, 3, false);
    expect(appended.some((a) => a.what === "Intl")).toBe(false);
    expect(appended.at(-1)?.what).toBe("module script (nonce n1)"); // the hydration still starts
  });

  it("after the first paint, waits until each image in the viewport is decoded and reported as the largest paint (ADR 121)", async () => {
    const h = bootWithImages([
      { name: "in view", complete: false, rect: { top: 100, left: 20, bottom: 340, right: 340, width: 320 } },
      { name: "lazy", complete: false, loading: "lazy", rect: { top: 200, left: 0, bottom: 440, right: 320, width: 320 } },
      { name: "below", complete: false, rect: { top: 2000, left: 0, bottom: 2240, right: 320, width: 320 } },
      { name: "hidden", complete: false, rect: { top: 0, left: 0, bottom: 0, right: 0, width: 0 } },
    ]);
    h.largestPaint({ size: 5000 }); // the heading, at the first paint
    h.paint();
    expect(h.decoding()).toEqual(["in view"]);
    h.runTimers(); // neither the 5 s safety timer nor the 1.5 s cap is due: nothing yet
    expect(h.appended()).toEqual([]);
    await h.decoded("in view");
    h.frame();
    h.runTimers();
    expect(h.appended()).toEqual([]); // decoded, but larger than the heading and not reported painted yet
    h.largestPaint({ image: "in view" });
    expect(h.appended()).toEqual([]); // then the next frame, and a task after it
    h.frame();
    h.runTimers();
    expect(h.appended()).toEqual(["preload /assets/m0.js", "module script"]);
  });

  it("an image already loaded counts too; one smaller than the largest paint, or failing, is not waited for", async () => {
    const h = bootWithImages([
      { name: "loaded", complete: true, rect: { top: 0, left: 0, bottom: 240, right: 320, width: 320 } },
      { name: "thumbnail", complete: false, rect: { top: 300, left: 0, bottom: 348, right: 48, width: 48 } },
      { name: "broken", complete: false, rect: { top: 400, left: 0, bottom: 640, right: 320, width: 320 } },
    ]);
    h.paint();
    expect(h.decoding()).toEqual(["loaded", "thumbnail", "broken"]);
    await h.decoded("loaded");
    h.largestPaint({ image: "loaded" });
    await h.decoded("thumbnail"); // 48 × 48: smaller than the photo reported, it never will be the largest
    h.frame();
    expect(h.appended()).toEqual([]);
    await h.decoded("broken", false);
    h.frame();
    h.runTimers();
    expect(h.appended()).toEqual(["preload /assets/m0.js", "module script"]);
  });

  it("starts after the next frame when no image is in the viewport, and after the cap when one never arrives", async () => {
    const none = bootWithImages([{ name: "below", complete: false, rect: { top: 2000, left: 0, bottom: 2240, right: 320, width: 320 } }]);
    none.paint();
    expect(none.appended()).toEqual([]); // the whole document's paint first: the next frame
    none.frame();
    none.runTimers();
    expect(none.appended()).toEqual(["preload /assets/m0.js", "module script"]);

    const slow = bootWithImages([{ name: "slow", complete: false, rect: { top: 0, left: 0, bottom: 240, right: 320, width: 320 } }]);
    slow.paint();
    slow.runTimers(1500);
    slow.frame();
    slow.runTimers();
    expect(slow.appended()).toEqual(["preload /assets/m0.js", "module script"]);
    await slow.decoded("slow"); // arriving later changes nothing
    slow.largestPaint({ image: "slow" });
    slow.frame();
    slow.runTimers();
    expect(slow.appended()).toEqual(["preload /assets/m0.js", "module script"]);
  });
});
