/**
 * Redis taken away under a running storefront (issue 14 §4, §5; ADR 070), with a real `redis-server`:
 * killed (a crash) and paused (a host that accepts nothing and answers nothing) while pages are browsed,
 * and killed while an order is in flight. Pages keep answering in well under a second each, a form is
 * placed exactly once, the customer sees their order, and `/readyz` and `redis_up` say Redis is down.
 */
import { TAKEAWAY_173, cookieWith, demoPersonAuth, nextCookie, post, twin, get, withUpstream } from "../checkout/helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as cartAction } from "~/routes/cart";
import { action as authAction } from "~/routes/auth";
import { loader as homeLoader } from "~/routes/_index";
import { loader as menuLoader } from "~/routes/menus.$menuId";
import { loader as readyzLoader } from "~/routes/readyz";
import { loader as successLoader } from "~/routes/checkout.$key";
import { redisReady } from "~server/redis";
import type { Services } from "~server/services";
import { addTelemetrySink } from "~server/telemetry";
import { redisServerForTests } from "./redis-server";
import { answerOf } from "../answer";
import { contextOf, routeArgs, servicesWith } from "../context";

const redis = redisServerForTests();
withUpstream();

const gauge: number[] = [];
const stopSink = addTelemetrySink({
  count: () => {},
  observe: () => {},
  set: (name, _labels, value) => void (name === "redis_up" && gauge.push(value)),
});
afterAll(() => stopSink());

let person: Awaited<ReturnType<typeof demoPersonAuth>>;
/** the storefront under test: its services share state through the test's Redis */
let storefront: Services;
beforeAll(async () => {
  storefront = servicesWith({ REDIS_URL: redis.url });
  await redisReady(storefront.redis!.client);
  person = await demoPersonAuth();
});
afterAll(async () => {
  await storefront?.close();
});

const CONTEXT = { clientAddress: "203.0.113.50" };
/** a route's arguments for one request to the storefront, from the client address above */
async function args<P extends Record<string, string>>(request: Request, params: P = {} as P) {
  return { ...(await routeArgs(request, params, { services: storefront, ...CONTEXT })), params };
}
const CART = [{ positionId: 10056, menuId: 501, count: 2, modifiers: [] }];
const FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };

async function readyz() {
  const response = (await readyzLoader(await args(get("/readyz", "")))) as Response;
  return (await response.json()) as { status: string; redis: string; ledger: string };
}

/** Redis and the order ledger's own connection (ADR 145), which reconnects on its own, both back */
const bothUp = () => expect.poll(async () => Object.values(await readyz()).filter((v) => v === "up").length, { timeout: 8_000, interval: 100 }).toBe(2);

/** One round of browsing: home, a menu, a sign-in code request (a rate limit), readiness; ms each. */
async function browse(cookie: string) {
  const timings: Record<string, number> = {};
  const time = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    const result = await run();
    timings[name] = performance.now() - started;
    if (result instanceof Response) expect(result.status, name).toBeLessThan(500);
    return result;
  };
  await time("home", async () => homeLoader(await args(get("/", cookie))));
  await time("menu", async () => menuLoader(await args(get("/menus/501", cookie), { menuId: "501" })));
  const phone = `+7902${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  await time("sms", async () => authAction(await args(post("/auth", "", { intent: "request-code", phone }))).catch((e: unknown) => e));
  await time("readyz", async () => readyzLoader(await args(get("/readyz", ""))));
  return timings;
}

describe("Redis killed while customers browse", () => {
  it("keeps every page under a second, and readiness and redis_up say Redis is down", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173 });
    expect((await readyz()).redis).toBe("up");
    await browse(cookie);

    await redis.kill();
    for (let round = 0; round < 5; round++) {
      const timings = await browse(cookie);
      for (const [page, ms] of Object.entries(timings)) expect(ms, `${page} took ${Math.round(ms)} ms`).toBeLessThan(1_000);
    }
    const down = await readyz();
    expect(down).toMatchObject({ status: "ready", redis: "down" });
    // the ledger's idle connection learns of it when its socket's close is read (at once on an idle machine)
    await expect.poll(async () => (await readyz()).ledger, { timeout: 5_000, interval: 100 }).toBe("down");
    expect(gauge.at(-1)).toBe(0);

    await redis.start();
    await bothUp();
    expect(gauge.at(-1)).toBe(1);
  }, 30_000);

  it("keeps pages fast while Redis hangs (accepts nothing, answers nothing)", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173 });
    redis.pause();
    try {
      for (let round = 0; round < 5; round++) {
        const timings = await browse(cookie);
        // one command waits for the 250 ms timeout, then the breaker answers at once
        for (const [page, ms] of Object.entries(timings)) expect(ms, `${page} took ${Math.round(ms)} ms`).toBeLessThan(1_000);
      }
      expect((await readyz()).redis).toBe("down");
    } finally {
      redis.resume();
    }
    await expect.poll(async () => (await readyz()).redis, { timeout: 8_000, interval: 250 }).toBe("up");
  }, 30_000);
});

describe("orders while Redis is away (the ledger fails closed, ADR 145)", () => {
  it("Redis away when the form is sent: nothing placed, 'try again in a minute', cart and fields kept; later the form places one order", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const key = crypto.randomUUID();
    const before = twin.store.orders().length;
    await redis.kill();
    try {
      const answer = await answerOf(await cartAction(await args(post("/cart", cookie, { ...FIELDS, key }))));
      expect(answer.status).toBe(422);
      expect(JSON.stringify(answer.body)).toContain("Повторите через минуту");
      // what was typed comes back with the answer, and the cart is still there
      expect(JSON.stringify(answer.body)).toContain("Анна");
      const after = nextCookie(cookie, answer.headers);
      expect((await (await contextOf(get("/", after), { services: storefront })).session.get("storefront")).cart_positions).toEqual(CART);
      expect(twin.store.orders().length).toBe(before);
    } finally {
      await redis.start();
    }
    // the ledger's connection can come back after the main one: until then the form is refused again, as above
    await bothUp();
    const placed = await answerOf(await cartAction(await args(post("/cart", cookie, { ...FIELDS, key }))));
    expect(placed.status).toBe(303);
    expect(placed.headers.get("Location")).toBe(`/checkout/${key}`);
    expect(twin.store.orders().length).toBe(before + 1);
  }, 30_000);

  it("Redis killed while the order's answer is on its way: the customer gets the order, and the same form after a restart without persistence places no second one", async () => {
    const cookie = await cookieWith({ ...TAKEAWAY_173, cart_positions: CART }, person);
    const key = crypto.randomUUID();
    const before = twin.store.orders().length;
    // the catalog is warm, so that the claim is made at once; the twin then commits the order and answers late
    await cartAction(await args(post("/cart", cookie, { intent: "person-count", personCount: "1" })));
    twin.store.setScenario({ afterCommit: { delayMs: 800, status: null, drop: false } });
    try {
      const pending = args(post("/cart", cookie, { ...FIELDS, key })).then(cartAction);
      await expect.poll(() => twin.store.orders().length, { interval: 20 }).toBe(before + 1);
      await redis.kill();
      const answer = await answerOf(await pending);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(`/checkout/${key}`);
      const after = nextCookie(cookie, answer.headers);
      expect((await (await contextOf(get("/", after), { services: storefront })).session.get("storefront")).cart_positions).toEqual([]);
      expect(twin.store.orders().length).toBe(before + 1);
      // the success page shows the order while Redis is still away (the browser's own copy, ADR 096)
      const success = (await successLoader(await args(get(`/checkout/${key}`, after), { key }))) as unknown;
      expect(JSON.stringify(success)).toContain(String(twin.store.orders().at(-1)!.id));
    } finally {
      twin.store.setScenario({ afterCommit: null });
    }

    // the test's Redis keeps nothing across a restart: the order comes back from this container's memory
    await redis.start();
    await bothUp();
    await expect.poll(async () => (await redis.client.keys(`sf:*:order:${key}`)).length, { timeout: 3_000 }).toBe(1);
    // the same form again, with the cart the browser still had (back button, a second tab): no second order
    const again = await answerOf(await cartAction(await args(post("/cart", cookie, { ...FIELDS, key }))));
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/checkout/${key}`);
    expect(twin.store.orders().length).toBe(before + 1);
  }, 30_000);
});
