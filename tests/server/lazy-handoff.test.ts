import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { installLazyHandoff } from "../../server/lazy-handoff.mjs";

const require = createRequire(import.meta.url);

/** a stand-in for Remix's single-fetch module: an encoding that counts its calls, eager like turbo-stream's */
function fakeRuntime() {
  const calls: unknown[] = [];
  const runtime: { encodeViaTurboStream: (...args: unknown[]) => ReadableStream<Uint8Array> } = {
    encodeViaTurboStream(data: unknown) {
      calls.push(data);
      const bytes = new TextEncoder().encode(JSON.stringify(data));
      return new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 5));
          controller.enqueue(bytes.subarray(5));
          controller.close();
        },
      });
    },
  };
  return { runtime, calls };
}

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

const documentState = { loaderData: { root: { n: 1 } }, actionData: null, errors: null };

describe("the loader data's encoding for a document is lazy (ADR 130)", () => {
  it("encodes a document's state only when its stream is read, and to the same bytes", async () => {
    const { runtime, calls } = fakeRuntime();
    const eager = await text(runtime.encodeViaTurboStream(documentState));
    calls.length = 0;
    expect(installLazyHandoff(runtime)).toBe(true);

    const unread = runtime.encodeViaTurboStream(documentState);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unread).toBeInstanceOf(ReadableStream);
    expect(calls).toHaveLength(0); // a cached document never reads it: never encoded

    expect(await text(runtime.encodeViaTurboStream(documentState))).toBe(eager);
    expect(calls).toHaveLength(1);
  });

  it("leaves a data request's encoding as it was, and installs once", async () => {
    const { runtime, calls } = fakeRuntime();
    installLazyHandoff(runtime);
    const lazy = runtime.encodeViaTurboStream;
    expect(installLazyHandoff(runtime)).toBe(true);
    expect(runtime.encodeViaTurboStream).toBe(lazy);
    const results = { "routes/_index": { data: { a: 1 } } };
    const stream = runtime.encodeViaTurboStream(results);
    expect(calls).toEqual([results]); // at once, not wrapped
    expect(await text(stream)).toBe(JSON.stringify(results));
  });

  it("reports a runtime without the export instead of breaking it", () => {
    const runtime: Record<string, unknown> = {};
    expect(installLazyHandoff(runtime)).toBe(false);
    expect(runtime).toEqual({});
  });

  it("fits the installed Remix: the document handler calls the encoding through the module's exports", () => {
    const runtime = require("@remix-run/server-runtime/dist/single-fetch.js") as Record<string, unknown>;
    const original = runtime.encodeViaTurboStream;
    try {
      expect(installLazyHandoff(runtime)).toBe(true);
      const server = readFileSync(require.resolve("@remix-run/server-runtime/dist/server.js"), "utf8");
      expect(server).toMatch(/serverHandoffStream: singleFetch\.encodeViaTurboStream\(state,/);
      expect(server).toMatch(/var singleFetch = require\('\.\/single-fetch\.js'\);/);
    } finally {
      runtime.encodeViaTurboStream = original;
    }
  });
});
