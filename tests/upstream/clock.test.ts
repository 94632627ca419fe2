import { delay, http as mock, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { computeOffset, createClock, parseUtcTime } from "~server/upstream/clock";
import { ApiError, TIME_FETCH_FAILED_MESSAGE } from "~server/upstream/errors";
import { createHttp } from "~server/upstream/http";
import { BASE } from "./fixtures";
import { setupMswServer, SINGLE_ATTEMPT } from "./helpers";

const server = setupMswServer();
const UTC = "2025-03-03T12:00:00.000Z";
const SERVER_MS = Date.parse(UTC);

/** A local clock that reads `times` in turn (sent, received, then every now()). */
function localClock(...times: number[]) {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)]!;
}

describe("clock (spec §3 server clock offset, §7 GET /1/now)", () => {
  it("computes the offset from a fixed utc_time, at the midpoint of the round trip", async () => {
    server.use(mock.get(`${BASE}/1/now`, () => HttpResponse.json({ utc_time: UTC })));
    // local clock 90 s behind the server; the request took 200 ms
    const sent = SERVER_MS - 90_000 - 100;
    const clock = createClock(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }), { localNow: localClock(sent, sent + 200, sent + 1_000) });
    expect(clock.isSynced()).toBe(false);
    expect(clock.offsetMs()).toBe(0);
    expect(await clock.sync()).toBe(90_000);
    expect(clock.isSynced()).toBe(true);
    expect(clock.offsetMs()).toBe(90_000);
    expect(clock.now().toISOString()).toBe(new Date(sent + 1_000 + 90_000).toISOString());
  });

  it("now() is the local time before the first sync", () => {
    const clock = createClock(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }), { localNow: () => 1_000 });
    expect(clock.now().getTime()).toBe(1_000);
  });

  it("reads a utc_time without a zone designator as UTC", () => {
    expect(parseUtcTime("2025-03-03T12:00:00")).toBe(SERVER_MS);
    expect(parseUtcTime("2025-03-03T15:00:00+03:00")).toBe(SERVER_MS);
    expect(computeOffset(10_000, 1_000, 3_000)).toBe(8_000);
  });

  it("failure with no server message: ApiError 'Failed to fetch UTC time' (status kept)", async () => {
    server.use(mock.get(`${BASE}/1/now`, () => new HttpResponse(null, { status: 500 })));
    const clock = createClock(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }));
    const error = await clock.sync().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: TIME_FETCH_FAILED_MESSAGE, status: 500 });
    expect(clock.isSynced()).toBe(false);
  });

  it("failure with a server message: that message", async () => {
    server.use(
      mock.get(`${BASE}/1/now`, () =>
        HttpResponse.json({ errors: [{ code: "time", message: "Время недоступно" }] }, { status: 500 }),
      ),
    );
    await expect(createClock(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE })).sync()).rejects.toMatchObject({
      message: "Время недоступно",
      code: "time",
    });
  });

  it("network failure, timeout and a bad answer are all 'Failed to fetch UTC time'", async () => {
    const clock = createClock(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE, timeouts: { getMs: 30 } }));
    server.use(mock.get(`${BASE}/1/now`, () => HttpResponse.error()));
    await expect(clock.sync()).rejects.toMatchObject({ message: TIME_FETCH_FAILED_MESSAGE, code: "network" });
    server.use(
      mock.get(`${BASE}/1/now`, async () => {
        await delay(300);
        return HttpResponse.json({ utc_time: UTC });
      }),
    );
    await expect(clock.sync()).rejects.toMatchObject({ message: TIME_FETCH_FAILED_MESSAGE, code: "timeout" });
    server.use(mock.get(`${BASE}/1/now`, () => HttpResponse.json({ time: UTC })));
    await expect(clock.sync()).rejects.toMatchObject({ message: TIME_FETCH_FAILED_MESSAGE, code: "invalid-response" });
    server.use(mock.get(`${BASE}/1/now`, () => HttpResponse.json({ utc_time: "not a date" })));
    await expect(clock.sync()).rejects.toMatchObject({ message: TIME_FETCH_FAILED_MESSAGE, code: "invalid-response" });
  });

  it("startClockSync syncs at once and periodically, keeps the last offset on failure, and stops", async () => {
    let calls = 0;
    let fail = false;
    server.use(
      mock.get(`${BASE}/1/now`, () => {
        calls++;
        return fail ? HttpResponse.error() : HttpResponse.json({ utc_time: UTC });
      }),
    );
    const warnings: string[] = [];
    const clock = createClock(createHttp({ resilience: SINGLE_ATTEMPT, baseUrl: BASE }), {
      localNow: () => SERVER_MS - 5_000,
      logger: (level, msg) => level === "warn" && warnings.push(msg),
    });
    const stop = clock.startClockSync(40);
    await vi.waitFor(() => expect(clock.isSynced()).toBe(true));
    expect(clock.offsetMs()).toBe(5_000);
    fail = true;
    await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0));
    expect(clock.offsetMs()).toBe(5_000);
    stop();
    const after = calls;
    await delay(120);
    expect(calls).toBe(after);
  });
});
