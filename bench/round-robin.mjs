#!/usr/bin/env node
/**
 * A small round-robin HTTP proxy for `npm run load` (bench/load.mjs), in a process of its own so that its work is
 * not the load generator's: each request goes to the next of PROXY_UPSTREAMS (comma-separated ports on 127.0.0.1),
 * with the address it saw appended to X-Forwarded-For as nginx's `$proxy_add_x_forwarded_for` does (the storefronts
 * trust loopback: TRUST_PROXY=loopback). Keep-alive connections to the storefronts, as nginx's upstream pool.
 * Listens on PROXY_PORT (127.0.0.1); SIGTERM stops it.
 */
import { Agent, createServer, request } from "node:http";

const upstreams = (process.env.PROXY_UPSTREAMS ?? "").split(",").filter(Boolean).map(Number);
if (upstreams.length === 0) throw new Error("PROXY_UPSTREAMS names no port");
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;
const server = createServer((req, res) => {
  const port = upstreams[next++ % upstreams.length];
  const peer = req.socket.remoteAddress ?? "";
  const forwarded = req.headers["x-forwarded-for"];
  const headers = { ...req.headers, "x-forwarded-for": forwarded ? `${forwarded}, ${peer}` : peer };
  const upstream = request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end("proxy: storefront unreachable");
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PROXY_PORT), "127.0.0.1", () => process.stdout.write("proxy listening\n"));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
