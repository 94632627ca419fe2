import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createHttp } from "~server/upstream/http";
import { BASE } from "./fixtures";
import { setupMswServer } from "./helpers";

const server = setupMswServer();
const schema = z.object({ ok: z.boolean() });

function flaky(failures: number, status = 503) {
  let calls = 0;
  return {
    calls: () => calls,
    handler: () => {
      calls++;
      return calls <= failures ? HttpResponse.json({ errors: [{ code: "busy", message: "Занято" }] }, { status }) : HttpResponse.json({ ok: true });
    },
  };
}

describe("upstream resilience (issue 8)", () => {
  it("retries a GET with backoff on 5xx and succeeds", async () => {
    const f = flaky(2);
    server.use(http.get(`${BASE}/thing`, f.handler));
    const client = createHttp({ baseUrl: BASE, resilience: { getRetries: 2, retryDelayMs: 5, breakerThreshold: false } });
    await expect(client.get("/thing", schema)).resolves.toEqual({ ok: true });
    expect(f.calls()).toBe(3);
  });

  it("does not retry a 4xx, nor any POST", async () => {
    const notFound = flaky(5, 404);
    server.use(http.get(`${BASE}/missing`, notFound.handler));
    const post = flaky(1);
    server.use(http.post(`${BASE}/orders`, post.handler));
    const client = createHttp({ baseUrl: BASE, resilience: { getRetries: 2, retryDelayMs: 5, breakerThreshold: false } });
    await expect(client.get("/missing", schema)).rejects.toMatchObject({ status: 404 });
    expect(notFound.calls()).toBe(1);
    await expect(client.post("/orders", {}, schema)).rejects.toMatchObject({ status: 503 });
    expect(post.calls()).toBe(1);
  });

  it("opens the circuit after consecutive failures, fails fast, and recovers without a restart", async () => {
    let up = false;
    let calls = 0;
    server.use(
      http.get(`${BASE}/catalog`, () => {
        calls++;
        return up ? HttpResponse.json({ ok: true }) : HttpResponse.error();
      }),
    );
    const client = createHttp({ baseUrl: BASE, resilience: { getRetries: 0, breakerThreshold: 3, halfOpenAfterMs: 100 } });
    for (let i = 0; i < 3; i++) await expect(client.get("/catalog", schema)).rejects.toMatchObject({ code: "network" });
    expect(client.circuit()).toBe("open");
    // open: no request reaches the upstream, the customer gets the network message at once
    await expect(client.get("/catalog", schema)).rejects.toMatchObject({ code: "circuit-open", message: "Network error when attempting to fetch resource." });
    expect(calls).toBe(3);
    // the upstream comes back; after the half-open delay one trial call closes the circuit
    up = true;
    await new Promise((r) => setTimeout(r, 150));
    await expect(client.get("/catalog", schema)).resolves.toEqual({ ok: true });
    expect(client.circuit()).toBe("closed");
  });

  it("does not count a 4xx answer against the upstream", async () => {
    server.use(http.post(`${BASE}/sign`, () => HttpResponse.json({ errors: [{ code: "sign.sms.code-invalid", message: "Неверный код" }] }, { status: 400 })));
    const client = createHttp({ baseUrl: BASE, resilience: { breakerThreshold: 2 } });
    for (let i = 0; i < 4; i++) await expect(client.post("/sign", {}, schema)).rejects.toMatchObject({ status: 400 });
    expect(client.circuit()).toBe("closed");
  });
});
