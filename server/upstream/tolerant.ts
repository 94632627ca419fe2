/**
 * Tolerant reading of list answers (issue 19). The model's lists are `listOf` (app/lib/record-list.ts):
 * a record that fails is left out and the rest is served. `reading(schema, report)` wraps an answer's
 * schema so that the records left out while parsing it are handed to `report` — once per parse, and the
 * client parses an answer once per upstream fetch, i.e. once per cache fill (cache hits parse nothing).
 * A whole answer of the wrong shape (not a list, a missing `content`, an unreadable single resto) still
 * fails the call with 'invalid-response' as before.
 *
 * `dropReporter` logs one line per record left out (resource, record id, where, the failing field paths
 * — never values) and counts it in `upstream_records_dropped_total{resource}`.
 */
import { z } from "zod";
import { collectDrops, type DroppedRecord } from "~/lib/record-list";
import { telemetry } from "../telemetry";
import type { Logger } from "./http";

export type DropReport = (drops: readonly DroppedRecord[]) => void;

/** `schema`, with the records its tolerant lists leave out handed to `report` after a successful parse. */
export function reading<S extends z.ZodTypeAny>(schema: S, report: DropReport) {
  return z.unknown().transform((value, ctx): z.output<S> => {
    const { result, drops } = collectDrops(() => schema.safeParse(value));
    if (!result.success) {
      // the shape of the whole answer is wrong: fail the call (http.ts logs these issues)
      for (const issue of (result.error as z.ZodError).issues) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: issue.path });
      }
      return z.NEVER;
    }
    if (drops.length > 0) report(drops);
    return result.data as z.output<S>;
  });
}

/** Logs and counts each record left out of the answer of `path` (e.g. /1/p/menus/501/positions). */
export function dropReporter(logger: Logger, path: string): DropReport {
  return (drops) => {
    for (const drop of drops) {
      logger("warn", "upstream record dropped", {
        path,
        resource: drop.resource,
        id: drop.id,
        at: drop.at,
        fields: drop.fields,
        reason: drop.reason,
      });
      telemetry.count("upstream_records_dropped_total", { resource: drop.resource });
    }
  };
}

export type { DroppedRecord };
