/**
 * The server clock (spec §3 "Server clock offset ... with a synced flag", §7 GET /1/now, §8 "Time fetch
 * failure is fatal: first server message or 'Failed to fetch UTC time'"). Kept in process memory and
 * synced at start and periodically (DESIGN.md "Where state lives").
 */
import { ApiError, TIME_FETCH_FAILED_MESSAGE, isApiError } from "./errors";
import type { Http, Logger } from "./http";
import { nowSchema } from "~/lib/model";

export interface Clock {
  /** GET /1/now and store the offset; resolves to the offset in ms. Throws ApiError ('Failed to fetch UTC time'). */
  sync(): Promise<number>;
  /** the current time corrected by the offset (the local time until the first sync) */
  now(): Date;
  /** server UTC minus local time, in ms (0 until the first sync) */
  offsetMs(): number;
  isSynced(): boolean;
  /** syncs now and every `intervalMs`; failures are logged and keep the last offset. Returns stop. */
  startClockSync(intervalMs: number): () => void;
}

export interface ClockOptions {
  /** local time source; default Date.now */
  localNow?: () => number;
  logger?: Logger;
}

/** An ISO instant; a utc_time without a zone designator is read as UTC (not as local time). */
export function parseUtcTime(utcTime: string): number {
  const hasZone = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(utcTime.trim());
  return Date.parse(hasZone ? utcTime : `${utcTime.trim()}Z`);
}

/**
 * Offset = server time − local time at the moment the server answered, taken as the midpoint of the
 * request (half the round trip), as NTP does.
 */
export function computeOffset(serverMs: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverMs - (sentAt + receivedAt) / 2);
}

export function createClock(http: Http, options: ClockOptions = {}): Clock {
  const localNow = options.localNow ?? Date.now;
  const logger = options.logger ?? (() => {});
  let offset = 0;
  let synced = false;

  async function sync(): Promise<number> {
    const sentAt = localNow();
    let serverMs: number;
    try {
      const answer = await http.get("/1/now", nowSchema);
      serverMs = parseUtcTime(answer.utc_time);
    } catch (error) {
      // spec §8: the server's first message, else 'Failed to fetch UTC time'
      if (isApiError(error)) throw error.serverMessage ? error : error.withMessage(TIME_FETCH_FAILED_MESSAGE);
      throw new ApiError({
        kind: "network",
        code: "network",
        message: TIME_FETCH_FAILED_MESSAGE,
        method: "GET",
        path: "/1/now",
        cause: error,
      });
    }
    if (Number.isNaN(serverMs)) {
      throw new ApiError({
        kind: "invalid-response",
        code: "invalid-response",
        message: TIME_FETCH_FAILED_MESSAGE,
        status: 200,
        method: "GET",
        path: "/1/now",
      });
    }
    offset = computeOffset(serverMs, sentAt, localNow());
    synced = true;
    return offset;
  }

  function startClockSync(intervalMs: number): () => void {
    const run = () =>
      sync().catch((error: unknown) => {
        logger("warn", "clock sync failed; keeping the last offset", {
          message: error instanceof Error ? error.message : String(error),
        });
      });
    void run();
    const timer = setInterval(run, intervalMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }

  return {
    sync,
    now: () => new Date(localNow() + offset),
    offsetMs: () => offset,
    isSynced: () => synced,
    startClockSync,
  };
}
