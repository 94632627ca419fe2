/**
 * Where the last orders live (issue 18 §1, ADR 101), with a real `redis-server`: without Redis the encrypted
 * `sf_orders` cookie holds them within its budget (oldest dropped first); with Redis the person's key does and
 * the cookie stays empty; an order placed while Redis is away lands in the cookie, reading puts both together,
 * and the next order that reaches Redis takes the cookie's orders along.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { PastOrder } from "~/lib/order-history";
import { resetConfigForTests } from "~server/config";
import { HISTORY_COOKIE_BUDGET_BYTES, readPastOrders, recordPastOrder } from "~server/orders/history";
import { redisReady } from "~server/redis";
import { getSharedRedis, redisPrefix, resetSharedRedisForTests } from "~server/redis/shared";
import { commitHeaders, getState } from "~server/session";
import { redisServerForTests } from "./redis-server";

const redis = redisServerForTests();
afterAll(() => {
  resetSharedRedisForTests();
  delete process.env.REDIS_URL;
  resetConfigForTests();
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

/** One request with the browser's cookies; returns the cookie jar after its answer. */
async function step(cookie: string, run: (request: Request) => Promise<void>): Promise<{ cookie: string; historyBytes: number | null }> {
  const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
  await run(request);
  const set = (await commitHeaders(request)).getSetCookie().map((c) => c.split(";")[0]!);
  const jar = new Map(cookie.split("; ").filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const c of set) jar.set(c.split("=")[0]!, c);
  const history = set.find((c) => c.startsWith("sf_orders="));
  return { cookie: [...jar.values()].join("; "), historyBytes: history ? Buffer.byteLength(history) : null };
}

async function read(cookie: string, owner = "1001") {
  const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
  return (await readPastOrders(request, owner)).map((o) => o.number);
}

function useRedis(on: boolean) {
  if (on) process.env.REDIS_URL = redis.url;
  else delete process.env.REDIS_URL;
  resetConfigForTests();
  resetSharedRedisForTests();
}

describe("order history store", () => {
  it("without Redis: the cookie holds the last orders within its budget, oldest dropped first, for its owner only", async () => {
    useRedis(false);
    let cookie = "";
    for (let n = 1; n <= 7; n++) {
      const result = await step(cookie, (request) => recordPastOrder(request, "1001", order(n)));
      cookie = result.cookie;
      expect(result.historyBytes).not.toBeNull();
      expect(result.historyBytes!).toBeLessThanOrEqual(HISTORY_COOKIE_BUDGET_BYTES);
    }
    expect(await read(cookie)).toEqual(["D-7", "D-6", "D-5", "D-4", "D-3"]);
    // another person signed in on the same browser sees none of it
    expect(await read(cookie, "2002")).toEqual([]);

    // large orders: fewer fit, the newest always first
    for (let n = 8; n <= 10; n++) {
      const result = await step(cookie, (request) => recordPastOrder(request, "1001", order(n, 30)));
      cookie = result.cookie;
      expect(result.historyBytes!).toBeLessThanOrEqual(HISTORY_COOKIE_BUDGET_BYTES);
    }
    const kept = await read(cookie);
    expect(kept[0]).toBe("D-10");
    expect(kept.length).toBeLessThan(5);
  });

  it("with Redis: the person's key holds them, the cookie stays empty; during an outage the cookie does, and the next order moves it to Redis", async () => {
    useRedis(true);
    await redisReady(getSharedRedis()!.client);
    const key = `${redisPrefix()}:order-history:1001`;
    let cookie = "";
    let result = await step(cookie, (request) => recordPastOrder(request, "1001", order(1)));
    cookie = result.cookie;
    expect(result.historyBytes).toBeNull();
    expect(await redis.client.pttl(key)).toBeGreaterThan(80 * 24 * 3600 * 1000);
    expect(await read(cookie)).toEqual(["D-1"]);

    // Redis goes away: the order is remembered in the cookie
    await redis.kill();
    result = await step(cookie, (request) => recordPastOrder(request, "1001", order(2)));
    cookie = result.cookie;
    expect(result.historyBytes).not.toBeNull();
    // (Redis's copy is out of reach: only what the cookie holds)
    expect(await read(cookie)).toEqual(["D-2"]);

    // back (empty, as after a restart without persistence): the next order takes the cookie's along
    await redis.start();
    useRedis(true);
    await redisReady(getSharedRedis()!.client);
    result = await step(cookie, (request) => recordPastOrder(request, "1001", order(3)));
    cookie = result.cookie;
    // the restarted Redis lost D-1 (no persistence); D-2 came along from the cookie
    expect(await read(cookie)).toEqual(["D-3", "D-2"]);
    const emptied = new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect((await getState(emptied, "history")).orders).toEqual([]);
    await redisReady(redis.client);
    expect(JSON.parse((await redis.client.get(key))!)).toHaveLength(2);
  });
});
