/**
 * Issue 19's promise for every list answer, with the drift generated instead of listed (issue 38 §3): one record of a
 * list changed anywhere — a field removed, or set to null, a string, a number out of range, a list, an object — never
 * fails the call and never costs another record. The changed record is served (changed, or with its own nested
 * records left out) or left out with its drop logged at its own place; no drop is logged anywhere else; no log line
 * carries the value the upstream sent. drift.test.ts lists the cases each schema was written for; this one walks every
 * field of the fixtures. fast-check prints the seed and the path of a failing case.
 *
 * Excluded by design (the generator does not make them): a record whose identity is changed to another record's — two
 * records under one id are not trusted at all (drift.test.ts, "one id with two different records").
 */
import fc from "fast-check";
import { http as mock, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Upstream } from "~server/upstream";
import * as f from "./fixtures";
import { BASE } from "./fixtures";
import { makeUpstream, setupMswServer } from "./helpers";

const server = setupMswServer();

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value the upstream must not be able to leak into a log line. */
const SECRET = "secret-Иван-79991234567";

const odd: fc.Arbitrary<Json | undefined> = fc.constantFrom<Json | undefined>(
  undefined, // the field removed
  null,
  "",
  SECRET,
  "12",
  -1,
  0,
  1.5,
  1e21,
  true,
  [],
  [null],
  {},
  { id: SECRET },
  "x".repeat(300),
);

interface ListEndpoint {
  name: string;
  url: string;
  records: Json[];
  /** the answer's body for a list of records */
  body?: (records: Json[]) => Json;
  /** where a record's drops are logged: `[i]` or `content[i]` */
  at?: (index: number) => string;
  /** the field that names a record (two records must not share it) */
  identity: string;
  call: (upstream: Upstream) => Promise<{ value: unknown }>;
}

const zone = f.deliveriesPage(173).content[0]!;
const modifierGroup = f.modifiers[0]!.modifiers[0]!;

const ENDPOINTS: ListEndpoint[] = [
  {
    name: "cities",
    url: `${BASE}/1/p/cities`,
    records: [f.city, { ...f.city, id: 118, name: "Тверь" }, { ...f.city, id: 119, name: "Тула", zoom: 12 }],
    identity: "id",
    call: (u) => u.catalog.cities(),
  },
  {
    name: "restos",
    url: `${BASE}/1/p/restos`,
    records: [...f.restoSummaries, { id: 176, name: "Юг", cityIds: [115, 116] }],
    identity: "id",
    call: (u) => u.catalog.restos(115),
  },
  {
    name: "position groups",
    url: `${BASE}/1/p/menus/1/position-groups`,
    records: [...f.groups(1), { id: 13, menuId: 1, name: "Бар", order: 3, photos: [], isAdult: true }] as Json[],
    identity: "id",
    call: (u) => u.catalog.positionGroups(1),
  },
  {
    name: "positions",
    url: `${BASE}/1/p/menus/1/positions`,
    records: [
      ...f.positions(1),
      {
        id: 104,
        menu: { id: 1 },
        positionGroup: { id: 11 },
        name: "Пепперони",
        description: "Колбаски",
        price: 64000,
        photos: [{ url: "https://img.test/pepperoni.jpg" }],
        measure: { value: 30, unit: "cm" },
        cookingTime: 15,
        order: 4,
      },
    ] as Json[],
    identity: "id",
    call: (u) => u.catalog.positions(1),
  },
  {
    name: "modifiers",
    url: `${BASE}/1/restos/173/positions/modifiers`,
    records: [
      ...f.modifiers,
      {
        positionId: 102,
        modifiers: [
          { ...modifierGroup, id: 8, modifierId: 80, minCount: 1, maxCount: 1, name: "Размер", items: [{ id: 81, name: "S", price: 0 }, { id: 82, name: "L", price: 5000 }] },
        ],
      },
    ] as Json[],
    identity: "positionId",
    call: (u) => u.catalog.modifiers(173),
  },
  {
    name: "time slots",
    url: `${BASE}/1/restos/173/position-time-slots`,
    records: [...f.timeSlots, { positionIds: [103], details: [{ dayOfWeek: "FRIDAY", startAt: "18:00", endAt: "23:00", isActive: true }] }],
    identity: "positionIds",
    call: (u) => u.catalog.timeSlots(173),
  },
  {
    name: "working hours",
    url: `${BASE}/1/restos/173/working-hours`,
    records: [...f.workingHours, { ...f.workingHours[0]!, type: "TAKE_AWAY", minTimeMinutes: 20, dayInAdvance: 0 }] as Json[],
    identity: "type",
    call: (u) => u.catalog.workingHours(173),
  },
  {
    name: "promotions",
    url: `${BASE}/1/restos/173/promotions`,
    records: [...f.promotions, { id: 6, title: "Десерт в подарок", description: "", photos: [{ url: "https://img.test/p.jpg" }], order: 2 }],
    identity: "id",
    call: (u) => u.catalog.promotions(173),
  },
  {
    name: "delivery zones",
    url: `${BASE}/1/restos/173/deliveries`,
    records: [zone, { ...zone, id: 1731, name: "Зона 2", rules: [zone.rules[1]!] }] as Json[],
    body: (records) => ({ content: records, totalElements: records.length }),
    at: (index) => `content[${index}]`,
    identity: "id",
    call: (u) => u.delivery.zones(173),
  },
];

/** Every path inside a JSON value (objects' keys and lists' indexes), the value itself excluded. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => {
    const path = [...prefix, key];
    return [path, ...pathsOf((value as Record<string | number, Json>)[key]!, path)];
  });
}

/** A copy of `value` with the value at `path` replaced (or removed: `undefined`). */
function changed(value: Json, path: (string | number)[], next: Json | undefined): Json {
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (next !== undefined) parent[last] = next;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

interface Line {
  msg: string;
  fields: Record<string, unknown>;
}

async function read(endpoint: ListEndpoint, records: Json[]) {
  const lines: Line[] = [];
  server.use(mock.get(endpoint.url, () => HttpResponse.json(endpoint.body ? endpoint.body(records) : records)));
  const upstream = makeUpstream({ logger: (_level, msg, fields = {}) => void lines.push({ msg, fields }) });
  const { value } = await endpoint.call(upstream);
  server.resetHandlers();
  return { value: value as unknown[], lines };
}

describe("issue 19, generated: one changed record never fails a list answer nor costs another record", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: any field of any record changed`, async () => {
      const baseline = await read(endpoint, endpoint.records);
      expect(baseline.value).toHaveLength(endpoint.records.length);
      expect(baseline.lines.filter((l) => l.msg === "upstream record dropped")).toEqual([]);

      const change = fc
        .nat({ max: endpoint.records.length - 1 })
        .chain((index) =>
          fc.record({
            index: fc.constant(index),
            path: fc.constantFrom(...pathsOf(endpoint.records[index]!)),
            next: odd,
          }),
        );
      await fc.assert(
        fc.asyncProperty(change, async ({ index, path, next }) => {
          const records = endpoint.records.map((record, i) => (i === index ? changed(record, path, next) : record));
          const identity = (record: Json) => JSON.stringify((record as Record<string, Json>)[endpoint.identity] ?? null);
          // two records under one name are left out together, by design
          fc.pre(records.every((record, i) => i === index || identity(record) !== identity(records[index]!)));

          const { value, lines } = await read(endpoint, records);
          // every other record is served as it was
          const rest = [...value];
          baseline.value.forEach((record, i) => {
            if (i === index) return;
            const at = rest.findIndex((candidate) => JSON.stringify(candidate) === JSON.stringify(record));
            expect(at, `record ${i} of ${endpoint.name} is still served`).toBeGreaterThanOrEqual(0);
            rest.splice(at, 1);
          });
          expect(rest.length).toBeLessThanOrEqual(1);
          // a drop is logged at the changed record only, and a record left out is logged
          const drops = lines.filter((l) => l.msg === "upstream record dropped");
          const place = endpoint.at ? endpoint.at(index) : `[${index}]`;
          for (const drop of drops) {
            const at = drop.fields.at;
            if (typeof at === "string" && at !== "") expect(at === place || at.startsWith(`${place}.`) || at.startsWith(`${place}[`), `drop at ${at}`).toBe(true);
          }
          if (rest.length === 0) expect(drops.length, "the record left out is logged").toBeGreaterThan(0);
          // the value sent is never logged
          expect(JSON.stringify(lines)).not.toContain("79991234567");
        }),
        { numRuns: 80 },
      );
    });
  }
});

describe("issue 19, generated: a resto's answer fails only for what makes it unreadable", () => {
  /**
   * server/upstream/README.md: a single resto is unreadable (`invalid-response`, the spec's message) when its id or name is,
   * when its currency is there but not a text (money is never shown in a guessed currency), or when its menus or
   * opening hours are there but not lists (a resto is never served without its menus or as closed for want of its
   * hours: the cache keeps the last good answer, ADR 060). Anything else changed, the resto is served and each of its
   * lists keeps every record but the changed one.
   */
  const unreadable = (path: (string | number)[], next: Json | undefined) => {
    if (path.length !== 1 || next === undefined) return false;
    if (path[0] === "currency") return typeof next !== "string" || next === "";
    if (path[0] === "menus" || path[0] === "openingHours") return !Array.isArray(next);
    return false;
  };

  it("any field but its id and name changed: served, or refused as the README's table says", async () => {
    const url = `${BASE}/1/p/restos/173`;
    const answer = f.resto(173, {
      openingHours: [
        { dayOfWeek: "MONDAY", active: true, open: "10:00", close: "23:00" },
        { dayOfWeek: "TUESDAY", active: true, open: "10:00", close: "23:00" },
      ],
      photos: [{ url: "https://img.test/r1.jpg" }, { url: "https://img.test/r2.jpg" }],
      phones: [{ value: "+7 495 000-00-00" }],
      tags: [{ id: 9, code: "wifi", name: "Wi-Fi" }],
    }) as Json;
    const resto = async (body: Json) => {
      server.use(mock.get(url, () => HttpResponse.json(body)));
      const lines: Line[] = [];
      const upstream = makeUpstream({ logger: (_level, msg, fields = {}) => void lines.push({ msg, fields }) });
      try {
        const value = await upstream.catalog
          .resto(173)
          .then(({ value }) => value as unknown as Record<string, unknown[]>)
          .catch((error: unknown) => error as { code?: string });
        return { value, lines };
      } finally {
        server.resetHandlers();
      }
    };
    const baseline = (await resto(answer)).value as Record<string, unknown[]>;
    const paths = pathsOf(answer).filter((path) => !(path.length === 1 && (path[0] === "id" || path[0] === "name")));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), odd, async (path, next) => {
        const { value, lines } = await resto(changed(answer, path, next));
        expect(JSON.stringify(lines)).not.toContain("79991234567");
        if (unreadable(path, next)) {
          expect(value, `a resto with ${path.join(".")} = ${JSON.stringify(next)?.slice(0, 40)}`).toMatchObject({ code: "invalid-response" });
          return;
        }
        expect(value, `a resto with ${path.join(".")} changed is served`).not.toBeInstanceOf(Error);
        const served = value as Record<string, unknown[]>;
        for (const list of ["menus", "openingHours", "photos", "phones", "tags"] as const) {
          const after = served[list]!.map((record) => JSON.stringify(record));
          const lost = baseline[list]!.filter((record) => !after.includes(JSON.stringify(record)));
          // the list itself replaced loses them all; one of its records changed, that one at most
          const allowed = path[0] !== list ? 0 : path.length === 1 ? baseline[list]!.length : 1;
          expect(lost.length, `${list} after a change at ${path.join(".")}`).toBeLessThanOrEqual(allowed);
        }
      }),
      { numRuns: 200 },
    );
  });
});
