/**
 * Issue 14 §3 against the production server: the per-address SMS limit counts Express's req.ip (socket +
 * TRUST_PROXY, handed to the app by server.mjs's getLoadContext), so a client that is not a trusted proxy
 * cannot escape it by sending a new X-Client-IP / X-Forwarded-For with every request.
 */
import { expect, test } from "./helpers/load-gate";
import { startServer, type ServerProcess } from "./helpers/server-process";

let server: ServerProcess;
// only a (made-up) load balancer is trusted: this test talks to the server directly, so its forwarding
// headers count for nothing (TRUST_PROXY "false" is not understood by server.mjs: it passes the string on)
test.beforeAll(async () => void (server = await startServer({ TRUST_PROXY: "192.0.2.254" })));
test.afterAll(async () => server?.stop());

test("twenty SMS codes per client address an hour, whatever address headers the client sends", async () => {
  test.setTimeout(60_000);
  const page = await (await fetch(`${server.base}/auth`)).text();
  const seal = /name="from__confirm"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="from__confirm"/.exec(page);
  const from = seal?.[1] ?? seal?.[2];
  expect(from).toBeTruthy();
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const spoofed = `198.51.100.${i + 1}`;
    const response = await fetch(`${server.base}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.base,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Client-IP": spoofed,
        "X-Forwarded-For": spoofed,
        "X-Real-IP": spoofed,
      },
      body: new URLSearchParams({ intent: "request-code", phone: `+7903${String(1_000_000 + i).padStart(7, "0")}`, name__confirm: "", from__confirm: from! }),
    });
    await response.text();
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(303));
  expect(statuses.slice(20)).toEqual(Array(5).fill(429));
});
