import { Readable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentStream, withoutNul } from "~/document/document-stream.server";
import { createFragmentCache } from "~/document/fragment-cache.server";
import { fragmentKey } from "~/document/fragment-cache";
import { deferModuleScripts } from "~/document/defer-scripts.server";

function collect(stream: DocumentStream): Promise<Buffer[]> {
  const out: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (c: Buffer) => out.push(c));
    stream.on("end", () => resolve(out));
    stream.on("error", reject);
  });
}

function chunked(bytes: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

const card = () => (
  <>
    <li>Морс клюквенный — 150 ₽</li>
    <li>Пицца «Пепперони» &amp; 🍕</li>
  </>
);

describe("the document stream (ADR 108)", () => {
  it("hands on what React writes in one run as one chunk", async () => {
    const stream = new DocumentStream();
    const done = collect(stream);
    for (const piece of chunked(Buffer.from("<html><body><p>Выбрать «Пепперони» — 590 ₽</p></body></html>"), 5)) stream.write(piece);
    stream.end();
    const out = await done;
    expect(out).toHaveLength(1);
    expect(out[0]!.toString()).toBe("<html><body><p>Выбрать «Пепперони» — 590 ₽</p></body></html>");
  });

  it("puts each cached fragment's bytes where its marker was, whatever the chunking", async () => {
    const cache = createFragmentCache();
    const doc = cache.forDocument();
    const a = doc.render("a", card);
    const b = doc.render("b", () => <b>два</b>);
    expect(a).toMatch(/^<!--frag-[0-9a-f]{12}:0-->$/);
    const html = `<ul>${a}</ul><p>между</p><ul>${b}</ul><!-- a comment of the page -->`;
    const expected = `<ul>${renderToString(card())}</ul><p>между</p><ul><b>два</b></ul><!-- a comment of the page -->`;
    for (const size of [1, 3, 7, 20, 1000]) {
      const stream = new DocumentStream(doc.fragments, doc.markerPrefix);
      const done = collect(stream);
      Readable.from(chunked(Buffer.from(html), size)).pipe(stream);
      expect(Buffer.concat(await done).toString()).toBe(expected);
    }
  });

  it("leaves a marker of another document (or process) as it is", async () => {
    const doc = createFragmentCache().forDocument();
    const other = createFragmentCache().forDocument();
    const foreign = other.render("x", () => <i>x</i>);
    doc.render("x", () => <i>x</i>);
    const stream = new DocumentStream(doc.fragments, doc.markerPrefix);
    const done = collect(stream);
    stream.end(Buffer.from(`<p>${foreign}</p>`));
    expect(Buffer.concat(await done).toString()).toBe(`<p>${foreign}</p>`);
  });

  it("streams a real React render with fragments and module scripts to the same HTML as rendering it whole", async () => {
    const cache = createFragmentCache();
    const doc = cache.forDocument();
    const grid = (key: string) => <ul dangerouslySetInnerHTML={{ __html: doc.render(key, () => <li>{`Карточка ${key} — 590 ₽`}</li>) }} />;
    const page = (
      <html lang="ru">
        <body>
          {grid("1")}
          <p>{"Кириллица ".repeat(500)}</p>
          {grid("2")}
          <link rel="modulepreload" href="/assets/a.js" />
          <script nonce="n" type="module" async dangerouslySetInnerHTML={{ __html: 'import "/assets/a.js";' }} />
        </body>
      </html>
    );
    const stream = new DocumentStream(doc.fragments, doc.markerPrefix);
    const done = collect(stream);
    const { pipe } = renderToPipeableStream(page, { onShellReady: () => pipe(stream) });
    const html = Buffer.concat(await done).toString();
    expect(html).toContain("<ul><li>Карточка 1 — 590 ₽</li></ul>");
    expect(html).toContain("<ul><li>Карточка 2 — 590 ₽</li></ul>");
    expect(html).not.toContain("<!--frag-");
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link data-deferred-modulepreload="" href="/assets/a.js"/>');
    expect(html).toContain('type="text/x-deferred-module" data-deferred-module=""');
    expect(html).not.toContain("\u0000");
    expect(html).toBe(deferModuleScripts(html.replace(/data-deferred-modulepreload=""/g, 'rel="modulepreload"').replace('type="text/x-deferred-module" data-deferred-module=""', 'type="module" async=""')));
  });

  it("drops NUL bytes without copying a buffer that has none", () => {
    const clean = Buffer.from("корзину");
    expect(withoutNul(clean)).toBe(clean);
    expect(withoutNul(Buffer.concat([Buffer.from("\0корзи"), Buffer.from([0, 0]), Buffer.from("ну\0")])).toString()).toBe("корзину");
  });

  it("waits for the end of a tag cut between two runs before passing it on", async () => {
    const stream = new DocumentStream();
    const out: string[] = [];
    stream.on("data", (c: Buffer) => out.push(c.toString()));
    stream.write(Buffer.from('<p>a</p><link rel="module'));
    await new Promise((r) => setTimeout(r, 0));
    expect(out).toEqual(["<p>a</p>"]);
    stream.write(Buffer.from('preload" href="/a.js"/>'));
    const ended = new Promise((r) => stream.on("end", r));
    stream.end();
    await ended;
    expect(out.join("")).toBe('<p>a</p><link data-deferred-modulepreload="" href="/a.js"/>');
  });
});

describe("fragment keys (ADR 108)", () => {
  it("are built once per positions object and parts: the same string again, another for other parts or positions", () => {
    const positions = [{ id: 1, name: "Морс" }];
    const key = fragmentKey(["cards", "ru", "RUB", "/"], positions);
    expect(key).toBe(`["cards","ru","RUB","/"]${JSON.stringify(positions)}`);
    expect(fragmentKey(["cards", "ru", "RUB", "/"], positions)).toBe(key);
    expect(fragmentKey(["cards", "en", "RUB", "/"], positions)).not.toBe(key);
    // an equal copy (the next minute's views) gets an equal key: the cached HTML is found again
    expect(fragmentKey(["cards", "ru", "RUB", "/"], [{ id: 1, name: "Морс" }])).toBe(key);
    expect(fragmentKey(["cards", "ru", "RUB", "/"], [{ id: 1, name: "Морс 0,5" }])).not.toBe(key);
  });
});

describe("fragment keys under many page addresses", () => {
  it("stay right past the kept number of parts (a query string makes any number of return addresses)", () => {
    const positions = [{ id: 2 }];
    for (let i = 0; i < 40; i++) expect(fragmentKey(["cards", `/?q=${i}`], positions)).toBe(`["cards","/?q=${i}"][{"id":2}]`);
  });
});
