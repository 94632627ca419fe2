import { delay, http as mock, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  REQUEST_FAILED_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
  firstErrorCode,
  isApiError,
} from "~server/upstream/errors";
import { buildUrl, createHttp, DEFAULT_MAX_BODY_BYTES, type UpstreamCall } from "~server/upstream/http";
import { BASE } from "./fixtures";
import { setupMswServer, SINGLE_ATTEMPT } from "./helpers";

const server = setupMswServer();
const itemSchema = z.object({ id: z.number(), name: z.string() });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

describe("createHttp: requests", () => {
  it("GETs base + path + query (null values left out), parses the answer and strips unknown fields", async () => {
    let seen: URL | undefined;
    server.use(
      mock.get(`${BASE}/1/items/7`, ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json({ id: 7, name: "seven", extra: true });
      }),
    );
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: `${BASE}/` });
    await expect(http.get("/1/items/7", itemSchema, { query: { a: 1, b: null, c: undefined, d: "x y" } })).resolves.toEqual({
      id: 7,
      name: "seven",
    });
    expect(seen?.search).toBe("?a=1&d=x+y");
  });

  it("keeps a path prefix of the base address", () => {
    expect(buildUrl("https://api.test/v2/", "/1/now")).toBe("https://api.test/v2/1/now");
  });

  it("POSTs JSON with Authorization: Bearer and extra headers", async () => {
    let seen: { body: unknown; auth: string | null; type: string | null; extra: string | null } | undefined;
    server.use(
      mock.post(`${BASE}/1/things`, async ({ request }) => {
        seen = {
          body: await request.json(),
          auth: request.headers.get("authorization"),
          type: request.headers.get("content-type"),
          extra: request.headers.get("x-extra"),
        };
        return HttpResponse.json({ id: 1, name: "made" });
      }),
    );
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE });
    await expect(http.post("/1/things", { a: 1 }, itemSchema, { token: "tok", headers: { "x-extra": "yes" } })).resolves.toEqual({
      id: 1,
      name: "made",
    });
    expect(seen).toEqual({ body: { a: 1 }, auth: "Bearer tok", type: "application/json", extra: "yes" });
  });

  it("uses the injected fetch, never the global one", async () => {
    const injected = vi.fn(async () => HttpResponse.json({ id: 1, name: "from injected" }));
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: "http://elsewhere.test", fetch: injected });
    await expect(http.get("/x", itemSchema)).resolves.toEqual({ id: 1, name: "from injected" });
    expect(injected).toHaveBeenCalledTimes(1);
    expect(injected.mock.calls[0]).toEqual(["http://elsewhere.test/x", expect.objectContaining({ method: "GET" })]);
  });

  it("looks the global fetch up at call time by default (msw installed later still intercepts)", async () => {
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE });
    server.use(mock.get(`${BASE}/late`, () => HttpResponse.json({ id: 2, name: "late" })));
    await expect(http.get("/late", itemSchema)).resolves.toEqual({ id: 2, name: "late" });
  });

  it("reports each call to onCall and counts calls, failures and in-flight requests", async () => {
    server.use(
      mock.get(`${BASE}/ok`, async () => {
        await delay(20);
        return HttpResponse.json({ id: 1, name: "ok" });
      }),
      mock.get(`${BASE}/bad`, () => HttpResponse.json({ errors: [{ code: "x.bad", message: "Bad" }] }, { status: 400 })),
    );
    const calls: UpstreamCall[] = [];
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE, onCall: (call) => calls.push(call) });
    const pending = http.get("/ok", itemSchema, { query: { q: 1 } });
    expect(http.stats()).toEqual({ calls: 1, failures: 0, inFlight: 1 });
    await pending;
    await http.get("/bad", itemSchema).catch(() => {});
    expect(http.stats()).toEqual({ calls: 2, failures: 1, inFlight: 0 });
    expect(calls).toEqual([
      { method: "GET", path: "/ok", status: 200, durationMs: expect.any(Number), ok: true, errorCode: null },
      { method: "GET", path: "/bad", status: 400, durationMs: expect.any(Number), ok: false, errorCode: "x.bad" },
    ]);
  });
});

describe("createHttp: spec §8 error mapping", () => {
  it("HTTP failure with a JSON body: the first errors[] message and code; status, text and body kept", async () => {
    const body = {
      errors: [
        { code: "promo-code.not-found", message: "Промокод не найден" },
        { code: "other", message: "second" },
      ],
    };
    server.use(mock.post(`${BASE}/p`, () => HttpResponse.json(body, { status: 422 })));
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).post("/p", {}, itemSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "ApiError",
      kind: "http",
      message: "Промокод не найден",
      code: "promo-code.not-found",
      status: 422,
      statusText: "Unprocessable Entity",
      body,
      method: "POST",
      path: "/p",
    });
    expect(firstErrorCode(error)).toBe("promo-code.not-found");
    expect(error.serverMessage).toBe("Промокод не найден");
  });

  it("an error entry with a code but no message: the code is kept, the message falls back to the status text", async () => {
    server.use(mock.get(`${BASE}/p`, () => HttpResponse.json({ errors: [{ code: "resto.closed" }] }, { status: 409 })));
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).get("/p", itemSchema));
    expect(error).toMatchObject({ message: "Conflict", code: "resto.closed", status: 409 });
  });

  it("no body: the HTTP status text", async () => {
    server.use(mock.get(`${BASE}/p`, () => new HttpResponse(null, { status: 503 })));
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).get("/p", itemSchema));
    expect(error).toMatchObject({ kind: "http", message: "Service Unavailable", status: 503, code: null, body: null });
    expect(firstErrorCode(error)).toBeNull();
  });

  it("no body and no status text: 'Не удалось выполнить запрос'", async () => {
    server.use(mock.get(`${BASE}/p`, () => new HttpResponse(null, { status: 599, statusText: "" })));
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).get("/p", itemSchema));
    expect(error).toMatchObject({ message: REQUEST_FAILED_MESSAGE, status: 599 });
  });

  it("a JSON body of another shape: the status text, the body kept", async () => {
    server.use(mock.get(`${BASE}/p`, () => HttpResponse.json({ detail: "nope" }, { status: 400 })));
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).get("/p", itemSchema));
    expect(error).toMatchObject({ message: "Bad Request", body: { detail: "nope" }, code: null });
  });

  it("a non-JSON error body: the status text, the raw text kept as body", async () => {
    server.use(
      mock.get(
        `${BASE}/p`,
        () => new HttpResponse("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }),
      ),
    );
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).get("/p", itemSchema));
    expect(error).toMatchObject({ kind: "http", message: "Bad Gateway", status: 502, body: "<html>Bad gateway</html>" });
  });

  it("404 without a server message: the resource's fallback; with one: the server's", async () => {
    server.use(mock.get(`${BASE}/groups`, () => new HttpResponse(null, { status: 404 })));
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE });
    const fallback = await failure(http.get("/groups", itemSchema, { notFoundMessage: "Menu groups not found" }));
    expect(fallback).toMatchObject({ message: "Menu groups not found", status: 404, statusText: "Not Found" });

    server.use(
      mock.get(`${BASE}/groups`, () =>
        HttpResponse.json({ errors: [{ code: "menu.not-found", message: "Меню не найдено" }] }, { status: 404 }),
      ),
    );
    const fromServer = await failure(http.get("/groups", itemSchema, { notFoundMessage: "Menu groups not found" }));
    expect(fromServer).toMatchObject({ message: "Меню не найдено", code: "menu.not-found" });
  });

  it("network failure: 'Network error when attempting to fetch resource.', status 0, code 'network'", async () => {
    server.use(mock.get(`${BASE}/p`, () => HttpResponse.error()));
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).get("/p", itemSchema));
    expect(error).toMatchObject({ kind: "network", message: NETWORK_ERROR_MESSAGE, status: 0, code: "network" });
    expect(error.cause).toBeDefined();
  });

  it("a thrown fetch error (e.g. ENOTFOUND) is a network failure too", async () => {
    const fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE, fetch }).get("/p", itemSchema));
    expect(error).toMatchObject({ kind: "network", message: NETWORK_ERROR_MESSAGE, code: "network", status: 0 });
  });

  it("timeout: a network-style error with code 'timeout' (GET limit configurable)", async () => {
    server.use(
      mock.get(`${BASE}/slow`, async () => {
        await delay(500);
        return HttpResponse.json({ id: 1, name: "late" });
      }),
    );
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE, timeouts: { getMs: 50 } });
    const started = performance.now();
    const error = await failure(http.get("/slow", itemSchema));
    expect(performance.now() - started).toBeLessThan(400);
    expect(error).toMatchObject({ kind: "timeout", message: NETWORK_ERROR_MESSAGE, status: 0, code: "timeout" });
  });

  it("POSTs have their own, longer limit; a per-call limit overrides it", async () => {
    server.use(
      mock.post(`${BASE}/slow`, async () => {
        await delay(120);
        return HttpResponse.json({ id: 1, name: "done" });
      }),
    );
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE, timeouts: { getMs: 50 } });
    await expect(http.post("/slow", {}, itemSchema)).resolves.toEqual({ id: 1, name: "done" });
    await expect(http.post("/slow", {}, itemSchema, { timeoutMs: 30 })).rejects.toMatchObject({ code: "timeout" });
  });

  it("a caller's abort is a network failure, not a timeout", async () => {
    server.use(
      mock.get(`${BASE}/slow`, async () => {
        await delay(500);
        return HttpResponse.json({ id: 1, name: "late" });
      }),
    );
    const controller = new AbortController();
    const pending = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).get("/slow", itemSchema, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: "network", code: "network" });
  });

  it("an answer of the wrong shape: 'invalid-response' with 'Неизвестная ошибка'", async () => {
    server.use(mock.get(`${BASE}/p`, () => HttpResponse.json({ id: "seven" })));
    const warnings: string[] = [];
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE, logger: (level, msg) => level === "warn" && warnings.push(msg) });
    const error = await failure(http.get("/p", itemSchema));
    expect(error).toMatchObject({
      kind: "invalid-response",
      code: "invalid-response",
      message: UNKNOWN_ERROR_MESSAGE,
      status: 200,
      body: { id: "seven" },
    });
    expect(error.cause).toBeInstanceOf(z.ZodError);
    expect(warnings).toEqual(["upstream answer does not match its schema"]);
  });

  it("a schema that throws while reading a 200 answer: 'invalid-response' (the answer came), never a network failure", async () => {
    server.use(mock.get(`${BASE}/p`, () => HttpResponse.json({ id: 7, name: "x" })));
    const throwing = itemSchema.refine(() => {
      throw new TypeError("Cannot read properties of undefined (reading '0')");
    });
    const warnings: string[] = [];
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE, logger: (level, msg) => level === "warn" && warnings.push(msg) });
    const error = await failure(http.get("/p", throwing));
    expect(error).toMatchObject({ kind: "invalid-response", code: "invalid-response", message: UNKNOWN_ERROR_MESSAGE, status: 200 });
    expect(warnings).toEqual(["upstream answer does not match its schema"]);
  });

  it("an answer larger than maxBodyBytes is not read into memory: 'invalid-response', declared or streamed", async () => {
    const big = JSON.stringify({ id: 1, name: "x".repeat(5_000) });
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE, maxBodyBytes: 4_096 });
    // declared by its Content-Length
    server.use(mock.get(`${BASE}/declared`, () => HttpResponse.json(JSON.parse(big))));
    expect(await failure(http.get("/declared", itemSchema))).toMatchObject({ code: "invalid-response", message: UNKNOWN_ERROR_MESSAGE, status: 200 });
    // streamed without a length, and without an end: reading stops at the limit
    let pulled = 0;
    server.use(
      mock.get(`${BASE}/endless`, () => {
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            controller.enqueue(new TextEncoder().encode(`{"id":1,"name":"${"y".repeat(1_000)}`));
          },
        });
        return new HttpResponse(stream, { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    expect(await failure(http.get("/endless", itemSchema))).toMatchObject({ code: "invalid-response", status: 200 });
    expect(pulled).toBeLessThan(20);
    // a refusal keeps its status; an answer within the limit, with a byte order mark, is read as before
    server.use(mock.get(`${BASE}/refused`, () => HttpResponse.json({ errors: [{ message: "x".repeat(5_000) }] }, { status: 422 })));
    expect(await failure(http.get("/refused", itemSchema))).toMatchObject({ kind: "http", status: 422 });
    server.use(mock.get(`${BASE}/bom`, () => new HttpResponse(`\uFEFF{"id":7,"name":"ok"}`, { status: 200 })));
    await expect(http.get("/bom", itemSchema)).resolves.toEqual({ id: 7, name: "ok" });
    // exactly at the bound is within it, declared or streamed (chunked, no Content-Length)
    const exact = `{"id":8,"name":"${"z".repeat(4_096 - 18)}"}`;
    expect(new TextEncoder().encode(exact).byteLength).toBe(4_096);
    server.use(mock.get(`${BASE}/exact`, () => HttpResponse.text(exact)));
    await expect(http.get("/exact", itemSchema)).resolves.toMatchObject({ id: 8 });
    server.use(
      mock.get(`${BASE}/exact-streamed`, () => {
        const bytes = new TextEncoder().encode(exact);
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.slice(0, 1_000));
            controller.enqueue(bytes.slice(1_000));
            controller.close();
          },
        });
        return new HttpResponse(stream, { status: 200 });
      }),
    );
    await expect(http.get("/exact-streamed", itemSchema)).resolves.toMatchObject({ id: 8 });
  });

  it("by default an answer is read up to 8 MiB (ADR 212): the most records a list may hold fit, a byte more does not", async () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(8 * 1024 * 1024);
    const http = createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE });
    const answerOf = (bytes: number) => `{"id":9,"name":"${"n".repeat(bytes - 18)}"}`;
    server.use(mock.get(`${BASE}/at-bound`, () => HttpResponse.text(answerOf(DEFAULT_MAX_BODY_BYTES))));
    await expect(http.get("/at-bound", itemSchema)).resolves.toMatchObject({ id: 9 });
    server.use(mock.get(`${BASE}/past-bound`, () => HttpResponse.text(answerOf(DEFAULT_MAX_BODY_BYTES + 1))));
    expect(await failure(http.get("/past-bound", itemSchema))).toMatchObject({ code: "invalid-response", status: 200 });
  });

  it("a 200 that is not JSON: 'invalid-response'", async () => {
    server.use(mock.get(`${BASE}/p`, () => new HttpResponse("<html>maintenance</html>", { status: 200 })));
    const error = await failure(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).get("/p", itemSchema));
    expect(error).toMatchObject({ code: "invalid-response", message: UNKNOWN_ERROR_MESSAGE, body: "<html>maintenance</html>" });
  });

  it("an empty 2xx body is null, fine for a schema that ignores the answer", async () => {
    server.use(mock.post(`${BASE}/p`, () => new HttpResponse(null, { status: 204 })));
    await expect(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }).post("/p", {}, z.unknown())).resolves.toBeNull();
  });
});
