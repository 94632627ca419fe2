/**
 * The hydration's start (ADR 080, 121), as the browser runs it: a classic inline script, rendered right after
 * `<Scripts>` by `HydrationBoot` (hydration-boot.tsx). The build turns this module into one minified
 * expression (`?inline-script`, scripts/inline-script.mjs); it reads what the server says through the script
 * element's own attributes (its nonce; `data-warm-intl`).
 *
 * The server made React Router's module preloads and its module script inert (defer-scripts.server.ts). This
 * script waits until the browser reports the first contentful paint, then for the images then in the viewport
 * (not lazy): each decoded, and either reported as a largest contentful paint or too small ever to be one; at most
 * `IMAGE_WAIT_MS`. Then for the next frame (the paint of the whole document: the first paint may have come while
 * the stream's first part was parsed, before this script ran), and only then re-creates them in the head: the
 * preloads (so every module of the first view is fetched in parallel) and the module script (which imports the
 * route modules and the client entry, which hydrates). So no script request can start before the first paint, in
 * any run, whatever the network or the machine does, nor before the largest paint (its text or its image).
 *
 * Without JavaScript, and until the hydration, the page works as plain links and forms. A tab opened in the
 * background never paints: it starts at once. Browsers without paint timing start after the first animation
 * frame; a safety timer starts it if no paint is ever reported.
 *
 * The viewport's size is read only then: read while the document is parsed, `innerWidth` makes the browser lay out
 * the document so far inside the parse task (18–28 ms of a 240 KB menu, 4× in the lab).
 *
 * The document's `load` event does not wait for the hydration (ADR 131): nothing in the storefront listens for it.
 * The browser tests' harness (e2e/helpers/load-gate.ts) holds it so that a test's clicks after `page.goto` reach
 * React.
 */
import { DEFERRED_MODULE_ATTR, DEFERRED_PRELOAD_ATTR } from "./defer-scripts";
import { closeOnEscapeUntilLive } from "./escape-close";

/**
 * Each request a script starts costs the main thread a few ms (Chromium's resource fetcher; 2–10 ms each at 4×
 * CPU throttling, ADR 109): the preloads are appended in slices of about this long, each slice its own task, so
 * that a dozen of them do not make one long task.
 */
const SLICE_MS = 4;
/**
 * How long the boot waits, after the first paint, for the images then in the viewport (ADR 121): their paint is the
 * page's largest one, and no script request should share the network with them; a slow image does not hold the
 * hydration longer than this.
 */
const IMAGE_WAIT_MS = 1500;
/** the latest the hydration starts when no paint is ever reported */
const SAFETY_MS = 5000;

type Task = () => void;

function boot() {
  const d = document;
  // until a layer's own code runs, Escape follows its close link (ADR 228)
  closeOnEscapeUntilLive(d);
  const me = d.currentScript as HTMLScriptElement | null;
  const nonce = me ? me.nonce : "";
  /*
   * The first Intl.NumberFormat a page creates initialises ICU's number formatting in the renderer: 25–35 ms,
   * whatever the locale or options (ADR 109, ADR 117); later ones cost ~0.1 ms. On a page whose hydration formats a
   * price it came inside a hydration task and made it long: there the boot creates one in a task of its own while
   * the modules download. A page whose hydration formats no number does not ask for it (`data-warm-intl`).
   */
  const warm = me ? me.hasAttribute("data-warm-intl") : false;
  let started = false;

  // a task of its own, soon: a message to a channel runs before timers are clamped
  const channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
  const queue: Task[] = [];
  if (channel) {
    channel.port1.onmessage = () => {
      const next = queue.shift();
      if (next) next();
    };
  }
  function later(task: Task) {
    if (channel) {
      queue.push(task);
      channel.port2.postMessage(0);
    } else setTimeout(task, 0);
  }

  function warmIntl() {
    try {
      new Intl.NumberFormat(d.documentElement.lang || undefined).format(1);
    } catch {
      // a browser without this locale formats later, in the hydration
    }
  }

  function start() {
    if (started) return;
    started = true;
    const head = d.head;
    const links = d.querySelectorAll(`link[${DEFERRED_PRELOAD_ATTR}]`);
    const module = d.querySelector(`script[${DEFERRED_MODULE_ATTR}]`);
    let i = 0;
    function step(): void {
      const began = performance.now();
      while (i < links.length) {
        const link = d.createElement("link");
        link.rel = "modulepreload";
        link.href = links[i++]!.getAttribute("href") ?? "";
        head.appendChild(link);
        if (performance.now() - began > SLICE_MS) return later(step);
      }
      if (!module) return;
      const script = d.createElement("script");
      script.type = "module";
      if (nonce) script.nonce = nonce;
      script.textContent = module.textContent;
      head.appendChild(script);
      if (warm) later(warmIntl);
    }
    step();
  }

  // the largest contentful paints reported so far: their elements and the largest size (null: not reported at all)
  let viewportWidth = 0;
  let viewportHeight = 0;
  let seen: Element[] | null = [];
  let largest = 0;
  let recheck: Task = () => {};
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element; size: number })[]) {
        seen!.push(entry.element);
        if (entry.size > largest) largest = entry.size;
      }
      recheck();
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch {
    seen = null;
  }

  /** the part of an image's box in the viewport, or its natural size when that is smaller */
  function area(image: HTMLImageElement) {
    const box = image.getBoundingClientRect();
    const width = Math.min(box.right, viewportWidth) - Math.max(box.left, 0);
    const height = Math.min(box.bottom, viewportHeight) - Math.max(box.top, 0);
    const shown = width > 0 && height > 0 ? width * height : 0;
    const natural = image.naturalWidth * image.naturalHeight;
    return natural && natural < shown ? natural : shown;
  }

  function painted() {
    setTimeout(start, 0);
  }

  function afterImages() {
    viewportWidth = window.innerWidth;
    viewportHeight = window.innerHeight;
    const images = d.images;
    const waiting: HTMLImageElement[] = [];
    const decoded: HTMLImageElement[] = [];
    for (let k = 0; k < images.length; k++) {
      const image = images[k]!;
      if (image.loading !== "lazy" && area(image) > 0) waiting.push(image);
    }
    let go: Task = () => {
      go = recheck = () => {};
      requestAnimationFrame(painted);
    };
    recheck = () => {
      for (let k = waiting.length - 1; k >= 0; k--) {
        const image = waiting[k]!;
        if (decoded.indexOf(image) >= 0 && (!seen || seen.indexOf(image) >= 0 || area(image) <= largest)) waiting.splice(k, 1);
      }
      if (!waiting.length) go();
    };
    if (!waiting.length) return go();
    setTimeout(() => go(), IMAGE_WAIT_MS);
    const ready = (image: HTMLImageElement, ok: boolean) => () => {
      const at = waiting.indexOf(image);
      if (ok) decoded.push(image);
      else if (at >= 0) waiting.splice(at, 1);
      recheck();
    };
    for (const image of waiting) image.decode().then(ready(image, true), ready(image, false));
  }

  if (d.visibilityState === "hidden") return start();
  setTimeout(start, SAFETY_MS);
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf("paint") < 0) throw new Error("no paint timing");
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        afterImages();
      }
    });
    observer.observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(painted);
  }
}

boot();
