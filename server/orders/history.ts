/**
 * Where a signed-in customer's last orders live (issue 18 §1, ADR 101):
 * - with REDIS_URL, in Redis: one JSON value per person (`<prefix>:order-history:<personId>`), 90 days;
 *   every device of the person sees it;
 * - else — and whenever Redis does not answer — in the browser's own encrypted `sf_orders` cookie, bounded to
 *   HISTORY_COOKIE_BUDGET_BYTES: the oldest orders are dropped first (app/lib/order-history.ts `historyCandidates`).
 * Reading puts both together (an order placed while Redis was away is in the cookie only); a write that
 * reaches Redis takes the cookie's orders along and empties the cookie. Redis is an accelerator (ADR 070):
 * nothing here ever fails a request — a failure is logged and the history is simply shorter.
 */
import { addToHistory, decodeHistory, encodePastOrder, historyCandidates, mergeHistories, type PastOrder, type StoredPastOrder } from "~/lib/order-history";
import { log } from "../log";
import type { SharedRedis } from "../redis/shared";
import { cookieBytes, type RequestSession, type SessionStores } from "../session";

/** What the history needs of a request: its session, the cookie stores and Redis (when configured). */
export interface HistoryDeps {
  session: RequestSession;
  sessions: SessionStores;
  redis: SharedRedis | null;
}

/**
 * The cookie's budget: well under the 4 KB guard, because the browser sends every cookie of the site in one
 * Cookie header (the storefront cookie may take 4 KB by itself, the sign-in cookie another 1–2 KB, and proxies
 * commonly refuse a header line over 8 KB).
 */
export const HISTORY_COOKIE_BUDGET_BYTES = 1800;
export const HISTORY_TTL_MS = 90 * 24 * 60 * 60 * 1000;

const redisKey = (redis: SharedRedis, owner: string) => `${redis.prefix}:order-history:${owner}`;

async function fromCookie(session: RequestSession, owner: string): Promise<PastOrder[]> {
  const state = await session.get("history");
  return state.owner === owner ? decodeHistory(state.orders) : [];
}

/** Redis's copy: null when Redis is not configured or does not answer (then the cookie is all there is). */
async function fromRedis(shared: SharedRedis | null, owner: string): Promise<PastOrder[] | null> {
  if (!shared) return null;
  return shared.guard.run(
    async () => {
      const raw = await shared.client.get(redisKey(shared, owner));
      if (!raw) return [];
      try {
        return decodeHistory(JSON.parse(raw));
      } catch {
        return [];
      }
    },
    () => null,
  );
}

/** true when written; false when Redis is not configured or does not answer */
async function toRedis(shared: SharedRedis | null, owner: string, history: readonly PastOrder[]): Promise<boolean> {
  if (!shared) return false;
  const value = JSON.stringify(history.map((o) => encodePastOrder(o)));
  return shared.guard.run(async () => (await shared.client.set(redisKey(shared, owner), value, "PX", HISTORY_TTL_MS)) === "OK", () => false);
}

/** Writes the cookie copy (the caller's answer commits it), trimmed to the budget; how many orders it kept. */
async function toCookie({ session, sessions }: HistoryDeps, owner: string, history: readonly PastOrder[]): Promise<number> {
  let chosen: StoredPastOrder[] = [];
  // fitHistory's candidates, measured as the sealed cookie (async, so not through its `fits`)
  for (const candidate of historyCandidates(history)) {
    if ((await cookieBytes(sessions, "history", { owner, orders: candidate })) <= HISTORY_COOKIE_BUDGET_BYTES) {
      chosen = candidate;
      break;
    }
  }
  const state = await session.get("history");
  state.owner = owner;
  state.orders = chosen;
  return chosen.length;
}

/** The person's last orders, newest first (at most five). */
export async function readPastOrders(deps: HistoryDeps, owner: string): Promise<PastOrder[]> {
  try {
    const [redis, cookie] = await Promise.all([fromRedis(deps.redis, owner), fromCookie(deps.session, owner)]);
    return mergeHistories(redis ?? [], cookie);
  } catch (error) {
    log("warn", "order history could not be read", { message: error instanceof Error ? error.message : String(error) });
    return [];
  }
}

/** Remembers a placed order for its person; never throws (the order is placed whatever happens here). */
export async function recordPastOrder(deps: HistoryDeps, owner: string, order: PastOrder): Promise<void> {
  try {
    const [redis, cookie] = await Promise.all([fromRedis(deps.redis, owner), fromCookie(deps.session, owner)]);
    const history = addToHistory(mergeHistories(redis ?? [], cookie), order);
    if (redis !== null && (await toRedis(deps.redis, owner, history))) {
      // Redis has it all now, the cookie's orders (from an outage) included: the cookie is emptied
      const state = await deps.session.get("history");
      if (state.orders?.length) {
        state.owner = owner;
        state.orders = [];
      }
      return;
    }
    const kept = await toCookie(deps, owner, history);
    if (kept < history.length) log("info", "order history trimmed to the cookie budget", { kept, of: history.length });
  } catch (error) {
    log("warn", "order history not recorded", { message: error instanceof Error ? error.message : String(error) });
  }
}
