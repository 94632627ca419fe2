/**
 * Where the last orders live (issue 18 §1, ADR 101), with a real `redis-server`: without Redis the encrypted
 * `sf_orders` cookie holds them within its budget (oldest dropped first); with Redis the person's key does and
 * the cookie stays empty; an order placed while Redis is away lands in the cookie, reading puts both together,
 * and the next order that reaches Redis takes the cookie's orders along.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import type { PastOrder } from "~/lib/order-history";
import { HISTORY_COOKIE_BUDGET_BYTES, readPastOrders, recordPastOrder, type HistoryDeps } from "~server/orders/history";
import { setLogLevel } from "~server/log";
import { redisReady } from "~server/redis";
import { redisPrefix } from "~server/redis/shared";
import type { Services } from "~server/services";
import { redisServerForTests } from "./redis-server";
import { contextOf, servicesWith } from "../context";

const redis = redisServerForTests();
/** services made by this file (one per set-up), closed after it */
const made: Services[] = [];
afterAll(async () => {
  await Promise.all(made.map((s) => s.close()));
});

/** names that do not compress away (the cookie is deflated before it is sealed) */
let seed = 7;
function noise(length: number): string {
  let text = "";
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    text += String.fromCharCode(0x4e00 + (seed % 4096));
  }
  return text;
}

function order(n: number, lines = 2): PastOrder {
  return {
    orderId: String(900000 + n),
    number: `D-${n}`,
    restoId: 173,
    cityId: 115,
    at: 1_700_000_000_000 + n * 60_000,
    total: 39000 * n,
    currency: "RUB",
    lines: Array.from({ length: lines }, (_, i) => ({ positionId: 10031 + i * 7 + n, menuId: 501, count: 1 + (n % 3), modifiers: [], name: noise(40) })),
  };
}

/** What the history needs of one request with the browser's cookies, on these services. */
async function depsOf(s: Services, cookie: string): Promise<HistoryDeps> {
  const { session } = await contextOf(new Request("http://localhost/", { headers: { Cookie: cookie } }), { services: s });
  return { session, sessions: s.sessions, redis: s.redis };
}

/** One request with the browser's cookies; returns the cookie jar after its answer. */
async function step(s: Services, cookie: string, run: (deps: HistoryDeps) => Promise<void>): Promise<{ cookie: string; historyBytes: number | null }> {
  const deps = await depsOf(s, cookie);
  await run(deps);
  const set = (await deps.session.commitHeaders()).getSetCookie().map((c) => c.split(";")[0]!);
  const jar = new Map(cookie.split("; ").filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const c of set) jar.set(c.split("=")[0]!, c);
  const history = set.find((c) => c.startsWith("sf_orders="));
  return { cookie: [...jar.values()].join("; "), historyBytes: history ? Buffer.byteLength(history) : null };
}

async function read(s: Services, cookie: string, owner = "1001") {
  return (await readPastOrders(await depsOf(s, cookie), owner)).map((o) => o.number);
}

/** The JSON log lines written to `stream` from now until `stop()`. */
function logLines(stream: "stdout" | "stderr") {
  const lines: Record<string, unknown>[] = [];
  const target = process[stream];
  const original = target.write.bind(target);
  const spy = vi.spyOn(target, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (text.startsWith("{")) lines.push(JSON.parse(text) as Record<string, unknown>);
    else return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    return true;
  }) as typeof target.write);
  return { read: () => lines, stop: () => spy.mockRestore() };
}

/** The storefront's services with or without Redis (the test server's). */
function useRedis(on: boolean): Services {
  const s = servicesWith({ REDIS_URL: on ? redis.url : undefined });
  made.push(s);
  return s;
}

describe("order history store", () => {
  it("without Redis: the cookie holds the last orders within its budget, oldest dropped first, for its owner only", async () => {
    const s = useRedis(false);
    let cookie = "";
    for (let n = 1; n <= 7; n++) {
      const result = await step(s, cookie, (deps) => recordPastOrder(deps, "1001", order(n)));
      cookie = result.cookie;
      expect(result.historyBytes).not.toBeNull();
      expect(result.historyBytes!).toBeLessThanOrEqual(HISTORY_COOKIE_BUDGET_BYTES);
    }
    expect(await read(s, cookie)).toEqual(["D-7", "D-6", "D-5", "D-4", "D-3"]);
    // another person signed in on the same browser sees none of it
    expect(await read(s, cookie, "2002")).toEqual([]);

    // large orders: fewer fit, the newest always first, and the log says how many were kept
    // (the tests log from warnings up: this step's information line is asked for)
    setLogLevel("info");
    const lines = logLines("stdout");
    try {
      for (let n = 8; n <= 10; n++) {
        const result = await step(s, cookie, (deps) => recordPastOrder(deps, "1001", order(n, 30)));
        cookie = result.cookie;
        expect(result.historyBytes!).toBeLessThanOrEqual(HISTORY_COOKIE_BUDGET_BYTES);
      }
    } finally {
      lines.stop();
      setLogLevel("warn");
    }
    const trimmed = lines.read().filter((l) => l.msg === "order history trimmed to the cookie budget");
    expect(trimmed.length).toBe(3);
    for (const line of trimmed) {
      expect(line).toMatchObject({ level: "info", kept: expect.any(Number), of: expect.any(Number) });
      // what the cookie kept, out of the orders it was asked to keep (at most five)
      expect(line.kept as number).toBeLessThan(line.of as number);
      expect(line.of as number).toBeLessThanOrEqual(5);
    }
    const kept = await read(s, cookie);
    expect(kept[0]).toBe("D-10");
    expect(kept.length).toBeLessThan(5);
  });

  it("with Redis: the person's key holds them, the cookie stays empty; during an outage the cookie does, and the next order moves it to Redis", async () => {
    const s = useRedis(true);
    await redisReady(s.redis!.client);
    const key = `${redisPrefix(s.config)}:order-history:1001`;
    let cookie = "";
    let result = await step(s, cookie, (deps) => recordPastOrder(deps, "1001", order(1)));
    cookie = result.cookie;
    expect(result.historyBytes).toBeNull();
    expect(await redis.client.pttl(key)).toBeGreaterThan(80 * 24 * 3600 * 1000);
    expect(await read(s, cookie)).toEqual(["D-1"]);

    // Redis goes away: the order is remembered in the cookie
    await redis.kill();
    result = await step(s, cookie, (deps) => recordPastOrder(deps, "1001", order(2)));
    cookie = result.cookie;
    expect(result.historyBytes).not.toBeNull();
    // (Redis's copy is out of reach: only what the cookie holds)
    expect(await read(s, cookie)).toEqual(["D-2"]);

    // back (empty, as after a restart without persistence): the next order takes the cookie's along
    await redis.start();
    // the running storefront's client reconnects by itself (at most a second after the server is back)
    await redisReady(s.redis!.client);
    result = await step(s, cookie, (deps) => recordPastOrder(deps, "1001", order(3)));
    cookie = result.cookie;
    // the restarted Redis lost D-1 (no persistence); D-2 came along from the cookie
    expect(await read(s, cookie)).toEqual(["D-3", "D-2"]);
    const emptied = new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect((await (await contextOf(emptied, { services: s })).session.get("history")).orders).toEqual([]);
    await redisReady(redis.client);
    expect(JSON.parse((await redis.client.get(key))!)).toHaveLength(2);
  });

  it("a value in Redis that is not the history (another program's, or cut short) is read as no orders: the cookie's are still shown, and the next order replaces it", async () => {
    const s = useRedis(true);
    await redisReady(s.redis!.client);
    const owner = "3003";
    const key = `${redisPrefix(s.config)}:order-history:${owner}`;
    // an order placed while Redis was away sits in the cookie
    const offline = useRedis(false);
    const { cookie } = await step(offline, "", (deps) => recordPastOrder(deps, owner, order(41)));
    await redis.client.set(key, "{not json");
    expect(await read(s, cookie, owner)).toEqual(["D-41"]);

    const after = await step(s, cookie, (deps) => recordPastOrder(deps, owner, order(42)));
    expect(await read(s, after.cookie, owner)).toEqual(["D-42", "D-41"]);
    expect(JSON.parse((await redis.client.get(key))!)).toHaveLength(2);
  });

  it("a session that cannot be read costs the history, never the request: reading answers no orders, recording does not throw", async () => {
    const s = useRedis(false);
    const deps = await depsOf(s, "");
    const broken: HistoryDeps = {
      ...deps,
      session: new Proxy(deps.session, {
        get: (target, name, receiver) =>
          name === "get" ? () => Promise.reject(new Error("cookie store unavailable")) : Reflect.get(target, name, receiver),
      }),
    };
    const lines = logLines("stderr");
    try {
      await expect(readPastOrders(broken, "1001")).resolves.toEqual([]);
      await expect(recordPastOrder(broken, "1001", order(5))).resolves.toBeUndefined();
    } finally {
      lines.stop();
    }
    // the operator is told, each time, with the cause
    expect(lines.read()).toEqual([
      expect.objectContaining({ level: "warn", msg: "order history could not be read", message: "cookie store unavailable" }),
      expect.objectContaining({ level: "warn", msg: "order history not recorded", message: "cookie store unavailable" }),
    ]);
  });
});
