import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createDocumentCache, dataKeyText, splitAt, type DocumentInputs } from "~server/document-cache";
import { DocumentStream } from "~/document/document-stream.server";
import { addTelemetrySink, type Labels } from "~server/telemetry";

const NONCE_A = "tgF0FYXaW6VFYqUSTFtCMQ==";
const NONCE_B = "HHYmcRoXpYtx+8+NSnPKfw==";

function page(nonce: string, cartCount = 0): Buffer[] {
  return [
    Buffer.from(`<!DOCTYPE html><html lang="ru"><head><script nonce="${nonce}">boot()</script></head>`),
    Buffer.from(`<body><a href="/cart">Корзина: ${cartCount}</a><script nonce="${nonce}">window.__remixContext={}</script></body></html>`),
  ];
}

function inputs(overrides: Partial<DocumentInputs> = {}): DocumentInputs {
  return {
    method: "GET",
    url: "http://shop.test/menus/501",
    crawler: false,
    statusCode: 200,
    loaderData: { root: { cartCount: 0, locale: "ru" }, "routes/menus.$menuId": { menus: '[{"id":501}]', paging: undefined } },
    actionData: null,
    errors: null,
    ...overrides,
  };
}

/** what a request gets: the cached body with its nonce, or null when it has to render (storing if it may) */
function visit(cache: ReturnType<typeof createDocumentCache>, at: DocumentInputs, nonce: string, cartCount = 0): string | null {
  const found = cache.lookup(at);
  if (found.kind === "hit") return Buffer.concat(found.body(nonce)).toString("utf8");
  if (found.kind === "miss") found.store?.(page(nonce, cartCount), nonce);
  return null;
}

describe("dataKeyText: what a document's loader data says, or null", () => {
  it("is the JSON of plain data", () => {
    expect(dataKeyText({ a: [1, "два", true, null], b: { c: 0.5 }, "к\"люч": -2 })).toBe('{"a":[1,"два",true,null],"b":{"c":0.5},"к\\"люч":-2}');
  });

  it("is JSON.stringify's text for plain data, strings short and long, read once or many times", () => {
    const strings = ["", "a", 'к"в\\ыч\n', "x".repeat(64), "y".repeat(65), "\u2028", "z".repeat(1023)];
    const data = { list: strings.map((text, i) => ({ [text]: text, i })), again: strings };
    for (let round = 0; round < 3; round++) expect(dataKeyText(data)).toBe(JSON.stringify(data));
  });

  it("names undefined property values, which JSON leaves out", () => {
    const texts = [{ a: { x: undefined }, b: {} }, { a: {}, b: { x: undefined } }, { a: {}, b: {} }].map(dataKeyText);
    expect(new Set(texts).size).toBe(3);
  });

  it("names a long string by its digest: the same text the same, one character apart different", () => {
    const menus = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Позиция ${i}` })));
    const copy = (" " + menus).slice(1);
    const changed = menus.replace("Позиция 199", "Позиция 198");
    expect(dataKeyText({ menus })).toBe(dataKeyText({ menus: copy }));
    expect(dataKeyText({ menus })).not.toBe(dataKeyText({ menus: changed }));
    expect(dataKeyText({ menus })!.length).toBeLessThan(60);
  });

  it("refuses anything JSON would not carry as it is", () => {
    class Money {
      constructor(readonly minor: number) {}
    }
    for (const value of [new Date(0), new Map([[1, 2]]), new Set([1]), Promise.resolve(1), new Money(100), NaN, Infinity, 10n, () => 1, [undefined], Symbol("s")]) {
      expect(dataKeyText({ route: { value } }), String(value)).toBeNull();
    }
  });
});

describe("the document cache (ADR 127)", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it("renders a document the first two times and answers the third from the second's bytes, with the request's own nonce", () => {
    const cache = createDocumentCache();
    expect(visit(cache, inputs(), NONCE_A)).toBeNull(); // seen once: not stored
    expect(cache.stats().entries).toBe(0);
    expect(visit(cache, inputs(), NONCE_A)).toBeNull(); // seen twice: stored
    expect(cache.stats().entries).toBe(1);
    const body = visit(cache, inputs(), NONCE_B);
    expect(body).toBe(Buffer.concat(page(NONCE_B)).toString("utf8"));
    expect(body).not.toContain(NONCE_A);
  });

  it("answers a large page byte for byte, its content between the head's and the scripts' nonces sent as stored", () => {
    const cards = `<ul>${"<li>Пицца Маргарита — 450 ₽</li>".repeat(1500)}</ul>`;
    const large = (nonce: string) => [
      Buffer.from(`<head><script nonce="${nonce}">a()</script><script nonce="${nonce}">b()</script></head><body>${cards}`),
      Buffer.from(`<script nonce="${nonce}">c()</script></body>`),
    ];
    const cache = createDocumentCache();
    for (const _ of [1, 2]) {
      const found = cache.lookup(inputs());
      if (found.kind === "miss") found.store?.(large(NONCE_A), NONCE_A);
    }
    const found = cache.lookup(inputs());
    if (found.kind !== "hit") throw new Error("not cached");
    const chunks = found.body(NONCE_B);
    expect(Buffer.concat(chunks).equals(Buffer.concat(large(NONCE_B)))).toBe(true);
    // the head up to the content, the content, the end: three chunks, whatever the number of nonces
    expect(chunks).toHaveLength(3);
    expect(chunks[1]!.toString("utf8")).toContain(cards);
    // the next request's nonce is its own, the stored content the same
    const again = found.body(NONCE_A);
    expect(Buffer.concat(again).equals(Buffer.concat(large(NONCE_A)))).toBe(true);
  });

  it("keeps documents of different loader data, URLs or crawlers apart", () => {
    const cache = createDocumentCache();
    const full = inputs({ loaderData: { root: { cartCount: 3, locale: "ru" } } });
    for (let i = 0; i < 2; i++) visit(cache, full, NONCE_A, 3);
    for (const other of [
      inputs(),
      inputs({ loaderData: { root: { cartCount: 4, locale: "ru" } } }),
      inputs({ ...full, url: "http://shop.test/menus/502" }),
      inputs({ ...full, crawler: true }),
    ]) {
      expect(cache.lookup(other).kind).toBe("miss");
    }
    expect(visit(cache, full, NONCE_B)).toContain("Корзина: 3");
  });

  it("never caches a POST, a status other than 200, action data, errors or loader data JSON would not carry", () => {
    const cache = createDocumentCache();
    for (const skipped of [
      inputs({ method: "POST" }),
      inputs({ method: "HEAD" }),
      inputs({ statusCode: 404 }),
      inputs({ actionData: { "routes/cart": { ok: false } } }),
      inputs({ errors: { root: { message: "boom" } } }),
      inputs({ loaderData: { root: { when: new Date(0) } } }),
      inputs({ loaderData: Array.from({ length: 20_000 }).reduce<unknown>((inner) => ({ inner }), null) }),
    ]) {
      for (let i = 0; i < 3; i++) expect(cache.lookup(skipped).kind).toBe("skip");
    }
  });

  it("is off with no memory, and stays within its bytes", () => {
    const off = createDocumentCache({ maxBytes: 0 });
    for (let i = 0; i < 3; i++) expect(off.lookup(inputs()).kind).toBe("skip");
    const small = createDocumentCache({ maxBytes: 600 });
    for (let n = 0; n < 5; n++) {
      const at = inputs({ url: `http://shop.test/p/${n}` });
      visit(small, at, NONCE_A);
      visit(small, at, NONCE_A);
    }
    expect(small.stats().bytes).toBeLessThanOrEqual(600);
    expect(small.stats().entries).toBeLessThan(5);
  });

  it("counts hits, misses and skips for the metrics port", () => {
    const seen: string[] = [];
    stop = addTelemetrySink({ count: (name, labels: Labels) => name === "document_cache_requests_total" && seen.push(String(labels.result)), observe() {}, set() {} });
    const cache = createDocumentCache();
    for (let i = 0; i < 3; i++) visit(cache, inputs(), NONCE_A);
    cache.lookup(inputs({ method: "POST" }));
    expect(seen).toEqual(["miss", "miss", "hit", "skip"]);
  });
});

describe("what the cache stores comes from the document stream", () => {
  it("gets every byte the stream put out, once it ended", async () => {
    let stored: Buffer | undefined;
    const stream = new DocumentStream(new Map(), null, (output) => {
      stored = Buffer.concat(output);
    });
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    Readable.from(page(NONCE_A)).pipe(stream);
    await ended;
    expect(stored?.toString("utf8")).toBe(Buffer.concat(out).toString("utf8"));
    expect(stored?.toString("utf8")).toContain("Корзина: 0");
  });

  it("splits at every occurrence of the nonce", () => {
    const parts = splitAt(Buffer.concat(page(NONCE_A)), Buffer.from(NONCE_A));
    expect(parts).toHaveLength(3);
    expect(parts.map((p) => p.toString()).join(NONCE_B)).toBe(Buffer.concat(page(NONCE_B)).toString());
  });
});
