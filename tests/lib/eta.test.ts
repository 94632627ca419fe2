// When the order arrives (issue 39 §3, ADR 190): the pure rules of app/lib/eta.ts, with examples and properties
// (fast-check) across midnight, across time zones, in zones with and without DST.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ETA_ROUND_MINUTES, etaWords, expectedArrival, parseInstant, type EtaBasis } from "~/lib/eta";

const MINUTE = 60_000;
/** Moscow wall time → instant (2026-12-12 is a Saturday) */
const msk = (day: number, hour: number, minute = 0) => Date.UTC(2026, 11, day, hour - 3, minute);

describe("expectedArrival", () => {
  it("delivery: the order time plus the zone's delivery time, rounded up to 5 minutes of the restaurant's clock", () => {
    const eta = expectedArrival({ method: "DELIVERY", orderedAt: msk(12, 19, 1) + 20_000, deliveryMinutes: 40 });
    expect(eta).toEqual({ at: msk(12, 19, 45), source: "estimate" });
    expect(expectedArrival({ method: "DELIVERY", orderedAt: msk(12, 19, 0), deliveryMinutes: 40 })).toEqual({ at: msk(12, 19, 40), source: "estimate" });
        // a clock 37 minutes off the hour (+04:37, as the tests' clock restaurants have): rounded on that clock
    const at = (orderedAt: number) => expectedArrival({ method: "TAKE_AWAY", orderedAt, cookingMinutes: 15, timezone: "+04:37" })!.at;
    expect(etaWords(at(Date.UTC(2026, 11, 12, 7, 23)), 0, "+04:37", "ru").time).toBe("12:15"); // ordered 12:00:00 there
    expect(etaWords(at(Date.UTC(2026, 11, 12, 7, 23, 5)), 0, "+04:37", "ru").time).toBe("12:20"); // 12:00:05
  });

  it("takeaway: the cooking time, else the takeaway lead time; nothing known, no time", () => {
    const orderedAt = msk(12, 12, 3);
    expect(expectedArrival({ method: "TAKE_AWAY", orderedAt, cookingMinutes: 25, leadMinutes: 20 })?.at).toBe(msk(12, 12, 30));
    expect(expectedArrival({ method: "TAKE_AWAY", orderedAt, cookingMinutes: null, leadMinutes: 20 })?.at).toBe(msk(12, 12, 25));
    expect(expectedArrival({ method: "TAKE_AWAY", orderedAt })).toBeNull();
    // a delivery reads the zone's time only
    expect(expectedArrival({ method: "DELIVERY", orderedAt, cookingMinutes: 25 })).toBeNull();
  });

  it("a pre-order's time is exact; the upstream's own time comes first", () => {
    const orderedAt = msk(12, 12, 3);
    const preOrderAt = new Date(msk(13, 9, 30)).toISOString();
    expect(expectedArrival({ method: "TAKE_AWAY", orderedAt, preOrderAt, cookingMinutes: 25 })).toEqual({ at: msk(13, 9, 30), source: "pre-order" });
    expect(expectedArrival({ method: "DELIVERY", orderedAt, preOrderAt, deliveryMinutes: 40, upstreamAt: "2026-12-12T13:10:00+03:00" })).toEqual({
      at: msk(12, 13, 10),
      source: "upstream",
    });
  });

  it("odd values are not believed: a time before the order, far ahead, not an instant, negative minutes", () => {
    const orderedAt = msk(12, 12, 0);
    const base: EtaBasis = { method: "DELIVERY", orderedAt, deliveryMinutes: 40 };
    for (const upstreamAt of ["2026-12-12T11:00:00+03:00", "2027-12-12T11:00:00Z", "tomorrow", "2026-12-12 13:00", "", null]) {
      expect(expectedArrival({ ...base, upstreamAt })?.source).toBe("estimate");
    }
    for (const preOrderAt of ["2026-12-12T08:00:00Z", "not a time", ""]) {
      expect(expectedArrival({ ...base, preOrderAt })?.source).toBe("estimate");
    }
    expect(expectedArrival({ ...base, deliveryMinutes: -5 })).toBeNull();
    expect(expectedArrival({ ...base, deliveryMinutes: Number.NaN })).toBeNull();
    expect(expectedArrival({ ...base, orderedAt: Number.NaN })).toBeNull();
  });

  it("parseInstant reads ISO instants with an offset only", () => {
    expect(parseInstant("2026-12-12T10:00:00+03:00")).toBe(msk(12, 10));
    expect(parseInstant("2026-12-12T07:00Z")).toBe(msk(12, 10));
    expect(parseInstant("2026-12-12T10:00:00")).toBeNull(); // no offset: whose clock?
    expect(parseInstant(1234)).toBeNull();
  });
});

describe("etaWords", () => {
  it("today, tomorrow, otherwise a date, in the restaurant's time zone", () => {
    const now = msk(12, 18, 0);
    expect(etaWords(msk(12, 19, 40), now, "+03:00", "ru")).toEqual({ day: "today", time: "19:40", date: "12 декабря" });
    expect(etaWords(msk(13, 9, 30), now, "+03:00", "ru")).toMatchObject({ day: "tomorrow", time: "09:30" });
    expect(etaWords(msk(14, 10, 0), now, "+03:00", "ru")).toMatchObject({ day: "date", time: "10:00", date: "14 декабря" });
    expect(etaWords(msk(14, 10, 0), now, "+03:00", "en")).toMatchObject({ day: "date", date: "December 14" });
    // across midnight: ordered 23:50, delivered 00:30 — tomorrow
    expect(etaWords(msk(13, 0, 30), msk(12, 23, 50), "+03:00", "ru")).toMatchObject({ day: "tomorrow", time: "00:30" });
    // the same instant in Samara (+04:00) and in Kaliningrad (Europe/Kaliningrad, +02:00)
    expect(etaWords(msk(12, 23, 30), now, "+04:00", "ru")).toMatchObject({ day: "tomorrow", time: "00:30" });
    expect(etaWords(msk(12, 23, 30), now, "Europe/Kaliningrad", "ru")).toMatchObject({ day: "today", time: "22:30" });
    // a past day (an old order in the history) is a date; another year says its year
    expect(etaWords(msk(11, 10, 0), now, "+03:00", "ru")).toMatchObject({ day: "date", date: "11 декабря" });
    expect(etaWords(Date.UTC(2027, 0, 2, 9), now, "+03:00", "ru").date).toMatch(/^2 января 2027/);
    // an unknown zone is Moscow's (spec §3 default)
    expect(etaWords(msk(12, 19, 40), now, "Mars/Olympus", "ru").time).toBe("19:40");
  });
});

// ── properties ───────────────────────────────────────────────────────────────────────────────────

/** instants from 2024 to 2028: every DST change of those years in the zones below */
const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 11, 31) });
const FIXED = ["+03:00", "+04:00", "-05:00", "+05:45", "+00:00", "-09:30", "+14:00"];
/** zones without DST now, and zones with it (both hemispheres) */
const IANA_NO_DST = ["Europe/Moscow", "Asia/Kolkata", "Asia/Tokyo", "Europe/Samara"];
const IANA_DST = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago", "Europe/London"];
const zone = fc.constantFrom(...FIXED, ...IANA_NO_DST, ...IANA_DST);
/** with offsets of odd minutes (the tests' clock restaurants have them) */
const zoneOrOdd = fc.oneof(zone, fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m) => `${m < 0 ? "-" : "+"}${String(Math.floor(Math.abs(m) / 60)).padStart(2, "0")}:${String(Math.abs(m) % 60).padStart(2, "0")}`));
const method = fc.constantFrom("DELIVERY" as const, "TAKE_AWAY" as const);
const minutes = fc.option(fc.integer({ min: 0, max: 600 }), { nil: null });

/** the wall clock of `at` in an IANA zone, as Intl reads it */
function intlWall(at: number, tz: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

function fixedWall(at: number, tz: string): { date: string; time: string } {
  const sign = tz.startsWith("-") ? -1 : 1;
  const [h, m] = tz.slice(1).split(":").map(Number) as [number, number];
  const local = new Date(at + sign * (h * 60 + m) * MINUTE).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

const wallOf = (at: number, tz: string) => (tz.includes("/") ? intlWall(at, tz) : fixedWall(at, tz));
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("properties", () => {
  it("never earlier than the order time, a whole minute, an estimate within its minutes + 5", () => {
    fc.assert(
      fc.property(method, instant, minutes, minutes, minutes, fc.option(fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }), { nil: null }), zoneOrOdd, (m, orderedAt, delivery, cooking, lead, shift, tz) => {
        const odd = shift === null ? null : new Date(orderedAt + shift).toISOString();
        const eta = expectedArrival({ method: m, orderedAt, timezone: tz, deliveryMinutes: delivery, cookingMinutes: cooking, leadMinutes: lead, preOrderAt: odd, upstreamAt: odd });
        if (!eta) return;
        expect(eta.at).toBeGreaterThanOrEqual(orderedAt);
        expect(eta.at % MINUTE).toBe(0);
        if (eta.source === "estimate") {
          const added = (m === "DELIVERY" ? delivery : (cooking ?? lead))!;
          expect(eta.at - orderedAt).toBeGreaterThanOrEqual(added * MINUTE);
          expect(eta.at - orderedAt).toBeLessThan((added + ETA_ROUND_MINUTES) * MINUTE);
          // a round time on the restaurant's clock
          expect(Number(etaWords(eta.at, orderedAt, tz, "ru").time.slice(3)) % ETA_ROUND_MINUTES).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a pre-order's time is exact (a whole minute ahead of the order), whatever the estimate", () => {
    fc.assert(
      fc.property(method, instant, fc.integer({ min: 1, max: 3 * 24 * 60 }), minutes, minutes, (m, orderedAt, ahead, delivery, cooking) => {
        const at = Math.ceil(orderedAt / MINUTE) * MINUTE + ahead * MINUTE;
        const eta = expectedArrival({ method: m, orderedAt, preOrderAt: new Date(at).toISOString(), deliveryMinutes: delivery, cookingMinutes: cooking });
        expect(eta).toEqual({ at, source: "pre-order" });
      }),
    );
  });

  it("the words read the restaurant's wall clock: its time, today / tomorrow by its date — across midnight and DST", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 3 * 24 * 60 }), zone, (now, ahead, tz) => {
        const at = now + ahead * MINUTE;
        const words = etaWords(at, now, tz, "ru");
        const wall = wallOf(at, tz);
        const today = wallOf(now, tz).date;
        expect(words.time).toBe(wall.time);
        expect(words.day).toBe(wall.date === today ? "today" : wall.date === addDays(today, 1) ? "tomorrow" : "date");
        expect(words.date).toMatch(new RegExp(`^${Number(wall.date.slice(8))} `));
      }),
      { numRuns: 1000 },
    );
  });

  it("an order placed minutes before local midnight is promised for tomorrow once its minutes pass midnight", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 1, max: 29 }), fc.integer({ min: 0, max: 120 }), zone, (day, before, delivery, tz) => {
        // the instant at which the wall clock of tz reads 23:59 - before + 1 (a day of 2025–2035)
        const probe = Date.UTC(2025, 0, 1) + day * 86_400_000;
        const wall = wallOf(probe, tz);
        const [hh, mm] = wall.time.split(":").map(Number) as [number, number];
        let orderedAt = probe - ((hh * 60 + mm) * MINUTE) + (24 * 60 - before) * MINUTE;
        // a day whose clocks go forward has 23 hours (Berlin on 2029-03-25, seed 993435728): then the sum above reads
        // 00:59 of the next day; step back by what the wall clock reads beyond the minute meant
        const read = wallOf(orderedAt, tz);
        const [rh, rm] = read.time.split(":").map(Number) as [number, number];
        orderedAt -= ((read.date === wall.date ? 0 : 24 * 60) + rh * 60 + rm - (24 * 60 - before)) * MINUTE;
        expect(wallOf(orderedAt, tz)).toEqual({ date: wall.date, time: `23:${String(60 - before).padStart(2, "0")}` });
        const eta = expectedArrival({ method: "DELIVERY", orderedAt, deliveryMinutes: delivery })!;
        const words = etaWords(eta.at, orderedAt, tz, "ru");
        const crosses = wallOf(eta.at, tz).date !== wallOf(orderedAt, tz).date;
        expect(words.day).toBe(crosses ? "tomorrow" : "today");
        if (delivery > before + 60) expect(words.day).toBe("tomorrow");
      }),
      { numRuns: 500, examples: [[1544, 1, 62, "Europe/Berlin"]] },
    );
  });

  it("one instant reads the same in a fixed offset and in an IANA zone that has that offset then", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 2 * 24 * 60 }), fc.constantFrom(...IANA_NO_DST, ...IANA_DST), (now, ahead, tz) => {
        const at = now + ahead * MINUTE;
        const offset = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")!.value;
        const fixed = offset === "GMT" ? "+00:00" : offset.replace("GMT", "");
        expect(etaWords(at, at, tz, "ru")).toEqual(etaWords(at, at, fixed, "ru"));
      }),
    );
  });
});
