/**
 * What an anonymous client can make the production server do with one request (ADR 142), against server.mjs on
 * the build, started here so its log can be read:
 * - a 120 KB form of 40,000 repeated fields, posted to every action, leaves /healthz answering within 200 ms (it
 *   blocked the event loop for about 6 s per post: conform's parser is quadratic in a repeated name), and is
 *   answered 413 with the customer's message;
 * - conform's reserved names (`__intent__`, `__state__`) are a 4xx on every action (they were a 500 with a stack);
 * - methods the app does not serve are a 405 with `Allow` (TRACE was a 500 with a stack; CONNECT closed the
 *   connection unanswered);
 * - a 1.1 MB chunked body is answered 413 with the message (the client got an empty reply: the connection was
 *   destroyed when the form reader stopped reading).
 * No request of these writes an "error" line to the server's log.
 */
import { connect } from "node:net";
import { request as httpRequest } from "node:http";
import { expect, test } from "./helpers/load-gate";
import { startServer, type ServerProcess } from "./helpers/server-process";

const MESSAGE = "Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.";

/** every action that reads a form (readForm): a refused body is a 4xx with the message */
const FORM_ACTIONS = [
  "/cart",
  "/auth",
  "/location",
  "/preferences",
  "/menus/501/positions/10001",
  "/auth/sign-out",
  "/auth/apple",
  "/shared-cart/ABC",
  "/orders/1/repeat",
  "/_demo/idp/google",
  "/_demo/pay/1",
];
/** the actions that answer any body with a redirect: Apple's callback (a failed sign-in) and the catch-all (home) */
const REDIRECTING_ACTIONS = ["/auth/apple/callback", "/no-such-page"];

const ATTACK = Array.from({ length: 40_000 }, () => "a=").join("&");

interface LogLine {
  level: string;
  msg: string;
  [key: string]: unknown;
}

function logLines(server: ServerProcess): LogLine[] {
  return server
    .logs()
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return { level: "not JSON", msg: line };
      }
    });
}

/** no "error" line and nothing but JSON lines in the server's log */
function expectNoErrorLines(server: ServerProcess) {
  const bad = logLines(server).filter((line) => line.level === "error" || line.level === "not JSON");
  expect(bad.map((line) => `${line.level}: ${line.msg} ${JSON.stringify(line).slice(0, 300)}`)).toEqual([]);
}

/** one request with any method (fetch refuses TRACE, TRACK and CONNECT) */
function rawMethod(base: string, method: string, path = "/"): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method, headers: { Connection: "close" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer`)));
    req.end();
  });
}

/** an HTTP/1.1 answer read off a raw socket: status, headers and the body (de-chunked) */
function parseReply(raw: Buffer): { status: number; headers: string; body: string } | null {
  const end = raw.indexOf("\r\n\r\n");
  if (end === -1) return null;
  const headers = raw.subarray(0, end).toString("latin1");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
  let rest = raw.subarray(end + 4);
  if (/\r\ntransfer-encoding: chunked/i.test(headers)) {
    const parts: Buffer[] = [];
    for (;;) {
      const line = rest.indexOf("\r\n");
      if (line === -1) return null;
      const size = parseInt(rest.subarray(0, line).toString("latin1"), 16);
      if (size === 0) break;
      if (rest.length < line + 2 + size + 2) return null;
      parts.push(rest.subarray(line + 2, line + 2 + size));
      rest = rest.subarray(line + 2 + size + 2);
    }
    return { status, headers, body: Buffer.concat(parts).toString("utf8") };
  }
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(headers)?.[1] ?? NaN);
  if (Number.isFinite(length) && rest.length < length) return null;
  return { status, headers, body: rest.toString("utf8") };
}

/**
 * A POST with a chunked body of `size` bytes on a raw socket, written as fast as the socket takes it (as a client
 * does), and the answer: what the customer's browser or the proxy gets back.
 */
function postChunked(base: string, path: string, size: number): Promise<{ reply: ReturnType<typeof parseReply>; bytes: number; error: string | null }> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let error: string | null = null;
    const finish = () => {
      clearTimeout(timer);
      const raw = Buffer.concat(received);
      socket.destroy();
      resolve({ reply: parseReply(raw), bytes: raw.length, error });
    };
    const timer = setTimeout(finish, 15_000);
    socket.on("data", (data) => {
      received.push(data);
      if (parseReply(Buffer.concat(received))) finish();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("close", finish);
    socket.on("connect", async () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const head = "intent=sign-out&x=";
      socket.write(`${head.length.toString(16)}\r\n${head}\r\n`);
      const chunk = "y".repeat(16 * 1024);
      for (let sent = 0; sent < size && !socket.destroyed; sent += chunk.length) {
        if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) await new Promise((r) => socket.once("drain", r).once("close", r));
      }
      if (!socket.destroyed) socket.write("0\r\n\r\n");
    });
  });
}

test.describe("input bounds against the production server (ADR 142)", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let server: ServerProcess;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("40,000 repeated fields to every action: 413 with the message, and /healthz answers within 200 ms throughout", async () => {
    const { base } = server;
    expect(ATTACK.length).toBeGreaterThan(119_000);
    const posts = [...FORM_ACTIONS, ...REDIRECTING_ACTIONS, "/cart.data", "/location.data"];
    // a fresh server's first answer of each kind compiles its code (the error page's first render took 100–300 ms on
    // a loaded 2-core machine): one small refused form per route first, so that what is measured is the input's cost
    for (const path of posts) {
      const warm = await fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "__intent__=x" });
      await warm.arrayBuffer();
    }
    let polling = true;
    const latencies: number[] = [];
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) });
        await health.arrayBuffer();
        latencies.push(performance.now() - started);
        expect(health.status).toBe(200);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const answers: string[] = [];
    // three rounds, two posts at a time: an attacker does not wait for one answer before the next post
    const queue = [...posts, ...posts, ...posts];
    const worker = async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const response = await fetch(`${base}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: ATTACK,
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        const readsForm = FORM_ACTIONS.includes(path);
        const ok = readsForm ? response.status === 413 && text.includes(MESSAGE) : path.endsWith(".data") ? response.status === 413 : response.status === 303;
        answers.push(`${path} → ${response.status}${ok ? "" : " (unexpected)"}`);
      }
    };
    await Promise.all([worker(), worker()]);
    polling = false;
    await poller;
    expect(answers.filter((a) => a.includes("unexpected"))).toEqual([]);
    expect(answers).toHaveLength(posts.length * 3);
    expect(latencies.length).toBeGreaterThan(5);
    const seen = `/healthz latencies (ms): ${latencies.map((l) => l.toFixed(0)).join(", ")}`;
    test.info().annotations.push({ type: "healthz", description: seen });
    console.log(`${answers.length} attack posts; ${seen}`);
    expect(Math.max(...latencies), seen).toBeLessThanOrEqual(200);
    // one warn line per refusal, naming why
    const refused = logLines(server).filter((line) => line.msg === "form refused" && line.reason === "too many fields");
    expect(refused.length).toBeGreaterThanOrEqual(FORM_ACTIONS.length * 3);
    expectNoErrorLines(server);
  });

  test("the same as multipart: 5,800 parts in 300 KB, 413 with the message", async () => {
    const { base } = server;
    const part = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n';
    const body = `${part.repeat(5800)}--b--\r\n`;
    expect(body.length).toBeLessThan(300_000);
    const started = performance.now();
    const response = await fetch(`${base}/cart`, { method: "POST", body, headers: { "Content-Type": "multipart/form-data; boundary=b" }, redirect: "manual" });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(MESSAGE);
    expect(performance.now() - started).toBeLessThan(2000);
    expectNoErrorLines(server);
  });

  test("conform's reserved names (__intent__, __state__) are a 4xx on every action, never a 500", async () => {
    const { base } = server;
    const failures: string[] = [];
    for (const path of [...FORM_ACTIONS, ...REDIRECTING_ACTIONS, "/cart.data"]) {
      for (const name of ["__intent__", "__state__"]) {
        for (const multipart of [false, true]) {
          const fields = { intent: "add", [name]: "x" };
          const body = multipart ? Object.entries(fields).reduce((form, [k, v]) => (form.append(k, v), form), new FormData()) : new URLSearchParams(fields).toString();
          const headers: Record<string, string> = multipart ? {} : { "Content-Type": "application/x-www-form-urlencoded" };
          const response = await fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers, body });
          const text = await response.text();
          const where = `${path} ${name}=x ${multipart ? "multipart" : "url-encoded"} → ${response.status}`;
          if (REDIRECTING_ACTIONS.includes(path)) {
            if (response.status !== 303) failures.push(where);
          } else if (response.status !== 400) failures.push(where);
          else if (FORM_ACTIONS.includes(path) && !text.includes(MESSAGE)) failures.push(`${where}: no message`);
        }
      }
    }
    expect(failures).toEqual([]);
    expectNoErrorLines(server);
  });

  test("methods the app does not serve are a 405 with Allow, plain text; GET, HEAD, POST and OPTIONS work as before", async () => {
    const { base } = server;
    // Node's parser takes these (it answers a method it does not know, such as TRACK, with its own 400)
    for (const method of ["TRACE", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "PUT", "PATCH", "DELETE", "PURGE", "SEARCH", "QUERY", "M-SEARCH"]) {
      const answer = await rawMethod(base, method, "/cart");
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe("GET, HEAD, POST, OPTIONS");
      expect(answer.headers["content-type"], method).toBe("text/plain; charset=utf-8");
      expect(answer.text, method).toBe("Method Not Allowed");
    }
    // CONNECT never reaches Express: answered 405 too, instead of a closed connection
    const connectReply = await new Promise<string>((resolve) => {
      const url = new URL(base);
      const socket = connect(Number(url.port), url.hostname, () => socket.write(`CONNECT ${url.host} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`));
      let reply = "";
      socket.on("data", (d) => (reply += d));
      socket.on("close", () => resolve(reply));
      socket.on("error", () => resolve(reply));
      setTimeout(() => socket.destroy(), 10_000);
    });
    expect(connectReply).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(connectReply).toContain("\r\nAllow: GET, HEAD, POST, OPTIONS\r\n");
    // what the app serves is unchanged: OPTIONS still reaches React Router (which answers no preflight: its 405 page)
    expect((await rawMethod(base, "GET", "/healthz")).status).toBe(200);
    expect((await rawMethod(base, "HEAD", "/menus/501")).status).toBeLessThan(400);
    const options = await rawMethod(base, "OPTIONS", "/");
    expect(options.status).toBe(405);
    expect(options.headers.allow).toBeUndefined();
    expect(options.headers["content-type"]).toContain("text/html");
    const add = await fetch(`${base}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=add&positionId=10031&menuId=501",
    });
    expect(add.status).toBe(303);
    expectNoErrorLines(server);
  });

  test("a 1.1 MB chunked body is answered 413 with the message, not an empty reply", async () => {
    const { base } = server;
    const { reply, bytes, error } = await postChunked(base, "/auth/sign-out", 1_100_000);
    expect(reply, `no answer: ${bytes} bytes back, socket error ${error}`).not.toBeNull();
    expect(reply!.status).toBe(413);
    expect(reply!.body).toContain(MESSAGE);
    // the server stays up and serves the next client
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const refused = logLines(server).filter((line) => line.msg === "form refused" && line.reason === "body too large");
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expectNoErrorLines(server);
  });
});
