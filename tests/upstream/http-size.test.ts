/**
 * The answer-size bound of server/upstream/http.ts against a real HTTP server and Node's own fetch (undici), no mock in
 * between: a server that never ends its body, or declares gigabytes, costs the storefront at most `maxBodyBytes` of
 * memory and answers at once as a wrong answer, and the connection is let go.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createHttp } from "~server/upstream/http";
import { SINGLE_ATTEMPT } from "./helpers";

let server: Server;
let base = "";
let endlessClosed = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/endless") {
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = `{"id":1,"name":"${"y".repeat(16_000)}`;
      const timer = setInterval(() => response.write(chunk), 1);
      response.on("close", () => {
        clearInterval(timer);
        endlessClosed++;
      });
      return;
    }
    if (request.url === "/declared") {
      response.writeHead(200, { "content-type": "application/json", "content-length": String(4 * 1024 ** 3) });
      response.write('{"id":1,');
      return; // never sends the rest
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"id":7,"name":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the answer-size bound, over a real connection", () => {
  const schema = z.object({ id: z.number(), name: z.string() });
  const http = () => createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: base, maxBodyBytes: 256 * 1024, timeouts: { getMs: 10_000 } });

  it("an endless body is cut at the bound: a wrong answer (not the time limit's 'timeout'), and the connection closed", async () => {
    await expect(http().get("/endless", schema)).rejects.toMatchObject({ code: "invalid-response", status: 200 });
    await expect.poll(() => endlessClosed).toBe(1);
  });

  it("a declared length beyond the bound is not read at all", async () => {
    await expect(http().get("/declared", schema)).rejects.toMatchObject({ code: "invalid-response", status: 200 });
  });

  it("an answer within the bound is read as before", async () => {
    await expect(http().get("/ok", schema)).resolves.toEqual({ id: 7, name: "ok" });
  });
});
