/**
 * What an action's input may cost (ADR 142). An anonymous POST of 120 KB with 40,000 repeated fields blocked the
 * event loop for seconds (conform rebuilds a repeated name's array per field), and a 30-byte `modifier[10000000]`
 * took minutes and the heap: every customer of the container waited. Here every action of the app (each route
 * module under app/routes that exports one) gets the attack's bodies and generated ones of every shape — field
 * counts, names, nesting and sizes up to and past the form reader's bounds, one huge field, every content type —
 * through `routeArgs`, and must answer without a 5xx, within its budget, and without blocking the event loop for
 * more than 50 ms at a time (a probe: a 1 ms timer that notes the longest gap between its turns; Node 20's
 * `monitorEventLoopDelay` missed a 200 ms block when asked right after it).
 *
 * The machine is shared: a call over its budget or its block is measured again, up to four times; a real cost repeats, a
 * garbage collection or another process taking the core does not. A 5xx is never retried.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { setLogLevel } from "~server/log";
import { settleAnswer } from "../answer";
import { routeArgs } from "../context";
import { hostileBody, listedBodies, type EncodedBody } from "../forms/form-bodies";

/** the longest the event loop may be blocked at a time by one action's call */
const BLOCK_LIMIT_MS = 50;
/** the longest one call may take (an in-process twin answers the upstream calls) */
const CALL_BUDGET_MS = 1000;
/** generated bodies per action (besides the listed ones) */
const RUNS = 60;

const ROUTES_DIR = fileURLToPath(new URL("../../app/routes/", import.meta.url));
const EXPORTS_ACTION = /export\s+(?:const\s+action\s*=|async\s+function\s+action\s*\(|function\s+action\s*\()/;
/** every route module with an action */
const ACTIONS = readdirSync(ROUTES_DIR)
  .filter((file) => /\.tsx?$/.test(file) && EXPORTS_ACTION.test(readFileSync(`${ROUTES_DIR}${file}`, "utf8")))
  .sort();

/** the value each route parameter gets: real catalog ids where the route looks one up */
const PARAMS: Record<string, string> = { menuId: "501", positionId: "10001", code: "ABC", orderId: "1", provider: "google", "*": "scenario" };

/** a flat-routes file name as its URL and params: `menus.$menuId.positions.$positionId.tsx` → /menus/501/positions/10001 */
function routeOf(file: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index")
    .map((segment) => {
      const name = segment.replace(/\[([^\]]*)\]/g, "$1").replace(/_$/, "");
      if (name.startsWith("$")) {
        const param = name.slice(1) || "*";
        params[param] = PARAMS[param] ?? "1";
        return params[param];
      }
      return name;
    });
  return { url: `/${segments.join("/")}`, params };
}

interface ActionModule {
  action(args: Awaited<ReturnType<typeof routeArgs>>): unknown;
}

beforeAll(() => setLogLevel("silent"));

/** the longest the event loop went without a turn from now until `stop()` (a block at the very end included) */
function blockProbe(): { stop: () => number } {
  let last = performance.now();
  let longest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const turn = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    timer = setTimeout(turn, 1);
  };
  timer = setTimeout(turn, 1);
  return {
    stop() {
      clearTimeout(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}

interface Measured {
  status: number;
  ms: number;
  blockMs: number;
}

/** one call of the action with this body: its status, its time and the longest event-loop block during it */
async function callOnce(module: ActionModule, file: string, encoded: EncodedBody): Promise<Measured> {
  const { url, params } = routeOf(file);
  const headers = new Headers({ Origin: "http://localhost" });
  if (encoded.type) headers.set("Content-Type", encoded.type);
  const request = new Request(`http://localhost${url}`, { method: "POST", body: encoded.body, headers });
  const args = await routeArgs(request, params);
  const probe = blockProbe();
  const started = performance.now();
  const answer = await settleAnswer(async () => module.action(args));
  const ms = performance.now() - started;
  return { status: answer.status, ms, blockMs: probe.stop() };
}

async function expectCheap(module: ActionModule, file: string, encoded: EncodedBody) {
  let measured: Measured | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    measured = await callOnce(module, file, encoded);
    expect(measured.status, `${file}: ${encoded.what} answered ${measured.status}`).toBeLessThan(500);
    if (measured.ms <= CALL_BUDGET_MS && measured.blockMs <= BLOCK_LIMIT_MS) return;
  }
  const { ms, blockMs } = measured!;
  expect.soft(ms, `${file}: ${encoded.what} took ${ms.toFixed(0)} ms`).toBeLessThanOrEqual(CALL_BUDGET_MS);
  expect(blockMs, `${file}: ${encoded.what} blocked the event loop for ${blockMs.toFixed(0)} ms`).toBeLessThanOrEqual(BLOCK_LIMIT_MS);
}

it("finds every action of the app", () => {
  expect(ACTIONS).toEqual(
    expect.arrayContaining(["cart.tsx", "auth.tsx", "location.tsx", "preferences.tsx", "menus.$menuId.positions.$positionId.tsx", "auth_.apple.callback.ts", "$.tsx"]),
  );
  expect(ACTIONS.length).toBeGreaterThanOrEqual(13);
  expect(routeOf("menus.$menuId.positions.$positionId.tsx")).toEqual({ url: "/menus/501/positions/10001", params: { menuId: "501", positionId: "10001" } });
  expect(routeOf("[_demo].idp.$provider.tsx").url).toBe("/_demo/idp/google");
  expect(routeOf("auth_.apple.callback.ts").url).toBe("/auth/apple/callback");
});

describe.each(ACTIONS)("the action of %s", (file) => {
  it("answers every body without a 5xx, within its budget, never blocking the event loop over 50 ms", async () => {
    const module = (await import(/* @vite-ignore */ `${ROUTES_DIR}${file}`)) as ActionModule;
    // A path's first call compiles its code and fills the catalog cache (the twin's catalog took 140–330 ms of one
    // call, 2026-11-28): not a cost of the input. Each listed body goes once unmeasured, then is measured. Without
    // this the largest migration's cold call and the two after it (JIT still warming) went over 50 ms on a loaded CI
    // machine, while a warm one blocks for 8–25 ms.
    const listed = listedBodies();
    for (const encoded of listed) await callOnce(module, file, encoded);
    for (const encoded of listed) await expectCheap(module, file, encoded);
    await fc.assert(
      fc.asyncProperty(hostileBody, (encoded) => expectCheap(module, file, encoded)),
      { numRuns: RUNS },
    );
  }, 60_000);
});
