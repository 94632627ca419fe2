/**
 * The upstream twin (server/demo) as an HTTP server, for the deploy test (ADR 066): two storefront containers
 * in demo mode would each have their own in-process twin, so an SMS code sent by one would be unknown to the
 * other. Both containers instead point UPSTREAM_API_URL here, as they would at the real platform API.
 * Test-only controls under /__twin/ read SMS codes and orders and set scenarios; nothing else listens here.
 * deploy/run.mjs bundles this file with esbuild and runs it in its own container.
 */
import { createServer } from "node:http";
import { createDemoUpstream } from "~server/demo";
import { scenarioFromBody } from "~server/demo/scenario";

const port = Number(process.env.PORT ?? 8410);
const host = process.env.HOST ?? "127.0.0.1";
const baseUrl = `http://${host}:${port}`;
const twin = createDemoUpstream(baseUrl);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function control(url: URL, request: Request): Promise<Response> {
  switch (url.pathname) {
    case "/__twin/sms":
      return json(200, { code: twin.store.peekSmsCode(url.searchParams.get("phone") ?? "") });
    case "/__twin/orders":
      return json(200, { orders: twin.store.orders() });
    case "/__twin/scenario": {
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      twin.store.setScenario(scenarioFromBody(body));
      return json(200, { ok: true });
    }
    case "/__twin/healthz":
      return json(200, { ok: true });
    default:
      return json(404, { errors: [{ code: "not-found", message: "no such control" }] });
  }
}

const server = createServer(async (req, res) => {
  // a caller that gave up (the storefront's timeout) leaves a closed socket behind: never a crash of the twin
  req.on("error", () => undefined);
  res.on("error", () => undefined);
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", baseUrl);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
    const request = new Request(url, { method: req.method, headers, body });
    let response: Response;
    try {
      response = url.pathname.startsWith("/__twin/") ? await control(url, request) : await twin.fetch(request);
    } catch {
      // the twin's "down" scenario: no answer at all, as a dead upstream
      req.socket.destroy();
      return;
    }
    const out = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries([...response.headers].filter(([n]) => n !== "content-length" && n !== "content-encoding")));
    res.end(out);
  } catch (error) {
    if (res.headersSent || res.destroyed) return void res.destroy();
    res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ errors: [{ code: "twin", message: String(error) }] }));
  }
});
server.on("clientError", (_error, socket) => socket.destroy());
server.listen(port, host, () => process.stdout.write(`${JSON.stringify({ msg: "twin listening", baseUrl })}\n`));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
