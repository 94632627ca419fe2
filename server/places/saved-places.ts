/**
 * Where a signed-in customer's saved delivery places live (issue 39 §1, ADR 180), as the order history does
 * (server/orders/history.ts, ADR 101):
 * - with REDIS_URL, in Redis: one JSON value per person (`<prefix>:saved-places:<personId>`), 180 days from the
 *   last change; every device of the person sees them;
 * - else — and whenever Redis does not answer — in the browser's own encrypted `sf_places` cookie, bounded to
 *   PLACES_COOKIE_BUDGET_BYTES: the oldest places are dropped first (app/lib/saved-places.ts `placeCandidates`).
 * Reading puts both together (a place saved while Redis was away is in the cookie only); a write that reaches
 * Redis takes the cookie's places along and empties the cookie. Redis is an accelerator (ADR 070): nothing here
 * ever fails a request — a failure is logged and the list is simply shorter. Sign-out leaves both alone: the
 * places come back at the next sign-in of the same person.
 */
import {
  decodePlaces,
  encodePlace,
  forgetPlace,
  mergePlaces,
  placeCandidates,
  rememberPlace,
  type SavedPlace,
  type StoredPlace,
} from "~/lib/saved-places";
import { log } from "../log";
import type { SharedRedis } from "../redis/shared";
import { cookieBytes, type RequestSession, type SessionStores } from "../session";

export interface PlacesDeps {
  session: RequestSession;
  sessions: SessionStores;
  redis: SharedRedis | null;
}

/**
 * The cookie's budget: under the history's (1,800 bytes), for the same reason — the browser sends every cookie of
 * the site in one Cookie header (the storefront cookie up to 4 KB, sign-in 1–2 KB, the history 1.8 KB), and proxies
 * commonly refuse a header line over 8 KB. Five ordinary places take 500–700 bytes sealed.
 */
export const PLACES_COOKIE_BUDGET_BYTES = 1200;
export const PLACES_TTL_MS = 180 * 24 * 60 * 60 * 1000;

const redisKey = (redis: SharedRedis, owner: string) => `${redis.prefix}:saved-places:${owner}`;

async function fromCookie(session: RequestSession, owner: string): Promise<SavedPlace[]> {
  const state = await session.get("places");
  return state.owner === owner ? decodePlaces(state.places) : [];
}

/** Redis's copy: null when Redis is not configured or does not answer (then the cookie is all there is). */
async function fromRedis(shared: SharedRedis | null, owner: string): Promise<SavedPlace[] | null> {
  if (!shared) return null;
  return shared.guard.run(
    async () => {
      const raw = await shared.client.get(redisKey(shared, owner));
      if (!raw) return [];
      try {
        return decodePlaces(JSON.parse(raw));
      } catch {
        return [];
      }
    },
    () => null,
  );
}

/** true when written; false when Redis is not configured or does not answer */
async function toRedis(shared: SharedRedis | null, owner: string, places: readonly SavedPlace[]): Promise<boolean> {
  if (!shared) return false;
  const key = redisKey(shared, owner);
  return shared.guard.run(
    async () =>
      places.length === 0
        ? (await shared.client.del(key)) >= 0
        : (await shared.client.set(key, JSON.stringify(places.map(encodePlace)), "PX", PLACES_TTL_MS)) === "OK",
    () => false,
  );
}

/** Writes the cookie copy (the caller's answer commits it), trimmed to the budget; how many places it kept. */
async function toCookie({ session, sessions }: PlacesDeps, owner: string, places: readonly SavedPlace[]): Promise<number> {
  let chosen: StoredPlace[] = [];
  for (const candidate of placeCandidates(places)) {
    if ((await cookieBytes(sessions, "places", { owner, places: candidate })) <= PLACES_COOKIE_BUDGET_BYTES) {
      chosen = candidate;
      break;
    }
  }
  const state = await session.get("places");
  state.owner = owner;
  state.places = chosen;
  return chosen.length;
}

async function readBoth(deps: PlacesDeps, owner: string) {
  const [redis, cookie] = await Promise.all([fromRedis(deps.redis, owner), fromCookie(deps.session, owner)]);
  return { redis, merged: mergePlaces(redis ?? [], cookie) };
}

/** Stores the person's new list: in Redis when it answers (the cookie then emptied), else in the cookie. */
async function write(deps: PlacesDeps, owner: string, redisAnswered: boolean, places: readonly SavedPlace[]) {
  if (redisAnswered && (await toRedis(deps.redis, owner, places))) {
    const state = await deps.session.get("places");
    if (state.places?.length) {
      state.owner = owner;
      state.places = [];
    }
    return;
  }
  const kept = await toCookie(deps, owner, places);
  if (kept < places.length) log("info", "saved places trimmed to the cookie budget", { kept, of: places.length });
}

/** The person's saved places, newest first (at most five). Never throws. */
export async function readSavedPlaces(deps: PlacesDeps, owner: string): Promise<SavedPlace[]> {
  try {
    return (await readBoth(deps, owner)).merged;
  } catch (error) {
    log("warn", "saved places could not be read", { message: error instanceof Error ? error.message : String(error) });
    return [];
  }
}

/** Remembers a delivery place for its person; never throws (the location is saved whatever happens here). */
export async function recordSavedPlace(deps: PlacesDeps, owner: string, place: SavedPlace): Promise<void> {
  try {
    const { redis, merged } = await readBoth(deps, owner);
    await write(deps, owner, redis !== null, rememberPlace(merged, place));
  } catch (error) {
    log("warn", "saved place not recorded", { message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Forgets one place (by its id) or, with `id` null, all of them. While Redis is away only the cookie's copy can be
 * changed: a place kept in Redis then comes back when Redis does (ADR 180). Never throws.
 */
export async function forgetSavedPlaces(deps: PlacesDeps, owner: string, id: string | null): Promise<void> {
  try {
    const { redis, merged } = await readBoth(deps, owner);
    const rest = id === null ? [] : forgetPlace(merged, id);
    if (rest.length === merged.length && id !== null) return;
    await write(deps, owner, redis !== null, rest);
  } catch (error) {
    log("warn", "saved places not forgotten", { message: error instanceof Error ? error.message : String(error) });
  }
}
