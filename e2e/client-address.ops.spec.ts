/**
 * Issue 14 §3, ADR 143 against the production server: the rate limits count Express's req.ip (socket + TRUST_PROXY,
 * handed to the app by server.mjs), so a header a client sets never chooses its bucket — not when it talks to the
 * server directly, not through a named proxy that appends the address it saw (nginx's $proxy_add_x_forwarded_for),
 * and not with the default configuration, which trusts nobody. What the configuration cannot see, the server says in
 * its log, once: at start (PUBLIC_ORIGIN without TRUST_PROXY) and at run time (a trusted proxy that forwards nothing,
 * a proxy nobody named).
 *
 * Clients at different addresses are the test connecting from different loopback addresses (127.0.0.2, 127.0.0.3…:
 * all of 127/8 is this machine); "the proxy" is the test connecting from 127.0.0.1 with the header nginx would send.
 */
import { request as httpRequest } from "node:http";
import { expect, test } from "./helpers/load-gate";
import { startServer, type ServerProcess } from "./helpers/server-process";

const NGINX_LINE = "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;";

/** one request from `from` (a local address), with these headers; the status */
function send(
  server: ServerProcess,
  from: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const url = new URL(path, server.base);
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? "GET",
        localAddress: from,
        headers: init.headers,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** the sign-in page's sealed honeypot value, which a code request must carry */
async function formSeal(server: ServerProcess): Promise<string> {
  const page = await (await fetch(`${server.base}/auth`)).text();
  const seal = /name="from__confirm"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="from__confirm"/.exec(page);
  const from = seal?.[1] ?? seal?.[2];
  expect(from).toBeTruthy();
  return from!;
}

let phones = 0;
/** asks for an SMS code for a new phone (20 an hour per client address, ADR 031); the status: 303 sent, 429 refused */
function requestCode(server: ServerProcess, seal: string, from: string, headers: Record<string, string> = {}) {
  phones += 1;
  return send(server, from, "/auth", {
    method: "POST",
    headers: {
      Origin: server.base,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams({
      intent: "request-code",
      phone: `+7903${String(1_000_000 + phones).padStart(7, "0")}`,
      name__confirm: "",
      from__confirm: seal,
    }).toString(),
  });
}

/** the JSON log lines whose message contains `text` */
const linesWith = (server: ServerProcess, text: string) =>
  server
    .logs()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(text));

test.describe("the client address of the rate limits", () => {
  let server: ServerProcess | undefined;
  test.afterEach(async () => server?.stop());

  test("only a named load balancer is trusted: a client talking to the server directly cannot choose its address", async () => {
    test.setTimeout(60_000);
    server = await startServer({ TRUST_PROXY: "192.0.2.254" });
    const seal = await formSeal(server);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const spoofed = `198.51.100.${i + 1}`;
      statuses.push(
        await requestCode(server, seal, "127.0.0.1", {
          "X-Client-IP": spoofed,
          "X-Forwarded-For": spoofed,
          "X-Real-IP": spoofed,
        }),
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(303));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
  });

  test("with the default configuration a client's X-Forwarded-For is ignored: each connecting address is its own bucket", async () => {
    test.setTimeout(60_000);
    server = await startServer({ TRUST_PROXY: "" });
    const seal = await formSeal(server);
    const statuses: number[] = [];
    // a script at 127.0.0.2 claims a new address with every request, loopback and the proxy's own among them
    for (let i = 0; i < 25; i++)
      statuses.push(
        await requestCode(server, seal, "127.0.0.2", { "X-Forwarded-For": i % 5 === 0 ? "127.0.0.1" : `198.51.100.${i + 1}` }),
      );
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(303));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // another client is not refused, even when the script names it in its header — nor when it names the script
    expect(await requestCode(server, seal, "127.0.0.3", { "X-Forwarded-For": "127.0.0.2" })).toBe(303);
    expect(await requestCode(server, seal, "127.0.0.2", { "X-Forwarded-For": "127.0.0.3" })).toBe(429);
    // a private peer sending X-Forwarded-For looks like a proxy nobody named: said once, with the value to set
    await expect.poll(() => linesWith(server!, "TRUST_PROXY does not trust 127.0.0.2").length).toBe(1);
    expect(linesWith(server, "TRUST_PROXY does not trust")[0]).toContain("set TRUST_PROXY=loopback");
    // a browser on this machine, with no PUBLIC_ORIGIN (no proxy in front), is not taken for a proxy
    for (let i = 0; i < 60; i++) expect(await send(server, "127.0.0.1", "/robots.txt")).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(linesWith(server, "TRUST_PROXY")).toHaveLength(1);
  });

  test("behind a named proxy that appends the address it saw, spoofed X-Forwarded-For entries never choose the bucket", async () => {
    test.setTimeout(60_000);
    server = await startServer({ TRUST_PROXY: "127.0.0.1", PUBLIC_ORIGIN: "https://order.example.com" });
    const seal = await formSeal(server);
    const proxied = (client: string, own?: string) => ({
      Origin: "https://order.example.com",
      "X-Forwarded-For": own ? `${own}, ${client}` : client,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push(await requestCode(server, seal, "127.0.0.1", proxied("203.0.113.10", i % 2 ? `198.51.100.${i}` : undefined)));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(303));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // the next customer through the same proxy has a bucket of its own, whatever it claims to be
    expect(await requestCode(server, seal, "127.0.0.1", proxied("203.0.113.20", "203.0.113.10"))).toBe(303);
    expect(await requestCode(server, seal, "127.0.0.1", proxied("203.0.113.10", "203.0.113.20"))).toBe(429);
    // a client reaching the server around the proxy is not trusted: its header is not its address
    expect(
      await requestCode(server, seal, "127.0.0.2", { Origin: "https://order.example.com", "X-Forwarded-For": "203.0.113.30" }),
    ).toBe(303);
    expect(linesWith(server, "TRUST_PROXY is not set")).toEqual([]);
  });
});

test.describe("what the server cannot see, it says once", () => {
  let server: ServerProcess | undefined;
  test.afterEach(async () => server?.stop());

  test("PUBLIC_ORIGIN without TRUST_PROXY: a line at start, and one when every request comes from one address", async () => {
    server = await startServer({ TRUST_PROXY: "", PUBLIC_ORIGIN: "https://order.example.com" });
    const start = linesWith(server, "TRUST_PROXY is not set");
    expect(start).toHaveLength(1);
    expect(start[0]).toContain(NGINX_LINE);
    expect(JSON.parse(start[0]!)).toMatchObject({ level: "warn" });
    // a bare proxy_pass on this host: every customer arrives from 127.0.0.1 with no X-Forwarded-For
    for (let i = 0; i < 60; i++) expect(await send(server, "127.0.0.1", "/robots.txt")).toBe(200);
    await expect.poll(() => linesWith(server!, "TRUST_PROXY=loopback").length).toBe(1);
    const [line] = linesWith(server, "TRUST_PROXY=loopback");
    expect(line).toContain(NGINX_LINE);
    expect(linesWith(server, "TRUST_PROXY is not set")).toHaveLength(1);
  });

  test("a named proxy that forwards no address: one line with the nginx fix; health probes alone say nothing", async () => {
    server = await startServer({ TRUST_PROXY: "127.0.0.1" });
    for (let i = 0; i < 60; i++) expect(await send(server, "127.0.0.1", "/healthz")).toBe(200);
    expect(linesWith(server, "X-Forwarded-For")).toEqual([]);
    for (let i = 0; i < 60; i++) expect(await send(server, "127.0.0.1", "/robots.txt")).toBe(200);
    await expect.poll(() => linesWith(server!, "carry no X-Forwarded-For").length).toBe(1);
    expect(linesWith(server, "carry no X-Forwarded-For")[0]).toContain(NGINX_LINE);
    expect(linesWith(server, "X-Forwarded-For")).toHaveLength(1);
  });
});
