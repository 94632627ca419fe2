/**
 * Tolerant lists (issue 19): the upstream owns its data and drifts, so one odd record must never hide
 * the rest of a list. `listOf(item, { resource })` is a zod schema of an array whose records are parsed
 * one by one: a record that fails its schema is left out, and so is every copy of an id that occurs with
 * different contents (which one would be the truth?); an exact copy of a record is left out once. The
 * list itself must still be an array, so a whole answer of the wrong shape fails as before.
 *
 * Each record left out is reported to the collector of the parse under way (`collectDrops`): its kind
 * (`resource`), its id when the upstream sent a readable one, where it sat in the answer and the paths of
 * the fields that failed — never the values. zod parses synchronously, so the collector is simply the one
 * installed around the current `safeParse` call; with no collector (the twin, unit tests of the model)
 * drops are still left out, just not reported. Drops inside a record that is itself left out are not
 * reported (the record is the one that went).
 */
import { z } from "zod";

export interface DroppedRecord {
  /** the kind of record, e.g. "positions", "modifier-items" (the metric's label) */
  resource: string;
  /** the record's id when it is a number or a short string, else null */
  id: number | string | null;
  /** where in the answer, e.g. "[3]", "[0].modifiers[1].items[2]", "content[4]" */
  at: string;
  /** paths of the failing fields inside the record ("price", "measure.value"); "id" for duplicates */
  fields: string[];
  /** invalid: failed its schema; duplicate: an exact copy of an earlier record; conflict: one id, different contents */
  reason: "invalid" | "duplicate" | "conflict" | "unknown";
}

type Sink = (drop: DroppedRecord) => void;
let sink: Sink | null = null;

/** Runs `parse` (synchronous) with a collector: the records its tolerant lists left out. */
export function collectDrops<T>(parse: () => T): { result: T; drops: DroppedRecord[] } {
  const previous = sink;
  const drops: DroppedRecord[] = [];
  sink = (drop) => drops.push(drop);
  try {
    return { result: parse(), drops };
  } finally {
    sink = previous;
  }
}

/** Reports to the collector of the parse under way (none: the drop is only left out). */
export function reportDrop(drop: DroppedRecord) {
  sink?.(drop);
}

/** "a.b[2].c" from a zod path. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

function joinAt(prefix: string, rest: string): string {
  if (!prefix) return rest;
  return rest.startsWith("[") ? `${prefix}${rest}` : `${prefix}.${rest}`;
}

/** An id for logs: numbers and short plain strings only (never a long value that could carry personal data). */
export function readableId(record: unknown, key: string | null): number | string | null {
  if (!key || !record || typeof record !== "object") return null;
  const value = (record as Record<string, unknown>)[key];
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^[\w.:-]{1,40}$/.test(value)) return value;
  return null;
}

/** The distinct failing field paths of a zod error, at most 10 ("(record)" when the record itself is wrong). */
export function failingFields(error: z.ZodError): string[] {
  const fields = [...new Set(error.issues.map((issue) => formatPath(issue.path) || "(record)"))];
  return fields.slice(0, 10);
}

/**
 * One record through its schema. A schema that throws on an odd record (a refinement reading past an empty list) is
 * that record's failure, not the whole answer's: the record is left out like any other that fails.
 */
function parseRecord<S extends z.ZodTypeAny>(item: S, record: unknown): z.SafeParseReturnType<unknown, z.output<S>> | { success: false; error: null } {
  try {
    return item.safeParse(record);
  } catch {
    return { success: false, error: null };
  }
}

/**
 * The most records a list may hold (ADR 212). Past it the answer is out of shape as a whole (a list sent without its
 * paging, say), refused before any record is parsed: parsing 100,000 positions blocked the event loop for ~2 s on every
 * refresh. Five times the twin's large menu (1,000 positions); a list at the bound parses in ~150 ms.
 */
export const MAX_LIST_RECORDS = 5_000;

export interface ListOptions {
  /** the kind of record, for logs and the metric */
  resource: string;
  /** the field that identifies a record; null for records without an id (default "id") */
  idKey?: string | null;
  /** leave out repeated ids (default: true when idKey is set) */
  unique?: boolean;
  /** the most records the list may hold (default MAX_LIST_RECORDS); more fail the list as a whole */
  maxRecords?: number;
}

/**
 * A tolerant array of `item`. Output: the records that parsed, in the upstream's order; input: any array of at most
 * `maxRecords` (MAX_LIST_RECORDS) records, a longer one failing as a whole before any record is parsed.
 */
export function listOf<S extends z.ZodTypeAny>(item: S, options: ListOptions) {
  const { resource } = options;
  const idKey = options.idKey === undefined ? "id" : options.idKey;
  const unique = options.unique ?? idKey !== null;
  const maxRecords = options.maxRecords ?? MAX_LIST_RECORDS;
  return z.array(z.unknown()).max(maxRecords).transform((records, ctx): z.output<S>[] => {
    const base = formatPath(ctx.path);
    const at = (index: number) => joinAt(base, `[${index}]`);
    const parsed: { index: number; id: unknown; value: z.output<S>; nested: DroppedRecord[] }[] = [];
    // reported in the answer's order once the list is decided
    const reports: { index: number; drop: DroppedRecord }[] = [];
    const report = (index: number, drop: DroppedRecord) => reports.push({ index, drop });
    records.forEach((record, index) => {
      const { result, drops } = collectDrops(() => parseRecord(item, record));
      if (!result.success) {
        report(index, {
          resource,
          id: readableId(record, idKey),
          at: at(index),
          fields: result.error ? failingFields(result.error) : ["(record)"],
          reason: "invalid",
        });
        return;
      }
      const value = result.data as z.output<S>;
      const id = idKey && value && typeof value === "object" ? (value as Record<string, unknown>)[idKey] : undefined;
      parsed.push({ index, id, value, nested: drops });
    });

    // one id, one record: exact copies keep the first; different contents keep none
    const outcome = new Map<unknown, "keep-first" | "conflict">();
    if (unique) {
      const counts = new Map<unknown, number>();
      for (const entry of parsed) counts.set(entry.id, (counts.get(entry.id) ?? 0) + 1);
      const first = new Map<unknown, string>();
      for (const entry of parsed) {
        // only repeated ids are compared (a 1,000-position menu is not serialized on every fill)
        if (entry.id === undefined || entry.id === null || counts.get(entry.id)! < 2) continue;
        const text = JSON.stringify(entry.value);
        const seen = first.get(entry.id);
        if (seen === undefined) first.set(entry.id, text);
        else if (seen !== text) outcome.set(entry.id, "conflict");
        else if (!outcome.has(entry.id)) outcome.set(entry.id, "keep-first");
      }
    }
    const kept: z.output<S>[] = [];
    const keptIds = new Set<unknown>();
    for (const entry of parsed) {
      const rule = outcome.get(entry.id);
      const id = typeof entry.id === "number" || typeof entry.id === "string" ? entry.id : null;
      if (rule === "conflict") {
        report(entry.index, { resource, id, at: at(entry.index), fields: [idKey!], reason: "conflict" });
        continue;
      }
      if (rule === "keep-first" && keptIds.has(entry.id)) {
        report(entry.index, { resource, id, at: at(entry.index), fields: [idKey!], reason: "duplicate" });
        continue;
      }
      keptIds.add(entry.id);
      for (const drop of entry.nested) report(entry.index, { ...drop, at: joinAt(at(entry.index), drop.at) });
      kept.push(entry.value);
    }
    // Array.prototype.sort is stable: a record's nested drops keep their order
    for (const { drop } of reports.sort((a, b) => a.index - b.index)) reportDrop(drop);
    return kept;
  });
}

/**
 * An object whose keys name methods (payment or delivery methods): keys outside `known` are ignored, each
 * reported as a drop of `resource` with the key as its id (an unknown method is never offered).
 */
export function knownKeys<S extends z.ZodTypeAny>(schema: S, known: readonly string[], resource: string) {
  return z.preprocess((raw, ctx) => {
    if (raw && typeof raw === "object" && !Array.isArray(raw)) {
      for (const key of Object.keys(raw)) {
        if (!known.includes(key)) {
          const id = /^[\w.:-]{1,40}$/.test(key) ? key : null;
          reportDrop({ resource, id, at: formatPath(ctx.path), fields: [], reason: "unknown" });
        }
      }
    }
    return raw;
  }, schema);
}
