import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferModuleScripts } from "~/document/defer-scripts.server";
import { DocumentStream } from "~/document/document-stream.server";

// what React Router 7's <Scripts nonce> renders (React's attribute order), between page content and the boot script
const SCRIPTS =
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="abc"/><link rel="modulepreload" href="/assets/entry.client-2.js" nonce="abc"/>' +
  '<script nonce="abc">window.__reactRouterContext = {"state":{"a":"\\u003cb\\u003e"}};</script>' +
  '<script nonce="abc" type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-2.js");</script>';
const PAGE = `<!DOCTYPE html><html><head><style>a>b{}</style></head><body><p>Выбрать «Пепперони» — 590 ₽</p>${SCRIPTS}<script nonce="abc">boot()</script></body></html>`;

async function streamed(pieces: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  await new Promise<void>((resolve, reject) =>
    Readable.from(pieces)
      .pipe(new DocumentStream())
      .on("data", (c: Buffer) => out.push(c))
      .on("end", resolve)
      .on("error", reject),
  );
  return Buffer.concat(out).toString("utf8");
}

describe("module scripts made inert in the streamed document (ADR 080)", () => {
  it("leaves no modulepreload and no module script a browser would start, and keeps their addresses and code", () => {
    const html = deferModuleScripts(PAGE);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link data-deferred-modulepreload="" href="/assets/manifest-1.js" nonce="abc"/>');
    expect(html).toContain('<script nonce="abc" type="text/x-deferred-module" data-deferred-module="">import "/assets/manifest-1.js";');
    // everything else is untouched
    expect(html.replace(/<link data-deferred-modulepreload="" /g, '<link rel="modulepreload" ').replace(' type="text/x-deferred-module" data-deferred-module=""', ' type="module" async=""')).toBe(PAGE);
  });

  it("rewrites the same whatever the chunking, a tag split across chunks included", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    const expected = deferModuleScripts(PAGE);
    for (const size of [1, 2, 3, 7, 16, 50, 333, bytes.length]) {
      const pieces: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      expect(await streamed(pieces)).toBe(expected);
    }
  });

  it("passes a document without scripts through as it is", async () => {
    const plain = "<html><body><p>a < b, c > d</p></body></html>";
    expect(await streamed([Buffer.from(plain)])).toBe(plain);
  });
});
