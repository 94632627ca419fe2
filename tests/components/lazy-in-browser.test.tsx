import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyInBrowser } from "~/components/ui/lazy-in-browser";

function Dialog({ text }: { text: string }) {
  return <p>{text}</p>;
}

/** the whole HTML of a render once everything lazy has resolved (or the fallback if it never does) */
function renderAll(node: React.ReactNode, waitMs = 200): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      onAllReady: () => {
        stream.pipe(sink);
        sink.on("finish", () => resolve(html));
      },
      onShellError: reject,
    });
    setTimeout(() => {
      stream.abort();
      resolve(html || "(never resolved)");
    }, waitMs);
  });
}

/** a module loader that fails `failures` times, then answers the component */
function flakyLoad(failures: number) {
  let calls = 0;
  const load = vi.fn(() => (++calls <= failures ? Promise.reject(new Error("chunk failed")) : Promise.resolve(Dialog)));
  return load;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("lazyInBrowser (ADR 114)", () => {
  it("preload fetches once, and a failed preload is quiet and forgotten so the next attempt fetches again", async () => {
    const load = flakyLoad(1);
    const X = lazyInBrowser(load);
    X.preload();
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(load).toHaveBeenCalledTimes(1);
    X.preload();
    X.preload(); // the second attempt is in flight: no third fetch
    await new Promise((r) => setTimeout(r, 0));
    expect(load).toHaveBeenCalledTimes(2);
    expect(await renderAll(<Suspense fallback={null}><X text="Подтвердить?" /></Suspense>)).toContain("Подтвердить?");
    expect(load).toHaveBeenCalledTimes(2); // the render used the preloaded module
  });

  it("a render retries a failed fetch once and shows the component", async () => {
    const load = flakyLoad(1);
    const X = lazyInBrowser(load);
    expect(await renderAll(<Suspense fallback={null}><X text="Ок" /></Suspense>)).toContain("Ок");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a module that cannot be fetched twice reloads the document, as React Router does for a route module", async () => {
    const reload = vi.fn();
    vi.stubGlobal("window", { location: { reload } });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const X = lazyInBrowser(flakyLoad(5));
    const html = await renderAll(<Suspense fallback={<i>…</i>}><X text="Ок" /></Suspense>);
    expect(html).not.toContain("<p>Ок</p>");
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
