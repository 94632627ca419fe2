import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "./helpers/load-gate";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

async function startServer(port: number, env: Record<string, string> = {}): Promise<{ child: ChildProcess; base: string; logs: () => string }> {
  let output = "";
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", LOG_LEVEL: "info", BUILD_DIR: process.env.BUILD_DIR ?? "build", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, logs: () => output };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start:\n${output}`);
}

test.describe("the server process", () => {
  test("refuses cross-site POSTs before any action runs, and accepts same-site ones", async ({ request }) => {
    const crossSite = await request.post("/preferences", {
      form: { intent: "locale", locale: "en" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status()).toBe(403);
    expect(crossSite.headers()["set-cookie"]).toBeUndefined();
    const foreignOrigin = await request.post("/preferences", { form: { intent: "locale", locale: "en" }, headers: { Origin: "https://evil.example" } });
    expect(foreignOrigin.status()).toBe(403);
    const sameSite = await request.post("/preferences", {
      form: { intent: "locale", locale: "en" },
      headers: { Origin: `http://localhost:${BASE_PORT}`, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(sameSite.status()).toBe(303);
  });

  test("refuses an open redirect: redirectTo only to same-origin paths", async ({ request }) => {
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const response = await request.post("/preferences", { form: { intent: "locale", locale: "ru", redirectTo: target }, maxRedirects: 0 });
      expect(response.status()).toBe(303);
      const location = response.headers()["location"]!;
      expect(location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\")).toBe(true);
    }
  });

  test("logs JSON lines with a request id that also tags the upstream calls of that request", async () => {
    const { child, base, logs } = await startServer(BASE_PORT + 50, { LOG_LEVEL: "debug" });
    try {
      // a menu page: home sends a first visit to the location popup first (ADR 090)
      const response = await fetch(`${base}/menus/501`, { headers: { "X-Request-Id": "trace-abc-123" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-request-id")).toBe("trace-abc-123");
      await new Promise((r) => setTimeout(r, 200));
      const lines = logs()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const access = lines.find((l) => l.msg === "request" && l.requestId === "trace-abc-123");
      expect(access).toMatchObject({ method: "GET", route: "/menus/501", status: 200 });
      expect(typeof access!.durationMs).toBe("number");
      const upstream = lines.filter((l) => l.msg === "upstream call" && l.requestId === "trace-abc-123");
      expect(upstream.length).toBeGreaterThan(0);
      expect(upstream[0]).toMatchObject({ method: "GET", status: 200 });
      expect(typeof upstream[0]!.path).toBe("string");
      // no tokens or personal data in logs
      expect(logs()).not.toMatch(/Bearer|accessToken|refreshToken/);
    } finally {
      child.kill("SIGKILL");
    }
  });

  test("a graceful shutdown finishes the request in flight, then exits", async () => {
    const { child, base } = await startServer(BASE_PORT + 51, { DEMO_UPSTREAM_LATENCY_MS: "400" });
    const inFlight = fetch(`${base}/menus/501`); // cold cache: waits on the slow upstream
    await new Promise((r) => setTimeout(r, 150));
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("</html>");
    const [code] = await exited;
    expect(code).toBe(0);
    // no new connections after the shutdown
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
